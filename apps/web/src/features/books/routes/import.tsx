import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  IconButton,
  MenuItem,
  Pagination,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import {
  IMPORT_DATE_FORMATS,
  IMPORT_MAX_CHARS,
  PAYMENT_METHODS,
  ZImportCommitJobResult,
  ZImportPreviewJobResult,
  type ImportMapping,
  type ImportPreview,
  type ImportRow,
  type PaymentMethod,
} from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { JobProgress } from '@/components/job-panel';
import { PageHeader } from '@/components/page-header';
import { ReportTable, type ReportColumn } from '@/components/report-table/report-table';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime, formatShortDate } from '@/lib/format';
import { jobQuery, jobResultQuery, jobsQuery } from '@/lib/jobs';
import {
  addImportRule,
  booksKeys,
  categoriesQuery,
  deleteImportRule,
  importProfilesQuery,
  importRulesQuery,
  startImportCommit,
  startImportPreview,
} from '../api/books-api';
import { BackToBooks } from '../components/back-to-books';

const PAGE = 50;
/** A statement read less than a day ago and not imported is offered again on arrival. */
const OFFER_MS = 24 * 60 * 60 * 1000;
const MAPPED = ['date', 'description', 'amount', 'debit', 'credit', 'reference'] as const;

/** What the owner decided for each row: included or not, and its category. */
interface Choice {
  include: boolean;
  categoryId: string | null;
}

/**
 * user/import: a bank statement read, mapped, reviewed row by row, and imported in one go. Reading and
 * importing run as server jobs whose id is in the address (`?job=`), so a reload, or leaving and
 * coming back, finds the progress, then the reviewed rows or the outcome, where they were.
 */
export default function ImportStatement() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const profiles = useQuery(importProfilesQuery);
  const rules = useQuery(importRulesQuery);
  const categories = useQuery(categoriesQuery);

  const [file, setFile] = useState<{ name: string; content: string; format: 'csv' | 'ofx' } | null>(null);
  const [bank, setBank] = useState('');
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [choices, setChoices] = useState<Choice[]>([]);
  const [page, setPage] = useState(1);
  const [method, setMethod] = useState<PaymentMethod>('transfer');
  const [bulk, setBulk] = useState('');
  const [rule, setRule] = useState({ contains: '', categoryId: '' });
  const [fileError, setFileError] = useState<string | null>(null);

  // The job in the address: a preview being read or read, or an import being written or written.
  const [search, setSearch] = useSearchParams();
  const jobId = search.get('job');
  const follow = (id: string | null) => setSearch(id ? { job: id } : {}, { replace: true });
  const job = useQuery({ ...jobQuery(jobId ?? ''), enabled: !!jobId });
  const current = job.data;
  const previewResult = useQuery(jobResultQuery(current, 'import_preview', ZImportPreviewJobResult));
  const commitResult = useQuery(jobResultQuery(current, 'import_commit', ZImportCommitJobResult));
  const reading = !!jobId && current?.kind === 'import_preview' && current.status === 'running';
  const writing = !!jobId && current?.kind === 'import_commit' && current.status === 'running';
  const done = commitResult.data ? { count: commitResult.data.created, month: commitResult.data.month } : null;

  // Arriving without a job: one still running is followed; a statement read today and not imported is offered.
  const recent = useQuery({ ...jobsQuery, enabled: !jobId });
  const latest = recent.data?.items.find((j) => j.kind === 'import_preview' || j.kind === 'import_commit');
  const runningId = latest?.status === 'running' ? latest.id : undefined;
  useEffect(() => {
    if (!jobId && runningId) setSearch({ job: runningId }, { replace: true });
  }, [jobId, runningId, setSearch]);
  const waiting =
    !jobId && !preview && latest?.kind === 'import_preview' && latest.status === 'done' && Date.now() - Date.parse(latest.updatedAt) < OFFER_MS ? latest : null;

  // A finished preview fills the review once per job (a reload reads it again from the server).
  const applied = useRef<string | null>(null);
  useEffect(() => {
    const result = previewResult.data;
    if (!result || !jobId || applied.current === jobId) return;
    applied.current = jobId;
    const p = result.preview;
    setPreview(p);
    setMapping(p.mapping);
    setPage(1);
    if (result.bank) setBank((b) => b || result.bank!);
    // Rows without problems go in; duplicates stay out unless kept; a missing category can still be chosen.
    setChoices(p.rows.map((r) => ({ include: !r.duplicate && r.errors.every((e) => e.field === 'categoryId'), categoryId: r.categoryId })));
  }, [previewResult.data, jobId]);
  // A finished import changes every figure of the books.
  useEffect(() => {
    if (commitResult.data) void qc.invalidateQueries({ queryKey: booksKeys.all });
  }, [commitResult.data, qc]);

  const read = useMutation({
    mutationFn: (withMapping: ImportMapping | null) =>
      startImportPreview({ format: file!.format, content: file!.content, bank: bank || undefined, ...(withMapping ? { mapping: withMapping } : {}) }),
    onSuccess: (j) => follow(j.id),
  });
  const commit = useMutation({
    mutationFn: () => {
      const rows = preview!.rows.flatMap((r, i) => {
        const c = choices[i]!;
        if (!c.include || !usable(r) || !c.categoryId || !r.date || !r.type || r.amount === null) return [];
        return [
          {
            date: r.date,
            type: r.type,
            amount: r.amount,
            categoryId: c.categoryId,
            subcategoryId: c.categoryId === r.categoryId ? r.subcategoryId : null,
            description: r.description || undefined,
            reference: r.reference ?? undefined,
            bankRef: r.bankRef ?? undefined,
          },
        ];
      });
      return startImportCommit({ rows, paymentMethod: method, ...(bank && mapping ? { bank, mapping } : {}) });
    },
    onSuccess: (j) => follow(j.id),
  });
  const saveRule = useMutation({
    mutationFn: () => addImportRule({ contains: rule.contains, categoryId: rule.categoryId }),
    onSuccess: async () => {
      setRule({ contains: '', categoryId: '' });
      await qc.invalidateQueries({ queryKey: importRulesQuery.queryKey });
      // The rows are categorised again with the new rule (when the file is still at hand).
      if (file && preview) read.mutate(mapping);
    },
  });
  const removeRule = useMutation({ mutationFn: deleteImportRule, onSuccess: () => qc.invalidateQueries({ queryKey: importRulesQuery.queryKey }) });
  const readError = useErrorText(read.error ?? previewResult.error ?? undefined);
  const commitError = useErrorText(commit.error ?? commitResult.error ?? undefined);
  const failed = current?.status === 'failed' ? t('jobs.failed', { error: current.error ?? '' }) : null;
  const ruleError = useErrorText(saveRule.error ?? undefined);

  const cats = categories.data?.items ?? [];
  // An imported outflow is written as an operational expense, which takes an expense category only
  // (a purchase or a payment names its product, worker or provider, which a bank line does not).
  const catsFor = (type: ImportRow['type']) => cats.filter((c) => c.active && c.kind === (type === 'income' ? 'income' : 'expense'));
  const catName = (id: string | null) => cats.find((c) => c.id === id)?.name ?? '';
  const chosen = preview ? preview.rows.filter((r, i) => choices[i]?.include && usable(r) && choices[i]?.categoryId).length : 0;
  const step = done ? 3 : preview && (mapping || file?.format === 'ofx') && preview.rows.length ? 2 : preview ? 1 : 0;
  const pages = preview ? Math.max(1, Math.ceil(preview.rows.length / PAGE)) : 1;

  const onFile = async (f: File | undefined) => {
    setFileError(null);
    setPreview(null);
    follow(null);
    if (!f) return setFile(null);
    if (f.size > IMPORT_MAX_CHARS) return setFileError(t('books.import.tooLarge'));
    const content = await f.text();
    const format = /\.(ofx|qfx)$/i.test(f.name) || /<OFX>/i.test(content.slice(0, 2000)) ? 'ofx' : 'csv';
    setFile({ name: f.name, content, format });
  };
  const setChoice = (index: number, change: Partial<Choice>) => setChoices((cs) => cs.map((c, i) => (i === index ? { ...c, ...change } : c)));
  const applyBulk = () =>
    setChoices((cs) =>
      cs.map((c, i) =>
        preview!.rows[i]!.type === 'expense' && !c.categoryId
          ? { ...c, categoryId: bulk, include: usable(preview!.rows[i]!) && !preview!.rows[i]!.duplicate }
          : c,
      ),
    );

  const columnOptions = useMemo(() => preview?.columns ?? [], [preview]);
  const setMapped = (key: (typeof MAPPED)[number], value: string) =>
    setMapping((m): ImportMapping => ({ ...(m ?? { date: '', dateFormat: 'YYYY-MM-DD', decimal: '.' }), [key]: value || undefined }));

  // The review: one row a line of the statement, to include or leave out, with its category.
  const reviewColumns: ReportColumn<{ r: ImportPreview['rows'][number]; i: number }>[] = [
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
            {catsFor(r.type).map((x) => (
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
    <Box>
      <BackToBooks />
      <PageHeader title={t('books.import.title')} subtitle={t('books.import.subtitle')} />
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {(['stepFile', 'stepColumns', 'stepReview'] as const).map((s) => (
          <Step key={s}>
            <StepLabel>{t(`books.import.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {done ? (
        <Alert
          severity="success"
          action={
            <Stack direction="row" spacing={1}>
              {done.month && (
                <Button
                  color="inherit"
                  size="small"
                  component={RouterLink}
                  to={`/user/monthdashboard?year=${Number(done.month.slice(0, 4))}&month=${Number(done.month.slice(5, 7))}`}
                >
                  {t('books.import.viewMonth')}
                </Button>
              )}
              <Button color="inherit" size="small" onClick={() => (follow(null), setPreview(null), setFile(null))}>
                {t('books.import.another')}
              </Button>
            </Stack>
          }
        >
          {t('books.import.done', { count: done.count })}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent>
              <Stack
                spacing={2}
                direction={{ xs: 'column', md: 'row' }}
                sx={{
                  alignItems: { md: 'flex-start' },
                }}
              >
                <Box sx={{ flex: 1 }}>
                  <Button variant="outlined" component="label" startIcon={<Icon name="heroicons_outline:arrow-up-tray" size={20} />}>
                    {t('books.import.chooseFile')}
                    <input
                      hidden
                      type="file"
                      accept=".csv,.txt,.ofx,.qfx,text/csv"
                      aria-label={t('books.import.file')}
                      onChange={(e) => void onFile(e.target.files?.[0])}
                    />
                  </Button>
                  <Typography variant="body2" sx={{ mt: 1 }} color={fileError ? 'error' : 'text.secondary'}>
                    {fileError ?? file?.name ?? t('books.import.file')}
                  </Typography>
                </Box>
                <Autocomplete
                  freeSolo
                  options={(profiles.data?.items ?? []).map((p) => p.bank)}
                  inputValue={bank}
                  onInputChange={(_e, v) => setBank(v)}
                  sx={{ flex: 1, minWidth: 220 }}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('books.import.bank')}
                      helperText={t('books.import.bankHint')}
                      slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 80 } }}
                    />
                  )}
                />
                <Button
                  variant="contained"
                  onClick={() => (file ? read.mutate(null) : setFileError(t('books.import.fileRequired')))}
                  disabled={read.isPending || reading}
                >
                  {t('books.import.read')}
                </Button>
              </Stack>
              {reading && current && (
                <Box sx={{ mt: 2 }}>
                  <JobProgress job={current} label={t('books.import.reading', { done: current.done, total: current.total })} leave={t('books.import.leave')} />
                </Box>
              )}
              {(read.isError || previewResult.isError) && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {readError}
                </Alert>
              )}
              {failed && current?.kind === 'import_preview' && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {failed}
                </Alert>
              )}
              {waiting && (
                <Alert
                  severity="info"
                  sx={{ mt: 2 }}
                  action={
                    <Button color="inherit" size="small" onClick={() => follow(waiting.id)}>
                      {t('books.import.continue')}
                    </Button>
                  }
                >
                  {t('books.import.waiting', { when: formatDateTime(waiting.updatedAt, i18n.language) })}
                </Alert>
              )}
            </CardContent>
          </Card>

          {preview && file?.format === 'csv' && (
            <Card variant="outlined">
              <CardContent>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                  {t('books.import.stepColumns')}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{
                    color: 'text.secondary',
                    mb: 2,
                  }}
                >
                  {t('books.import.columnsText')}
                </Typography>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
                  {MAPPED.map((key) => (
                    <TextField
                      key={key}
                      select
                      size="small"
                      label={t(`books.import.${key}`)}
                      value={mapping?.[key] ?? ''}
                      onChange={(e) => setMapped(key, e.target.value)}
                    >
                      <MenuItem value="">{t('books.import.none')}</MenuItem>
                      {columnOptions.map((c) => (
                        <MenuItem key={c} value={c}>
                          {c}
                        </MenuItem>
                      ))}
                    </TextField>
                  ))}
                  <TextField
                    select
                    size="small"
                    label={t('books.import.dateFormat')}
                    value={mapping?.dateFormat ?? 'YYYY-MM-DD'}
                    onChange={(e) => setMapping((m) => ({ ...(m ?? { date: '', decimal: '.' }), dateFormat: e.target.value as ImportMapping['dateFormat'] }))}
                  >
                    {IMPORT_DATE_FORMATS.map((f) => (
                      <MenuItem key={f} value={f}>
                        {f}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    select
                    size="small"
                    label={t('books.import.decimal')}
                    value={mapping?.decimal ?? '.'}
                    onChange={(e) => setMapping((m) => ({ ...(m ?? { date: '', dateFormat: 'YYYY-MM-DD' }), decimal: e.target.value as '.' | ',' }))}
                  >
                    <MenuItem value=".">{t('books.import.decimalDot')}</MenuItem>
                    <MenuItem value=",">{t('books.import.decimalComma')}</MenuItem>
                  </TextField>
                </Box>
                <Button
                  sx={{ mt: 2 }}
                  variant="outlined"
                  onClick={() => mapping && read.mutate(mapping)}
                  disabled={!file || !mapping?.date || read.isPending || reading}
                >
                  {t('books.import.preview')}
                </Button>
                {!file && (
                  <Typography
                    variant="body2"
                    sx={{
                      color: 'text.secondary',
                      mt: 1,
                    }}
                  >
                    {t('books.import.chooseAgain')}
                  </Typography>
                )}
              </CardContent>
            </Card>
          )}

          {preview && preview.rows.length > 0 && (
            <Card variant="outlined">
              <CardContent>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                  {t('books.import.stepReview')}
                </Typography>
                <Typography
                  variant="body2"
                  role="status"
                  sx={{
                    color: 'text.secondary',
                    mb: 2,
                  }}
                >
                  {t('books.import.counts', preview.counts)}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
                  <TextField
                    select
                    size="small"
                    label={t('books.import.bulkCategory')}
                    value={bulk}
                    onChange={(e) => setBulk(e.target.value)}
                    sx={{ minWidth: 260 }}
                  >
                    {catsFor('expense').map((c) => (
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
                    columns={reviewColumns}
                    rows={preview.rows
                      .slice((page - 1) * PAGE, page * PAGE)
                      .map((r, k) => ({ kind: 'line', key: String(r.line), data: { r, i: (page - 1) * PAGE + k } }))}
                  />
                </Box>
                {pages > 1 && (
                  <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_e, p) => setPage(p)} aria-label={t('books.import.page', { page, pages })} />
                )}

                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{
                    alignItems: { sm: 'center' },
                    mt: 3,
                  }}
                >
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
                  <Button variant="contained" size="large" onClick={() => commit.mutate()} disabled={!chosen || commit.isPending || writing}>
                    {t('books.import.commit', { count: chosen })}
                  </Button>
                </Stack>
                {!chosen && (
                  <Typography
                    variant="body2"
                    sx={{
                      color: 'text.secondary',
                      mt: 1,
                    }}
                  >
                    {t('books.import.nothingChosen')}
                  </Typography>
                )}
                {writing && current && (
                  <Box sx={{ mt: 2 }}>
                    <JobProgress job={current} label={t('books.import.writing', { count: current.total })} leave={t('books.import.leave')} />
                  </Box>
                )}
                {(commit.isError || commitResult.isError) && (
                  <Alert severity="error" sx={{ mt: 2 }}>
                    {commitError}
                  </Alert>
                )}
                {failed && current?.kind === 'import_commit' && (
                  <Alert severity="error" sx={{ mt: 2 }}>
                    {failed}
                  </Alert>
                )}
              </CardContent>
            </Card>
          )}

          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                {t('books.import.rules')}
              </Typography>
              <Typography
                variant="body2"
                sx={{
                  color: 'text.secondary',
                  mb: 2,
                }}
              >
                {t('books.import.rulesText')}
              </Typography>
              {(rules.data?.items ?? []).length === 0 ? (
                <Typography
                  variant="body2"
                  sx={{
                    color: 'text.secondary',
                  }}
                >
                  {t('books.import.noRules')}
                </Typography>
              ) : (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
                  {rules.data!.items.map((r) => (
                    <Chip
                      key={r.id}
                      label={`“${r.contains}” → ${catName(r.categoryId)}`}
                      onDelete={() => removeRule.mutate(r.id)}
                      deleteIcon={
                        <IconButton size="small" aria-label={t('books.import.removeRule', { text: r.contains })}>
                          <Icon name="heroicons_outline:x-mark" size={16} />
                        </IconButton>
                      }
                    />
                  ))}
                </Stack>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
                <TextField
                  size="small"
                  label={t('books.import.ruleContains')}
                  value={rule.contains}
                  onChange={(e) => setRule((r) => ({ ...r, contains: e.target.value }))}
                  slotProps={{ htmlInput: { maxLength: 80 } }}
                />
                <TextField
                  select
                  size="small"
                  label={t('books.import.ruleCategory')}
                  value={rule.categoryId}
                  onChange={(e) => setRule((r) => ({ ...r, categoryId: e.target.value }))}
                  sx={{ minWidth: 220 }}
                >
                  {cats
                    .filter((c) => c.active)
                    .map((c) => (
                      <MenuItem key={c.id} value={c.id}>
                        {c.name}
                      </MenuItem>
                    ))}
                </TextField>
                <Button variant="outlined" onClick={() => saveRule.mutate()} disabled={!rule.contains.trim() || !rule.categoryId || saveRule.isPending}>
                  {t('books.import.addRule')}
                </Button>
              </Stack>
              {saveRule.isError && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {ruleError}
                </Alert>
              )}
            </CardContent>
          </Card>
        </Stack>
      )}
    </Box>
  );
}

/** A row can go in when nothing but its category was wrong (the owner picks one here). */
const usable = (r: ImportRow) => r.errors.every((e) => e.field === 'categoryId') && !r.closed;
