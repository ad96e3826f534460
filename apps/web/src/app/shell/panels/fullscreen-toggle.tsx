import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton, Tooltip } from '@mui/material';
import { Icon } from '@/components/icon';

/** Fullscreen on and off (docs/product.md, "Top bar, user menu and panels": where the browser refuses, that is only logged). */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const [on, setOn] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    const done = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen?.();
    Promise.resolve(done).catch((err: unknown) => console.warn('Fullscreen is not available', err));
  };
  const label = on ? t('shell.fullscreenExit') : t('shell.fullscreen');
  return (
    <Tooltip title={label}>
      <IconButton onClick={toggle} aria-label={label} aria-pressed={on} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
        <Icon name={on ? 'heroicons_outline:arrows-pointing-in' : 'heroicons_outline:arrows-pointing-out'} size={22} />
      </IconButton>
    </Tooltip>
  );
}
