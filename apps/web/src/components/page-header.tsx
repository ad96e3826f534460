import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';

/** The title row of a screen inside the shell: title, optional subtitle, actions on the right (below on a phone). */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', gap: 2, mb: 3 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography
            sx={{
              color: 'text.secondary',
              mt: 0.5,
            }}
          >
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}

/** The controls of a page header in one row that wraps (a picker, buttons); `print={false}` leaves them off paper. */
export function HeaderActions({ children, print = true }: { children: ReactNode; print?: boolean }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap data-print={print ? undefined : 'hide'} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {children}
    </Stack>
  );
}
