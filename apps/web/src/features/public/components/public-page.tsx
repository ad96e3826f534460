import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import { LanguagePicker } from '@/components/language-picker';
import { BrandMark } from '@/components/brand-mark';

/**
 * The frame of the public pages (home, terms, privacy): a top bar with the mark and the page's
 * actions, the content, and a footer with the legal links, the languages and the year.
 */
export function PublicPage({ title, actions, children }: { title?: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const appName = t('common.appName');
  // The tab and the history list name the page; leaving gives the plain name back to the next page.
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
    return () => {
      document.title = appName;
    };
  }, [title, appName]);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          px: { xs: 2, sm: 4 },
          py: 2,
          maxWidth: 1200,
          width: '100%',
          mx: 'auto',
        }}
      >
        <BrandMark />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, md: 2 } }}>
          {/* On a phone the languages wait in the footer, leaving the bar to the way in. */}
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguagePicker />
          </Box>
          {actions}
        </Box>
      </Box>
      <Box component="main" sx={{ flex: 1 }}>
        {children}
      </Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', mt: 8 }}>
        <Box
          sx={{
            maxWidth: 1200,
            mx: 'auto',
            px: { xs: 2, sm: 4 },
            py: 3,
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
            }}
          >
            {t('common.footer', { year: new Date().getFullYear() })}
          </Typography>
          <LanguagePicker />
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
              display: 'flex',
              gap: 3,
            }}
          >
            <Link component={RouterLink} to="/terms" color="inherit">
              {t('public.links.terms')}
            </Link>
            <Link component={RouterLink} to="/privacy" color="inherit">
              {t('public.links.privacy')}
            </Link>
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
