import type { ReactNode } from 'react';
import { Stack } from '@mui/material';
import css from './page-header.module.css';

/** The title row of a screen inside the shell: title, optional subtitle, actions on the right (below on a phone). */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className={css.header}>
      <div className={css.text}>
        <h1 className={css.title}>{title}</h1>
        {subtitle && <p className={css.subtitle}>{subtitle}</p>}
      </div>
      {actions && <div className={css.actions}>{actions}</div>}
    </div>
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
