import { useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Card, CardContent, Checkbox, Chip, MenuItem, Pagination, Stack, TextField, Typography } from '@mui/material';
import { PAYMENT_METHODS, type Category, type ImportPreview, type ImportRow, type Job, type PaymentMethod } from '@cuadre/contracts';
import { JobProgress } from '@/components/job-panel';
import { ReportTable, type ReportColumn } from '@/components/report-table/report-table';
import { formatShortDate } from '@/lib/format';
import { usable, type Choice } from './import-types';

const PAGE = 50;

/**
 * Step 3: one row a line of the statement, to include or leave out, with its category (one category
 * for every uncategorised outflow at once, too), then the payment method and the import.
 */
export function ReviewStep({
  preview,
  choices,
  setChoices,
  categoriesFor,
  onCommit,
  commitDisabled,
  writing,
  errors,
}: {
  preview: ImportPreview;
  choices: Choice[];
  setChoices: Dispatch<SetStateAction<Choice[]>>;
  /** The active categories a row of this type may take. */
  categoriesFor: (type: ImportRow['type']) => Category[];
  onCommit: (method: PaymentMethod) => void;
  commitDisabled: boolean;
  /** The import job while it runs. */
  writing: Job | null;
  errors: string[];
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [method, setMethod] = useState<PaymentMethod>('transfer');
  const [bulk, setBulk] = useState('');
  const pages = Math.max(1, Math.ceil(preview.rows.length / PAGE));
  const chosen = preview.rows.filter((r, i) => choices[i]?.include && usable(r) && choices[i]?.categoryId).length;

  const setChoice = (index: number, change: Partial<Choice>) => setChoices((cs) => cs.map((c, i) => (i === index ? { ...c, ...change } : c)));
  const applyBulk = () =>
    setChoices((cs) =>
      cs.map((c, i) => {
        const r = preview.rows[i]!;
        return r.type === 'expense' && !c.categoryId ? { ...c, categoryId: bulk, include: usable(r) && !r.duplicate } : c;
      }),
    );

  const columns: ReportColumn<{ r: ImportRow; i: number }>[] = [
    {
      id: 'include',
      header: '',
      checkbox: true,
      cell: ({ r, i }) => (
        <Checkbox
          checked={choices[i]!.include}
          disabled={!usable(r)}
          onChange={(e) => setChoice(i, { include: e.target.checked })}
          slotProps={{ input: { 'aria-label': t('books.import.include', { line: r.line }) } }}
        />
      ),
    },
    { id: 'date', header: t('books.import.date'), cell: ({ r }) => (r.date ? formatShortDate(r.date, i18n.language) : '—'), sx: { whiteSpace: 'nowrap' } },
    { id: 'description', header: t('books.import.description'), cell: ({ r }) => r.description, sx: { minWidth: 160 } },
    {
      id: 'amount',
      header: t('books.import.amount'),
      money: ({ r }) => r.amount,
      render: (text, { r }) => (
        <Box component="span" sx={{ color: r.direction === 'in' ? 'success.main' : undefined }}>
          {`${r.direction === 'out' ? '−' : '+'}${text}`}
        </Box>
      ),
    },
    {
      id: 'category',
      header: t('books.import.category'),
      sx: { minWidth: 180 },
      cell: ({ r, i }) =>
        r.type ? (
          <TextField
            select
            size="small"
            fullWidth
            value={choices[i]!.categoryId ?? ''}
            onChange={(e) => setChoice(i, { categoryId: e.target.value, include: usable(r) })}
            slotProps={{ htmlInput: { 'aria-label': `${t('books.import.category')} ${r.line}` } }}
          >
            {categoriesFor(r.type).map((x) => (
              <MenuItem key={x.id} value={x.id}>
                {x.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          '—'
        ),
    },
    {
      id: 'status',
      header: t('books.import.status'),
      sx: { minWidth: 160 },
      cell: ({ r, i }) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          {r.duplicate && <Chip size="small" color="warning" label={choices[i]!.include ? t('books.import.keep') : t('books.import.duplicate')} />}
          {r.closed && <Chip size="small" label={t('books.import.closed')} />}
          {r.rule && <Chip size="small" variant="outlined" label={t('books.import.ruleApplied', { rule: r.rule })} />}
          {r.errors
            .filter((e) => e.field !== 'categoryId' || !choices[i]!.categoryId)
            .map((e) => (
              <Typography key={e.field + e.message} variant="caption" color="error">
                {e.message}
              </Typography>
            ))}
        </Stack>
      ),
    },
  ];

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('books.import.stepReview')}
        </Typography>
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('books.import.counts', preview.counts)}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
          <TextField select size="small" label={t('books.import.bulkCategory')} value={bulk} onChange={(e) => setBulk(e.target.value)} sx={{ minWidth: 260 }}>
            {categoriesFor('expense').map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" onClick={applyBulk} disabled={!bulk}>
            {t('books.import.apply')}
          </Button>
        </Stack>
        <Box sx={{ overflowX: 'auto' }}>
          <ReportTable
            label={t('books.import.stepReview')}
            framed={false}
            rowHeader={2}
            columns={columns}
            rows={preview.rows
              .slice((page - 1) * PAGE, page * PAGE)
              .map((r, k) => ({ kind: 'line', key: String(r.line), data: { r, i: (page - 1) * PAGE + k } }))}
          />
        </Box>
        {pages > 1 && (
          <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_e, p) => setPage(p)} aria-label={t('books.import.page', { page, pages })} />
        )}

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mt: 3 }}>
          <TextField
            select
            size="small"
            label={t('books.import.paymentMethod')}
            value={method}
            onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            sx={{ minWidth: 220 }}
          >
            {PAYMENT_METHODS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`books.methods.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" size="large" onClick={() => onCommit(method)} disabled={!chosen || commitDisabled}>
            {t('books.import.commit', { count: chosen })}
          </Button>
        </Stack>
        {!chosen && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('books.import.nothingChosen')}
          </Typography>
        )}
        {writing && (
          <Box sx={{ mt: 2 }}>
            <JobProgress job={writing} label={t('books.import.writing', { count: writing.total })} leave={t('books.import.leave')} />
          </Box>
        )}
        {errors.map((error) => (
          <Alert key={error} severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ))}
      </CardContent>
    </Card>
  );
}
