import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import type { Job } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { useNotices } from '@/components/notice';
import { downloadFile } from '@/lib/download';
import { formatDateTime } from '@/lib/format';
import { jobsQuery, latestJob } from '@/lib/jobs';
import { numberFormat } from '@/lib/intl';

/**
 * Long work run by the server: a button that starts it, a progress bar with what is done and what is
 * left while it runs (read from the server, so leaving the page and coming back shows it still), and
 * the finished file waiting for download.
 */
export function JobPanel({
  kind,
  year,
  start,
  startLabel,
  ask,
}: {
  kind: Job['kind'];
  year?: number;
  start: () => Promise<Job>;
  startLabel: string;
  /** Asks something first (the authenticator's code) and starts the job itself, instead of `start`. */
  ask?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const notices = useNotices();
  const jobs = useQuery(jobsQuery);
  const job = latestJob(jobs.data?.items, kind, year);
  const begin = useMutation({
    mutationFn: start,
    onSuccess: () => qc.invalidateQueries({ queryKey: jobsQuery.queryKey }),
    onError: notices.failed,
  });
  const running = job?.status === 'running';
  const download = () => job && downloadFile(`/api/jobs/${job.id}/download`, job.fileName ?? 'cuadre.zip').catch(notices.failed);
  const size = job?.size ? numberFormat(i18n.language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(job.size / 1_048_576) : '';

  return (
    <Stack spacing={1.5}>
      {running ? (
        <JobProgress job={job} />
      ) : job?.status === 'done' ? (
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" onClick={() => void download()} startIcon={<Icon name="heroicons_outline:arrow-down-tray" size={18} />}>
              {t('jobs.download')}
            </Button>
          }
        >
          {t('jobs.ready', { name: job.fileName, size, when: formatDateTime(job.updatedAt, i18n.language) })}
        </Alert>
      ) : job?.status === 'failed' ? (
        <Alert severity="error">{t('jobs.failed', { error: job.error ?? '' })}</Alert>
      ) : null}
      <Box>
        <Button
          variant={job?.status === 'done' ? 'outlined' : 'contained'}
          onClick={() => (ask ? ask() : begin.mutate())}
          disabled={running || begin.isPending || jobs.isPending}
        >
          {job?.status === 'done' ? t('jobs.again') : startLabel}
        </Button>
      </Box>
      {notices.view}
    </Stack>
  );
}

/** A running job: what is done and what is left, as words and a bar, and that the page may be left. */
export function JobProgress({ job, label, leave }: { job: Job; label?: string; leave?: string }) {
  const { t } = useTranslation();
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  const id = `job-${job.id}-progress`;
  return (
    <Box>
      <Typography variant="body2" id={id} role="status">
        {label ?? t('jobs.progress', { done: job.done, total: job.total, left: Math.max(0, job.total - job.done) })}
      </Typography>
      <LinearProgress variant={job.total ? 'determinate' : 'indeterminate'} value={percent} aria-labelledby={id} sx={{ mt: 1, height: 8, borderRadius: 4 }} />
      <Typography
        variant="caption"
        sx={{
          color: 'text.secondary',
        }}
      >
        {leave ?? t('jobs.leave')}
      </Typography>
    </Box>
  );
}
