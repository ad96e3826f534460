import type { ReactNode } from 'react';
import { Box } from '@mui/material';

type Severity = 'error' | 'warning' | 'success' | 'info';

/**
 * A message above a form. Errors are announced at once (role alert); confirmations politely
 * (role status), so a screen reader hears that the action worked. Drawn here rather than with
 * MUI's Alert, which costs the sign-in page 4 KB gzipped.
 */
export function FormAlert({ severity, children, action }: { severity: Severity; children: ReactNode; action?: ReactNode }) {
  return (
    <Box
      role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}
      sx={(theme) => {
        const color = (theme.vars ?? theme).palette[severity].main;
        return {
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 1,
          mb: 3,
          px: 2,
          py: 1.5,
          borderRadius: 1,
          border: `1px solid color-mix(in srgb, ${color} 50%, transparent)`,
          borderLeft: `4px solid ${color}`,
          bgcolor: `color-mix(in srgb, ${color} 8%, transparent)`,
          color: 'text.primary',
          fontSize: '0.9375rem',
          lineHeight: 1.5,
          overflowWrap: 'anywhere',
        };
      }}
    >
      <Box sx={{ flex: '1 1 200px' }}>{children}</Box>
      {action && <Box sx={{ flex: '0 0 auto', mt: -0.5 }}>{action}</Box>}
    </Box>
  );
}
