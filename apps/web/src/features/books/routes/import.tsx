import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Stack, Step, StepLabel, Stepper } from '@mui/material';
import { ZImportCommitJobResult, ZImportPreviewJobResult, type ImportMapping, type ImportPreview, type ImportRow, type PaymentMethod } from '@cuadre/contracts';
import { PageHeader } from '@/components/page-header';
import { useErrorText } from '@/lib/error-text';
import { jobQuery, jobResultQuery, jobsQuery } from '@/lib/jobs';
import { booksKeys, categoriesQuery, startImportCommit, startImportPreview } from '../api/books-api';
import { BackToBooks } from '../components/back-to-books';
import { ColumnsStep, blankMapping } from '../components/import/columns-step';
import { FileStep } from '../components/import/file-step';
import { ImportRules } from '../components/import/import-rules';
import { initialChoices, usable, type ChosenFile, type Choice } from '../components/import/import-types';
import { ReviewStep } from '../components/import/review-step';

/** A statement read less than a day ago and not imported is offered again on arrival. */
const OFFER_MS = 24 * 60 * 60 * 1000;

/**
 * user/import: a bank statement read, mapped, reviewed row by row, and imported in one go, one step a
 * component (components/import). Reading and importing run as server jobs whose id is in the address
 * (`?job=`), so a reload, or leaving and coming back, finds the progress, then the reviewed rows or
 * the outcome, where they were. This screen holds what the steps share: the file, the bank, the
 * mapping, the preview and the owner's choice for each row.
 */
export default function ImportStatement() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const categories = useQuery(categoriesQuery);

  const [file, setFile] = useState<ChosenFile | null>(null);
  const [bank, setBank] = useState('');
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [choices, setChoices] = useState<Choice[]>([]);
  // The job the review's rows came from: a new one starts the review afresh (first page, default method).
  const [reviewOf, setReviewOf] = useState<string | null>(null);

  // The job in the address: a preview being read or read, or an import being written or written.
  const [search, setSearch] = useSearchParams();
  const jobId = search.get('job');
  const follow = (id: string | null) => setSearch(id ? { job: id } : {}, { replace: true });
  const job = useQuery({ ...jobQuery(jobId ?? ''), enabled: !!jobId });
  const current = job.data;
  const previewResult = useQuery(jobResultQuery(current, 'import_preview', ZImportPreviewJobResult));
  const commitResult = useQuery(jobResultQuery(current, 'import_commit', ZImportCommitJobResult));
  const reading = !!jobId && current?.kind === 'import_preview' && current.status === 'running' ? current : null;
  const writing = !!jobId && current?.kind === 'import_commit' && current.status === 'running' ? current : null;
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
    setReviewOf(jobId);
    setPreview(result.preview);
    setMapping(result.preview.mapping);
    if (result.bank) setBank((b) => b || result.bank!);
    setChoices(initialChoices(result.preview.rows));
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
    mutationFn: (method: PaymentMethod) => {
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
  const readError = useErrorText(read.error ?? previewResult.error ?? undefined);
  const commitError = useErrorText(commit.error ?? commitResult.error ?? undefined);
  const failed = current?.status === 'failed' ? t('jobs.failed', { error: current.error ?? '' }) : null;
  const errorsOf = (kind: 'import_preview' | 'import_commit', requestFailed: boolean, text: string) =>
    [requestFailed ? text : null, failed && current?.kind === kind ? failed : null].filter((e): e is string => !!e);

  const cats = categories.data?.items ?? [];
  // An imported outflow is written as an operational expense, which takes an expense category only
  // (a purchase or a payment names its product, worker or provider, which a bank line does not).
  const categoriesFor = (type: ImportRow['type']) => cats.filter((c) => c.active && c.kind === (type === 'income' ? 'income' : 'expense'));
  const step = done ? 3 : preview && (mapping || file?.format === 'ofx') && preview.rows.length ? 2 : preview ? 1 : 0;

  const chooseFile = (chosen: ChosenFile | null) => {
    setPreview(null);
    follow(null);
    setFile(chosen);
  };
  const startOver = () => {
    follow(null);
    setPreview(null);
    setFile(null);
  };

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
              <Button color="inherit" size="small" onClick={startOver}>
                {t('books.import.another')}
              </Button>
            </Stack>
          }
        >
          {t('books.import.done', { count: done.count })}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <FileStep
            file={file}
            onFile={chooseFile}
            bank={bank}
            onBank={setBank}
            onRead={() => read.mutate(null)}
            readDisabled={read.isPending || !!reading}
            reading={reading}
            errors={errorsOf('import_preview', read.isError || previewResult.isError, readError)}
            waiting={waiting}
            onContinue={follow}
          />
          {preview && file?.format === 'csv' && (
            <ColumnsStep
              columns={preview.columns}
              mapping={mapping}
              onMapping={(change) => setMapping((m) => change(m ?? blankMapping))}
              onPreview={() => mapping && read.mutate(mapping)}
              previewDisabled={!file || !mapping?.date || read.isPending || !!reading}
              fileAtHand={!!file}
            />
          )}
          {preview && preview.rows.length > 0 && (
            <ReviewStep
              key={reviewOf ?? ''}
              preview={preview}
              choices={choices}
              setChoices={setChoices}
              categoriesFor={categoriesFor}
              onCommit={(method) => commit.mutate(method)}
              commitDisabled={commit.isPending || !!writing}
              writing={writing}
              errors={errorsOf('import_commit', commit.isError || commitResult.isError, commitError)}
            />
          )}
          <ImportRules categories={cats} onAdded={() => file && preview && read.mutate(mapping)} />
        </Stack>
      )}
    </Box>
  );
}
