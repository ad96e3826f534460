import { useTranslation } from 'react-i18next';
import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The product's mark and name, linking to the home page. */
export function BrandMark() {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to="/home"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        color: 'text.primary',
        textDecoration: 'none',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 4 },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 36,
          height: 36,
          borderRadius: 2,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          fontSize: 20,
        }}
      >
        C
      </Box>
      <Typography component="span" sx={{ fontWeight: 700, fontSize: 20, letterSpacing: '-0.01em' }}>
        {t('common.appName')}
      </Typography>
    </Box>
  );
}
