import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '@cuadre/contracts';
import { Box, Typography } from '@mui/material';
import { passwordStrength } from '../lib/password-strength';

const LEVELS = ['tooShort', 'weak', 'fair', 'good', 'strong'] as const;
const COLORS = ['error.main', 'error.main', 'warning.main', 'success.light', 'success.main'] as const;

/** The rules of a new password, and once typing starts, how strong it looks. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  const score = passwordStrength(password);
  return (
    <Box component="span" sx={{ display: 'block' }}>
      {password && (
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, mb: 0.5 }}>
          <Box component="span" aria-hidden sx={{ display: 'flex', gap: 0.5, flex: 1 }}>
            {[1, 2, 3, 4].map((i) => (
              <Box key={i} component="span" sx={{ flex: 1, height: 4, borderRadius: 2, bgcolor: i <= score ? COLORS[score] : 'action.disabledBackground' }} />
            ))}
          </Box>
          <Typography component="span" variant="caption" sx={{ minWidth: 72, textAlign: 'right', color: 'text.secondary' }}>
            {t(`auth.password.strength.${LEVELS[score]}`)}
          </Typography>
        </Box>
      )}
      <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
        {t('auth.password.rules', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
      </Typography>
    </Box>
  );
}
