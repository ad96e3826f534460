import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Chip, Paper, Skeleton, Typography } from '@mui/material';
import type { Crypto as CryptoData } from '@cuadre/contracts';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/page-states';
import { cryptoQuery } from '../api/insights-api';

const PriceChart = lazy(() => import('../components/price-chart'));

function Trend({ trend }: { trend: CryptoData['btc']['trend'] }) {
  const { t } = useTranslation();
  return (
    <Typography component="span" variant="body2" sx={{ color: trend.dir === 'up' ? 'success.main' : 'error.main', fontWeight: 600 }}>
      {trend.dir === 'up' ? '▲ ' : '▼ '}
      {t(trend.dir === 'up' ? 'insights.crypto.up' : 'insights.crypto.down', { amount: trend.amount })}
    </Typography>
  );
}

function Board({ data }: { data: CryptoData }) {
  const { t, i18n } = useTranslation();
  const usd = (n: number, digits = 2) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', maximumFractionDigits: digits }).format(n);
  // Billions read at a glance and fit a phone's column.
  const compact = (n: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 2 }).format(n);
  const num = (n: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(n);
  const btc = data.btc;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1.5, mb: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('insights.crypto.btc')}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {usd(btc.amount)}
          </Typography>
          <Trend trend={btc.trend} />
        </Box>
        <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
          <PriceChart points={btc.price.series[0]?.data ?? []} title={t('insights.crypto.chartLabel', { name: 'Bitcoin' })} height={220} />
        </Suspense>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' }, gap: 2, m: 0, mt: 2 }}
        >
          {(
            [
              ['marketCap', compact(btc.marketCap)],
              ['volume', compact(btc.volume)],
              ['supply', num(btc.supply)],
              ['allTimeHigh', usd(btc.allTimeHigh)],
            ] as const
          ).map(([key, value]) => (
            <Box key={key}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`insights.crypto.${key}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {(['prices', 'wallets'] as const).map((group) => (
          <Paper key={group} variant="outlined" sx={{ p: 2 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {t(`insights.crypto.${group}`)}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75 }}>
              {Object.entries(data[group]).map(([coin, value]) => (
                <Box key={coin} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                    {coin.toUpperCase()}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                    {group === 'prices' ? usd(value, value < 10 ? 4 : 2) : num(value)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
      <Paper variant="outlined" sx={{ p: 2, gridColumn: '1 / -1', minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('insights.crypto.watchlist')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
          {data.watchlist.map((w) => (
            <Box key={w.iso} sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {w.title}{' '}
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                    {w.iso}
                  </Typography>
                </Typography>
                <Typography>{usd(w.amount, w.amount < 10 ? 4 : 2)}</Typography>
              </Box>
              <Trend trend={w.trend} />
              <Suspense fallback={<Skeleton variant="rounded" height={64} />}>
                <PriceChart points={w.series[0]?.data ?? []} title={t('insights.crypto.chartLabel', { name: w.title })} height={64} axes={false} />
              </Suspense>
            </Box>
          ))}
        </Box>
      </Paper>
    </Box>
  );
}

/** /dashboards/crypto: the spec's crypto dashboard, on sample data the server makes up, said plainly on the screen. */
export default function Crypto() {
  const { t } = useTranslation();
  const query = useQuery(cryptoQuery());
  return (
    <Box>
      <PageHeader title={t('insights.crypto.title')} actions={<Chip color="warning" label={t('insights.crypto.sample')} />} />
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('insights.crypto.sampleHint')}
      </Alert>
      <QueryView query={query}>{(data) => <Board data={data} />}</QueryView>
    </Box>
  );
}
