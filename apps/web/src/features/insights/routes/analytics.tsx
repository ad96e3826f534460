import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, LinearProgress, Paper, Skeleton, Typography } from '@mui/material';
import type { Analytics as AnalyticsData } from '@cuadre/contracts';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/page-states';
import { formatShortDate } from '@/lib/format';
import { analyticsQuery } from '../api/insights-api';

const AnalyticsChart = lazy(() => import('../components/analytics-chart'));

const FIGURES = ['visitors', 'conversions', 'impressions', 'visits'] as const;

function Figure({ label, amount }: { label: string; amount: number }) {
  const { i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="p" variant="h4" sx={{ fontWeight: 700, mt: 0.5 }}>
        {new Intl.NumberFormat(i18n.language).format(amount)}
      </Typography>
    </Paper>
  );
}

/** A split as bars with their counts; an unknown one says why there is nothing to show. */
function SplitCard({
  title,
  labels,
  series,
  unknownText,
  emptyText,
}: {
  title: string;
  labels: string[];
  series: number[];
  unknownText?: string;
  emptyText: string;
}) {
  const total = series.reduce((a, b) => a + b, 0);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {unknownText ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {unknownText}
        </Typography>
      ) : total === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {emptyText}
        </Typography>
      ) : (
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.25 }}>
          {labels.map((label, i) => (
            // One group per line, as a definition list allows (a div of a dt and its dd's): the bar is the line's second dd.
            <Box key={label} sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 1 }}>
              <Typography component="dt" variant="body2">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
                {series[i]}
              </Typography>
              <Box component="dd" aria-hidden sx={{ m: 0, gridColumn: '1 / -1' }}>
                <LinearProgress variant="determinate" value={((series[i] ?? 0) / total) * 100} sx={{ height: 6, borderRadius: 3, mt: 0.5 }} />
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

function Dashboard({ data }: { data: AnalyticsData }) {
  const { t, i18n } = useTranslation();
  const scope = data.scope;
  const visitorsLabel = t(`insights.analytics.visitors.${scope}`);
  const visitsLabel = t(`insights.analytics.visits.${scope}`);
  const versus = data.visitorsVsPageViews;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
        {FIGURES.map((f) => (
          <Figure key={f} label={t(`insights.analytics.${f}.${scope}`)} amount={data[f].amount} />
        ))}
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('insights.analytics.perDay', { visitors: visitorsLabel, visits: visitsLabel })}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {formatShortDate(data.from, i18n.language)} – {formatShortDate(data.to, i18n.language)} · {t('insights.analytics.ratio', { ratio: versus.ratio })}
          </Typography>
        </Box>
        <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
          <AnalyticsChart
            labels={versus.labels}
            language={i18n.language}
            title={t('insights.analytics.chartLabel', { visitors: visitorsLabel, visits: visitsLabel })}
            series={versus.series.map((s, i) => ({ name: s.name, label: i === 0 ? visitorsLabel : visitsLabel, data: s.data }))}
          />
        </Suspense>
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
        <SplitCard
          title={t('insights.analytics.newVsReturning')}
          labels={[t(`insights.analytics.new.${scope}`), t(`insights.analytics.returning.${scope}`)]}
          series={data.newVsReturning.series}
          emptyText={t('insights.analytics.none')}
        />
        <SplitCard
          title={t('insights.analytics.language')}
          labels={data.language.labels.map((l) => t(`insights.analytics.languages.${l}`, { defaultValue: l }))}
          series={data.language.series}
          emptyText={t('insights.analytics.none')}
        />
        <SplitCard title={t('insights.analytics.gender')} labels={[]} series={[]} unknownText={t('insights.analytics.unknown')} emptyText="" />
        <SplitCard title={t('insights.analytics.age')} labels={[]} series={[]} unknownText={t('insights.analytics.unknown')} emptyText="" />
      </Box>
    </Box>
  );
}

/** /dashboards/analytics: administrators see the service, owners their own use; every figure counted by the server from its records. */
export default function Analytics() {
  const { t } = useTranslation();
  const query = useQuery(analyticsQuery());
  return (
    <Box>
      <PageHeader
        title={t('insights.analytics.title')}
        subtitle={query.data ? t(query.data.scope === 'service' ? 'insights.analytics.subtitleService' : 'insights.analytics.subtitleAccount') : undefined}
      />
      <QueryView query={query}>{(data) => <Dashboard data={data} />}</QueryView>
    </Box>
  );
}
