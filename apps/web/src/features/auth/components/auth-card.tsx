import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Typography } from '@mui/material';
import { BrandMark } from '@/components/brand-mark';
import { LanguagePicker } from '@/components/language-picker';
import { TextLink } from './text-link';

export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Shown under the card's content, e.g. "No account? Sign up". */
  footer?: ReactNode;
  /** Terms and privacy are guest-only pages, so a signed-in page (unlock-session) leaves them out. */
  legalLinks?: boolean;
}

/**
 * The frame of every auth page: a centred card on the page's tinted background from the sm
 * breakpoint up; on a phone the card is the page, full width and without its border.
 */
export function AuthCard({ title, subtitle, children, footer, legalLinks = true }: AuthCardProps) {
  const { t } = useTranslation();
  const appName = t('common.appName');
  // The tab and the history list name the page; leaving gives the plain name back to the next page.
  useEffect(() => {
    document.title = `${title} · ${appName}`;
    return () => {
      document.title = appName;
    };
  }, [title, appName]);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: { xs: 'flex-start', sm: 'center' },
        gap: 3,
        px: { xs: 0, sm: 3 },
        py: { xs: 0, sm: 6 },
        bgcolor: { xs: 'background.paper', sm: 'background.default' },
      }}
    >
      <Box
        sx={{
          width: '100%',
          maxWidth: { sm: 460 },
          boxSizing: 'border-box',
          px: { xs: 3, sm: 5 },
          pt: { xs: 4, sm: 5 },
          pb: { xs: 3, sm: 5 },
          bgcolor: 'background.paper',
          borderRadius: { xs: 0, sm: 3 },
          border: { xs: 0, sm: 1 },
          borderColor: { sm: 'divider' },
          boxShadow: { sm: '0 1px 3px rgba(15, 23, 42, 0.06), 0 8px 24px rgba(15, 23, 42, 0.06)' },
        }}
      >
        <BrandMark />
        <Typography
          variant="h4"
          component="h1"
          sx={{ mt: 4, fontWeight: 700, fontSize: { xs: '1.625rem', sm: '1.875rem' }, letterSpacing: '-0.02em', lineHeight: 1.25 }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography
            component="div"
            sx={{
              color: 'text.secondary',
              mt: 1,
            }}
          >
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 4 }}>{children}</Box>
        {footer && (
          <Typography
            component="div"
            variant="body2"
            sx={{
              color: 'text.secondary',
              mt: 4,
              textAlign: 'center',
            }}
          >
            {footer}
          </Typography>
        )}
      </Box>
      <Box component="footer" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, pb: { xs: 3, sm: 0 }, px: 2 }}>
        <LanguagePicker />
        {legalLinks && (
          <Typography variant="caption" sx={{ display: 'flex', gap: 2 }}>
            <TextLink to="/terms" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {t('auth.links.terms')}
            </TextLink>
            <TextLink to="/privacy" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {t('auth.links.privacy')}
            </TextLink>
          </Typography>
        )}
      </Box>
    </Box>
  );
}
