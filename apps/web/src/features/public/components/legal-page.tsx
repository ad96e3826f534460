import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { PublicPage } from './public-page';

interface Section {
  title: string;
  body: string[];
  items?: string[];
}

/**
 * Terms and privacy: a readable column of text from the translations (`public.<doc>`). The back
 * link returns to the page the reader came from (sign-up opens these in a new tab, with nowhere to
 * go back to: then it goes home).
 */
export function LegalPage({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sections = t(`public.${doc}.sections`, { returnObjects: true }) as Section[];
  const onBack = (e: MouseEvent) => {
    // React Router numbers the entries of its history; above 0 there is a page of ours to return to.
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) {
      e.preventDefault();
      void navigate(-1);
    }
  };

  return (
    <PublicPage title={t(`public.${doc}.title`)}>
      <Box component="article" sx={{ maxWidth: 720, mx: 'auto', px: { xs: 2.5, sm: 4 }, pt: { xs: 2, sm: 4 } }}>
        <Link
          component={RouterLink}
          to="/"
          onClick={onBack}
          underline="hover"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 500 }}
        >
          <Icon name="heroicons_outline:arrow-left" size={18} />
          {t('public.legal.back')}
        </Link>
        <Typography variant="h3" component="h1" sx={{ mt: 3, fontWeight: 800, letterSpacing: '-0.02em', fontSize: { xs: '2rem', sm: '2.5rem' } }}>
          {t(`public.${doc}.title`)}
        </Typography>
        <Typography sx={{ mt: 2, fontSize: '1.125rem', lineHeight: 1.7, color: 'text.secondary' }}>{t(`public.${doc}.intro`)}</Typography>
        {sections.map((section, i) => (
          <Box component="section" key={section.title} aria-labelledby={`${doc}-${i}`} sx={{ mt: 5 }}>
            <Typography id={`${doc}-${i}`} variant="h5" component="h2" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
              {i + 1}. {section.title}
            </Typography>
            {section.body.map((paragraph) => (
              <Typography key={paragraph} sx={{ mt: 1.5, lineHeight: 1.75 }}>
                {paragraph}
              </Typography>
            ))}
            {section.items && (
              <Box component="ul" sx={{ mt: 1.5, mb: 0, pl: 3, '& li': { mt: 1, lineHeight: 1.75 } }}>
                {section.items.map((item) => (
                  <Typography component="li" key={item}>
                    {item}
                  </Typography>
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </PublicPage>
  );
}
