import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Typography } from '@mui/material';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}>
      <Typography variant="h3" component="h1">404</Typography>
      <Typography variant="h5" component="p">{t('common.notFoundTitle')}</Typography>
      <Typography color="text.secondary">{t('common.notFoundText')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">{t('common.goHome')}</Button>
    </Box>
  );
}
