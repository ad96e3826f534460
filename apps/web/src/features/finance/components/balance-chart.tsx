import { useTranslation } from 'react-i18next';
import { Box, useTheme } from '@mui/material';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDate } from '@/lib/format';
import { roundToWholeUnits } from '@/lib/money';
import { useMoney } from '@/lib/settings';

export interface BalanceChartProps {
  points: { x: string; y: number }[];
}

/**
 * The year's running net in 3-day steps. Its own module, loaded with React.lazy, so recharts is fetched
 * only by the screens that draw a chart.
 */
export default function BalanceChart({ points }: BalanceChartProps) {
  const { t, i18n } = useTranslation();
  const { money } = useMoney();
  const theme = useTheme();
  // CSS variables follow the light or dark scheme without re-rendering the chart.
  const vars = theme.vars?.palette;
  const primary = vars?.primary.main ?? theme.palette.primary.main;
  const text = vars?.text.secondary ?? theme.palette.text.secondary;
  const grid = vars?.divider ?? theme.palette.divider;
  const paper = vars?.background.paper ?? theme.palette.background.paper;
  // The axis in whole units; the tooltip keeps the exact cents.
  const axis = (cents: number) => money(roundToWholeUnits(cents)).replace(/[.,]00(?=\D*$)/, '');

  return (
    <Box sx={{ width: '100%', height: 220 }} role="img" aria-label={t('finance.dashboard.chartLabel')}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid vertical={false} stroke={grid} />
          <XAxis
            dataKey="x"
            tickFormatter={(x: string) => formatShortDate(x, i18n.language)}
            tick={{ fill: text, fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: grid }}
            minTickGap={24}
          />
          <YAxis tickFormatter={axis} tick={{ fill: text, fontSize: 12 }} tickLine={false} axisLine={false} width={72} />
          <Tooltip
            contentStyle={{ background: paper, border: `1px solid ${grid}`, borderRadius: 8 }}
            labelStyle={{ color: text }}
            labelFormatter={(x) => formatShortDate(String(x), i18n.language)}
            formatter={(value) => [money(Number(value)), t('finance.dashboard.net')]}
          />
          <Area type="monotone" dataKey="y" stroke={primary} fill={primary} fillOpacity={0.15} strokeWidth={2} isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </Box>
  );
}
