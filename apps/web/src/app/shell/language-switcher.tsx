import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { LANGUAGES, type Language } from '@cuadre/contracts';
import { Flag } from './flags';

/** The languages of the interface, each with its flag; the choice goes to `onChange`. */
export function LanguageSwitcher({ value, onChange }: { value: Language; onChange: (lang: Language) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choose = (lang: Language) => {
    setAnchor(null);
    if (lang !== value) onChange(lang);
  };
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        // The name starts with the code the button shows (EN), so a voice command saying what is seen works.
        aria-label={`${value.toUpperCase()}, ${t('shell.languageLabel', { language: t(`shell.languages.${value}`) })}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        sx={{ minWidth: 0, px: 1, gap: 1 }}
      >
        <Flag language={value} />
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, textTransform: 'uppercase', fontSize: '0.8125rem' }}>
          {value}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {LANGUAGES.map((lang) => (
          <MenuItem key={lang} selected={lang === value} onClick={() => choose(lang)} role="menuitemradio" aria-checked={lang === value} lang={lang}>
            <ListItemIcon>
              <Flag language={lang} />
            </ListItemIcon>
            <ListItemText>{t(`shell.languages.${lang}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
