import { useTranslation } from 'react-i18next';
import { Typography } from '@mui/material';
import type { NotDeductibleLine } from '@cuadre/contracts';
import { ReportCard, ReportTable } from '@/components/report-table/report-table';

/**
 * What each vehicle's method for the year keeps off Schedule C line 9 (docs/product.md, "Vehicle
 * methods"): in the books, in no total, so shown apart from the report's lines.
 */
export function NotDeductibleCard({ lines }: { lines: NotDeductibleLine[] }) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  const title = t('books.reports.notDeductible');
  return (
    <ReportCard title={title}>
      <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, pb: 1 }}>
        {t('books.reports.notDeductibleNote')}
      </Typography>
      <ReportTable
        label={title}
        framed={false}
        columns={[
          { id: 'line', header: t('books.reports.line'), cell: (l: NotDeductibleLine) => l.name },
          { id: 'amount', header: t('books.reports.amount'), money: (l) => l.amount },
        ]}
        rows={lines.map((l) => ({ kind: 'line', key: l.vehicleId, data: l }))}
      />
    </ReportCard>
  );
}
