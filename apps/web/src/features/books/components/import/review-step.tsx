import { useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Card, CardContent, Checkbox, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { PAYMENT_METHODS, type Category, type ImportPreview, type ImportRow, type Job, type PaymentMethod } from '@cuadre/contracts';
import { JobProgress } from '@/components/job-panel';
import { DataList, listColumns, type ListQuery } from '@/components/list-kit/data-list';
import { useListParams, type ListConfig } from '@/components/list-kit/list-params';
import { useMoney } from '@/lib/settings';
import { formatShortDate } from '@/lib/format';
import { usable, type Choice } from './import-types';

interface ReviewRow {
  r: ImportRow;
  /** The row's place in the whole preview (its choice). */
  i: number;
}
const column = listColumns<ReviewRow>();
/** Paged in the address beside the job (the kit's page and size); the rows keep the statement's order. */
const REVIEW_LIST: ListConfig<'line', never> = { sorts: ['line'], defaultSort: 'line', defaultOrder: 'asc' };

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
  const list = useListParams(REVIEW_LIST);
  const { money } = useMoney();
  const [method, setMethod] = useState<PaymentMethod>('transfer');
  const [bulk, setBulk] = useState('');
  const chosen = preview.rows.filter((r, i) => choices[i]?.include && usable(r) && choices[i]?.categoryId).length;

  const setChoice = (index: number, change: Partial<Choice>) => setChoices((cs) => cs.map((c, i) => (i === index ? { ...c, ...change } : c)));
  const applyBulk = () =>
    setChoices((cs) =>
      cs.map((c, i) => {
        const r = preview.rows[i]!;
        return r.type === 'expense' && !c.categoryId ? { ...c, categoryId: bulk, include: usable(r) && !r.duplicate } : c;
      }),
    );

  // The rows are the job's answer, held here: the kit lays out the page the address asks for.
  const rows = useMemo(() => preview.rows.map((r, i) => ({ r, i })), [preview.rows]);
  const { page, size } = list.params;
  const lastPage = Math.max(1, Math.ceil(rows.length / size));
  const query: ListQuery<ReviewRow> = {
    data: { items: rows.slice((page - 1) * size, page * size), pagination: { page, size, total: rows.length, lastPage } },
    isPending: false,
    isError: false,
    isFetching: false,
    error: null,
    refetch: () => undefined,
  };

  const columns = [
    column.display({
      id: 'include',
      meta: { label: t('books.import.includeColumn'), card: 'title' },
      cell: ({
        row: {
          original: { r, i },
        },
      }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Checkbox
            checked={choices[i]!.include}
            disabled={!usable(r)}
            onChange={(e) => setChoice(i, { include: e.target.checked })}
            slotProps={{ input: { 'aria-label': t('books.import.include', { line: r.line }) } }}
            sx={{ ml: -1 }}
          />
          <Box component="span" sx={{ fontWeight: 600, display: { sm: 'none' } }}>
            {r.description}
          </Box>
        </Stack>
      ),
    }),
    column.display({
      id: 'date',
      meta: { label: t('books.import.date') },
      cell: ({
        row: {
          original: { r },
        },
      }) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {r.date ? formatShortDate(r.date, i18n.language) : '—'}
        </Box>
      ),
    }),
    // On a phone the description is the card's title (beside the checkbox).
    column.display({
      id: 'description',
      meta: { label: t('books.import.description'), card: 'hidden' },
      cell: ({
        row: {
          original: { r },
        },
      }) => r.description,
    }),
    column.display({
      id: 'amount',
      meta: { label: t('books.import.amount'), align: 'right' },
      cell: ({
        row: {
          original: { r },
        },
      }) =>
        r.amount === null ? (
          '—'
        ) : (
          <Box component="span" sx={{ color: r.direction === 'in' ? 'success.main' : undefined, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {`${r.direction === 'out' ? '−' : '+'}${money(r.amount)}`}
          </Box>
        ),
    }),
    column.display({
      id: 'category',
      meta: { label: t('books.import.category') },
      cell: ({
        row: {
          original: { r, i },
        },
      }) =>
        r.type ? (
          <TextField
            select
            size="small"
            fullWidth
            value={choices[i]!.categoryId ?? ''}
            onChange={(e) => setChoice(i, { categoryId: e.target.value, include: usable(r) })}
            slotProps={{ htmlInput: { 'aria-label': `${t('books.import.category')} ${r.line}` } }}
            sx={{ minWidth: { sm: 160 } }}
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
    }),
    column.display({
      id: 'status',
      meta: { label: t('books.import.status') },
      cell: ({
        row: {
          original: { r, i },
        },
      }) => (
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
    }),
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
        <DataList
          label={t('books.import.stepReview')}
          list={list}
          query={query}
          columns={columns}
          getRowId={({ r }) => String(r.line)}
          empty={{ title: t('books.import.nothingChosen') }}
          noMatch={{ title: t('books.import.nothingChosen') }}
        />

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
