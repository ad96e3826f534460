import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from '@mui/material';
import { booksKeys, monthsQuery, setMonthStatus } from '../api/books-api';

/** Whether the month in view is closed (its screens are then read-only). */
export function useMonthClosed(year: number, month: number) {
  const months = useQuery(monthsQuery(year));
  return months.data?.[month - 1]?.status === 'closed';
}

/** Says a month is closed and read-only, with the way to reopen it; or offers to close an open one. */
export function PeriodBanner({ year, month }: { year: number; month: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const closed = useMonthClosed(year, month);
  const reopen = useMutation({
    mutationFn: () => setMonthStatus(year, month, 'reopen'),
    onSuccess: () => qc.invalidateQueries({ queryKey: booksKeys.all }),
  });
  if (!closed) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => reopen.mutate()} disabled={reopen.isPending}>
          {t('books.period.reopen')}
        </Button>
      }
    >
      {t('books.period.closedText')}
    </Alert>
  );
}
