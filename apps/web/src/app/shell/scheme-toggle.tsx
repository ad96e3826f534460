import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { SCHEMES, type Scheme } from '@cuadre/contracts';
import { Icon } from '@/components/icon';

const SCHEME_ICONS: Record<Scheme, string> = {
  light: 'heroicons_outline:sun',
  dark: 'heroicons_outline:moon',
  auto: 'heroicons_outline:computer-desktop',
};

/** Light, dark or auto (follows the system); the choice goes to `onChange`. */
export function SchemeToggle({ value, onChange }: { value: Scheme; onChange: (scheme: Scheme) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = t('shell.schemeLabel', { scheme: t(`shell.schemes.${value}`) });
  const choose = (scheme: Scheme) => {
    setAnchor(null);
    if (scheme !== value) onChange(scheme);
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
        >
          <Icon name={SCHEME_ICONS[value]} size={22} />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {SCHEMES.map((scheme) => (
          <MenuItem key={scheme} selected={scheme === value} onClick={() => choose(scheme)} role="menuitemradio" aria-checked={scheme === value}>
            <ListItemIcon>
              <Icon name={SCHEME_ICONS[scheme]} size={20} />
            </ListItemIcon>
            <ListItemText>{t(`shell.schemes.${scheme}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
