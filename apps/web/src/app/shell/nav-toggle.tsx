import { useTranslation } from 'react-i18next';
import { IconButton } from '@mui/material';
import { Icon } from '@/components/icon';
import { NAVIGATION_ID } from './shell-parts';

/** The top bar's button that opens or hides the navigation. */
export function NavToggle({ isOpen, onToggle }: { isOpen: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <IconButton color="inherit" onClick={onToggle} aria-label={t('shell.toggleNavigation')} aria-expanded={isOpen} aria-controls={NAVIGATION_ID}>
      <Icon name="heroicons_outline:bars-3" size={24} />
    </IconButton>
  );
}
