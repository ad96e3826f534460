import { useTranslation } from 'react-i18next';
import { Box } from '@mui/material';
import { PlainButton } from './plain-button';
import { LANGUAGES } from '@cuadre/contracts';
import { setLanguage } from '@/i18n';

/** The three languages side by side, each named in itself, so a reader finds theirs without reading the current one. */
export function LanguagePicker({ align = 'center' }: { align?: 'center' | 'flex-end' | 'flex-start' }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Box component="nav" aria-label={t('common.language')} sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: align }}>
      {LANGUAGES.map((lang) => {
        const active = lang === current;
        return (
          <PlainButton
            key={lang}
            size="small"
            lang={lang}
            tone={active ? 'primary' : 'inherit'}
            aria-current={active ? 'true' : undefined}
            onClick={() => void setLanguage(lang)}
            sx={{ fontWeight: active ? 700 : 400, minWidth: 0, px: 1, color: active ? undefined : 'text.secondary' }}
          >
            {t(`common.languages.${lang}`)}
          </PlainButton>
        );
      })}
    </Box>
  );
}
