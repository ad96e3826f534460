import { useTranslation } from 'react-i18next';
import { Box, Button } from '@mui/material';
import { LANGUAGES } from '@cuadre/contracts';
import { setLanguage } from '@/i18n';

/** The three languages side by side, each named in itself, so a reader finds theirs without reading the current one. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Box component="nav" aria-label={t('auth.language')} sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'center' }}>
      {LANGUAGES.map((lang) => (
        <Button
          key={lang}
          size="small"
          lang={lang}
          color={lang === current ? 'primary' : 'inherit'}
          aria-current={lang === current ? 'true' : undefined}
          onClick={() => void setLanguage(lang)}
          sx={{ textTransform: 'none', fontWeight: lang === current ? 700 : 400, minWidth: 0, px: 1, color: lang === current ? undefined : 'text.secondary' }}
        >
          {t(`auth.languages.${lang}`)}
        </Button>
      ))}
    </Box>
  );
}
