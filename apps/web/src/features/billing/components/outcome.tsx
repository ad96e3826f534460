import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Icon } from '@/components/icon';

/** The frame of a purchase outcome: a large sign, a title, the explanation and what to do next. */
export function Outcome({
  tone,
  icon,
  title,
  children,
  actions,
}: {
  tone: 'success' | 'error' | 'info';
  icon: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ maxWidth: 640, mx: 'auto', mt: { xs: 0, sm: 4 } }}>
      <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Box
          sx={{
            display: 'inline-grid',
            placeItems: 'center',
            width: 72,
            height: 72,
            borderRadius: '50%',
            bgcolor: 'action.hover',
            color: `${tone}.main`,
            mb: 2,
          }}
        >
          <Icon name={icon} size={40} />
        </Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 1.5 }}>
          {title}
        </Typography>
        <Box sx={{ color: 'text.secondary', mb: 3 }}>{children}</Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{
            justifyContent: 'center',
          }}
        >
          {actions}
        </Stack>
      </CardContent>
    </Card>
  );
}
