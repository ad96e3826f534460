import type { FormEventHandler, ReactNode } from 'react';
import { Box } from '@mui/material';

/** A form laid out as one column of fields (without the native bubbles: errors show inline). */
export function FormStack({ onSubmit, children, gap = 2.5 }: { onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode; gap?: number }) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap }}>
      {children}
    </Box>
  );
}
