import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Paper, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { session } from '@/lib/session';
import { useTrialDays } from '@/lib/trial';
import { PublicPage } from '../components/public-page';

interface Feature {
  title: string;
  text: string;
}

/** One icon per feature, in the order of `public.home.features` in the translations. */
const FEATURE_ICONS = [
  'heroicons_outline:bolt',
  'heroicons_outline:user-group',
  'heroicons_outline:chart-bar',
  'heroicons_outline:document-chart-bar',
  'heroicons_outline:language',
  'heroicons_outline:arrow-down-tray',
];

export default function Home() {
  const { t } = useTranslation();
  const signedIn = session.isSignedIn();
  const features = t('public.home.features', { returnObjects: true }) as Feature[];
  // What a new account gets, as this installation says: a trial of so many days, or just an account.
  const trialDays = useTrialDays();
  const signUpLabel = trialDays ? t('public.home.ctaTrial', { count: trialDays }) : t('public.home.ctaSignUp');

  // A signed-in person reaches /home too (it is open to everyone): they get the way back in, not sign-up.
  const actions = signedIn ? (
    <Button component={RouterLink} to="/" variant="contained">
      {t('public.home.open')}
    </Button>
  ) : (
    <>
      <Button component={RouterLink} to="/sign-in" color="inherit">
        {t('public.home.signIn')}
      </Button>
      <Button component={RouterLink} to="/sign-up" variant="contained" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
        {t('public.home.signUp')}
      </Button>
    </>
  );

  return (
    <PublicPage actions={<Box sx={{ display: 'flex', gap: 1 }}>{actions}</Box>}>
      <Box
        component="section"
        aria-labelledby="home-title"
        sx={{ maxWidth: 880, mx: 'auto', px: { xs: 2.5, sm: 4 }, pt: { xs: 5, md: 10 }, pb: { xs: 6, md: 8 }, textAlign: { xs: 'left', sm: 'center' } }}
      >
        <Typography
          id="home-title"
          variant="h2"
          component="h1"
          sx={{ fontWeight: 800, letterSpacing: '-0.03em', fontSize: { xs: '2.25rem', sm: '3rem', md: '3.5rem' }, lineHeight: 1.1 }}
        >
          {t('public.home.title')}
        </Typography>
        <Typography
          sx={{
            color: 'text.secondary',
            mt: 3,
            fontSize: { xs: '1.0625rem', sm: '1.25rem' },
            lineHeight: 1.6,
            maxWidth: 680,
            mx: 'auto',
          }}
        >
          {t('public.home.lead')}
        </Typography>
        <Box sx={{ mt: 4, display: 'flex', gap: 1.5, justifyContent: { xs: 'stretch', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }}>
          {signedIn ? (
            <Button component={RouterLink} to="/" variant="contained" size="large">
              {t('public.home.open')}
            </Button>
          ) : (
            <>
              <Button component={RouterLink} to="/sign-up" variant="contained" size="large">
                {signUpLabel}
              </Button>
              <Button component={RouterLink} to="/sign-in" variant="outlined" size="large">
                {t('public.home.ctaSignIn')}
              </Button>
            </>
          )}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="features-title" sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 4 } }}>
        <Typography id="features-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 3, textAlign: { xs: 'left', sm: 'center' } }}>
          {t('public.home.featuresTitle')}
        </Typography>
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
        >
          {features.map((feature, i) => (
            <Paper component="li" key={feature.title} variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
              <Box sx={{ width: 44, height: 44, borderRadius: 2, display: 'grid', placeItems: 'center', color: 'primary.main', bgcolor: 'action.hover' }}>
                <Icon name={FEATURE_ICONS[i] ?? 'heroicons_outline:check-circle'} size={24} />
              </Box>
              <Typography variant="h6" component="h3" sx={{ mt: 2, fontWeight: 600, fontSize: '1.0625rem' }}>
                {feature.title}
              </Typography>
              <Typography
                sx={{
                  color: 'text.secondary',
                  mt: 1,
                  lineHeight: 1.6,
                }}
              >
                {feature.text}
              </Typography>
            </Paper>
          ))}
        </Box>
      </Box>

      {!signedIn && (
        <Box
          component="section"
          aria-labelledby="start-title"
          sx={{ maxWidth: 880, mx: 'auto', px: { xs: 2.5, sm: 4 }, mt: { xs: 6, md: 10 }, textAlign: 'center' }}
        >
          <Typography id="start-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {t('public.home.startTitle')}
          </Typography>
          <Typography
            sx={{
              color: 'text.secondary',
              mt: 1.5,
            }}
          >
            {t('public.home.startText')}
          </Typography>
          <Button component={RouterLink} to="/sign-up" variant="contained" size="large" sx={{ mt: 3, width: { xs: '100%', sm: 'auto' } }}>
            {signUpLabel}
          </Button>
        </Box>
      )}
    </PublicPage>
  );
}
