import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { panelQuery, useLiveUpdates } from '@/lib/panels';
import { PanelButton } from './panel-button';

// The panels' screens load when first opened; their data is already here (loaded with the shell).
const ItemsPanel = lazy(() => import('./items-panel'));
const ShortcutsPanel = lazy(() => import('./shortcuts-panel'));

/** The top bar's shortcuts, messages and notifications, with unread badges kept current by the live channel. */
export function ShellPanels() {
  const { t } = useTranslation();
  useLiveUpdates();
  const messages = useQuery(panelQuery('messages'));
  const notifications = useQuery(panelQuery('notifications'));
  const unread = (items: { read: boolean }[] | undefined) => items?.filter((i) => !i.read).length ?? 0;
  return (
    <>
      <PanelButton icon="heroicons_outline:bolt" label={t('shell.panels.shortcuts.title')}>
        {(close) => <ShortcutsPanel onClose={close} />}
      </PanelButton>
      <PanelButton icon="heroicons_outline:envelope" label={t('shell.panels.messages.title')} count={unread(messages.data)}>
        {(close) => <ItemsPanel box="messages" onClose={close} />}
      </PanelButton>
      <PanelButton icon="heroicons_outline:bell" label={t('shell.panels.notifications.title')} count={unread(notifications.data)}>
        {(close) => <ItemsPanel box="notifications" onClose={close} />}
      </PanelButton>
    </>
  );
}
