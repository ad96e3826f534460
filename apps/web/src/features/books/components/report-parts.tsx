import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, GlobalStyles, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { useNotices } from '@/components/notice';
import { HeaderActions, PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/page-states';
import { BackToBooks } from './back-to-books';
import { downloadFile } from '@/lib/download';

/** The year in view, from `?year=` (this year when absent or wrong); the month, if any, stays in the address. */
export function useYear() {
  const [sp, setSp] = useSearchParams();
  const year = useMemo(() => {
    const y = Number(sp.get('year'));
    return Number.isInteger(y) && y >= 1900 && y <= 2999 ? y : new Date().getFullYear();
  }, [sp]);
  const setYear = useCallback(
    (next: number) =>
      setSp((current) => {
        const params = new URLSearchParams(current);
        params.set('year', String(next));
        return params;
      }),
    [setSp],
  );
  return { year, setYear };
}

/** Previous and next year around the year in view. */
export function YearPicker({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={0.5}
      role="group"
      aria-label={t('books.reports.yearLabel')}
      sx={{
        alignItems: 'center',
      }}
    >
      <Tooltip title={t('books.reports.previousYear')}>
        <IconButton onClick={() => onChange(year - 1)} aria-label={t('books.reports.previousYear')}>
          <Icon name="heroicons_outline:chevron-left" size={20} />
        </IconButton>
      </Tooltip>
      <Typography component="span" variant="subtitle1" sx={{ fontWeight: 700, minWidth: 48, textAlign: 'center', whiteSpace: 'nowrap' }} aria-live="polite">
        {year}
      </Typography>
      <Tooltip title={t('books.reports.nextYear')}>
        <IconButton onClick={() => onChange(year + 1)} aria-label={t('books.reports.nextYear')}>
          <Icon name="heroicons_outline:chevron-right" size={20} />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/**
 * The period a report shows, on paper only: on screen the month or year picker says it (saying it
 * again above the picker repeats it), but the pickers are not printed.
 */
export function PrintOnly({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: 'none', '@media print': { display: 'block', fontWeight: 700, color: 'text.primary' } }}>
      {children}
    </Box>
  );
}

/**
 * A report's downloads (CSV, XLSX, PDF: the server writes each from the same figures) and its print
 * view: printing shows the page's content alone, without the shell around it.
 */
export function ReportActions({
  name,
  query,
  fileName,
}: {
  name: 'pnl' | 'annual' | 'month-summary';
  query: Record<string, number | undefined>;
  fileName: string;
}) {
  const { t } = useTranslation();
  const notices = useNotices();
  const [pending, setPending] = useState<string | null>(null);
  const qs = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
  const download = async (format: 'csv' | 'xlsx' | 'pdf') => {
    setPending(format);
    try {
      await downloadFile(`/api/reports/${name}.${format}?${qs}`, `${fileName}.${format}`);
    } catch (err) {
      notices.failed(err);
    } finally {
      setPending(null);
    }
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-print="hide">
      {(['pdf', 'xlsx', 'csv'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          variant="outlined"
          disabled={pending !== null}
          onClick={() => void download(format)}
          startIcon={<Icon name="heroicons_outline:arrow-down-tray" size={18} />}
          aria-label={t('books.reports.exportAs', { format: format.toUpperCase() })}
        >
          {format.toUpperCase()}
        </Button>
      ))}
      <Button size="small" variant="outlined" onClick={() => window.print()} startIcon={<Icon name="heroicons_outline:printer" size={18} />}>
        {t('books.reports.print')}
      </Button>
      {notices.view}
      <PrintStyles />
    </Stack>
  );
}

/** On paper, the page's main content only: no navigation, no top bar, no buttons. */
export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          'body *': { visibility: 'hidden' },
          'main, main *': { visibility: 'visible' },
          main: { position: 'absolute', inset: 0, margin: 0, padding: '0 !important' },
          '[data-print="hide"], [data-print="hide"] *': { display: 'none !important' },
          '.MuiCard-root': { boxShadow: 'none', breakInside: 'avoid' },
        },
      }}
    />
  );
}

/** A report with nothing to show yet, and the way to record the first figures. */
export function ReportEmpty({ icon, to }: { icon: string; to: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={icon}
      title={t('books.reports.emptyTitle')}
      text={t('books.reports.emptyText')}
      action={
        <Button component={RouterLink} to={to} variant="contained">
          {t('books.reports.record')}
        </Button>
      }
    />
  );
}

/**
 * The top of a report: the way back to the books, the title and what the report holds (with the
 * period, on paper only), the period's picker, links to the reports beside it and any other control,
 * an optional banner, then the downloads and the print view.
 */
export function ReportHeader({
  title,
  text,
  period,
  picker,
  links = [],
  children,
  banner,
  downloads,
}: {
  title: string;
  text: string;
  period: ReactNode;
  picker: ReactNode;
  links?: { to: string; label: string }[];
  children?: ReactNode;
  banner?: ReactNode;
  downloads: Parameters<typeof ReportActions>[0];
}) {
  return (
    <>
      <BackToBooks />
      <PageHeader
        title={title}
        subtitle={
          <>
            <PrintOnly>{period}</PrintOnly>
            {text}
          </>
        }
        actions={
          <HeaderActions print={false}>
            {picker}
            {links.map((l) => (
              <Button key={l.to} component={RouterLink} to={l.to} variant="outlined" size="small">
                {l.label}
              </Button>
            ))}
            {children}
          </HeaderActions>
        }
      />
      {banner}
      <Box sx={{ mb: 2 }}>
        <ReportActions {...downloads} />
      </Box>
    </>
  );
}
