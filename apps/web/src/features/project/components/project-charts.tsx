import { useTranslation } from 'react-i18next';
import { Box, useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { roundToWholeUnits } from '@/lib/money';
import { useMoney } from '@/lib/settings';

/**
 * The project dashboard's charts. Their own module, loaded with React.lazy, so recharts is fetched
 * only by the screens that draw a chart.
 */
function useChartColours() {
  const theme = useTheme();
  // CSS variables follow the light or dark scheme without re-rendering the chart.
  const vars = theme.vars?.palette;
  return {
    primary: vars?.primary.main ?? theme.palette.primary.main,
    secondary: vars?.secondary.main ?? theme.palette.secondary.main,
    text: vars?.text.secondary ?? theme.palette.text.secondary,
    grid: vars?.divider ?? theme.palette.divider,
    paper: vars?.background.paper ?? theme.palette.background.paper,
  };
}

/** Tasks made (a line) and completed (columns) per weekday. */
export function IssuesChart({ labels, made, closed }: { labels: string[]; made: number[]; closed: number[] }) {
  const { t } = useTranslation();
  const c = useChartColours();
  const data = labels.map((label, i) => ({ label, made: made[i] ?? 0, closed: closed[i] ?? 0 }));
  return (
    <Box sx={{ width: '100%', height: 240 }} role="img" aria-label={t('project.issues.chartLabel')}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke={c.grid} />
          <XAxis dataKey="label" tick={{ fill: c.text, fontSize: 12 }} tickLine={false} axisLine={{ stroke: c.grid }} />
          <YAxis allowDecimals={false} tick={{ fill: c.text, fontSize: 12 }} tickLine={false} axisLine={false} width={32} />
          <Tooltip contentStyle={{ background: c.paper, border: `1px solid ${c.grid}`, borderRadius: 8 }} labelStyle={{ color: c.text }} />
          <Bar dataKey="closed" name={t('project.issues.closedSeries')} fill={c.secondary} radius={[4, 4, 0, 0]} isAnimationActive={false} />
          <Line dataKey="made" name={t('project.issues.newSeries')} type="linear" stroke={c.primary} strokeWidth={2} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** Amounts in cents as bars: the budgets per category, or the outflows of consecutive windows. */
export function MoneyBars({
  labels,
  data,
  label,
  height = 220,
  horizontal = false,
}: {
  labels: string[];
  data: number[];
  label: string;
  height?: number;
  horizontal?: boolean;
}) {
  const { money } = useMoney();
  const c = useChartColours();
  const rows = labels.map((name, i) => ({ name, value: data[i] ?? 0 }));
  // The axis in whole units; the tooltip keeps the exact cents.
  const axis = (cents: number) => money(roundToWholeUnits(cents)).replace(/[.,]00(?=\D*$)/, '');
  const tooltip = (
    <Tooltip
      contentStyle={{ background: c.paper, border: `1px solid ${c.grid}`, borderRadius: 8 }}
      labelStyle={{ color: c.text }}
      formatter={(value) => [money(Number(value)), label]}
    />
  );
  return (
    <Box sx={{ width: '100%', height }} role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        {horizontal ? (
          <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid horizontal={false} stroke={c.grid} />
            <XAxis type="number" tickFormatter={axis} tick={{ fill: c.text, fontSize: 12 }} tickLine={false} axisLine={{ stroke: c.grid }} />
            <YAxis type="category" dataKey="name" tick={{ fill: c.text, fontSize: 12 }} tickLine={false} axisLine={false} width={110} />
            {tooltip}
            <Bar dataKey="value" fill={c.primary} radius={[0, 4, 4, 0]} isAnimationActive={false} />
          </BarChart>
        ) : (
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke={c.grid} />
            <XAxis dataKey="name" tick={false} axisLine={{ stroke: c.grid }} height={4} />
            <YAxis tickFormatter={axis} tick={{ fill: c.text, fontSize: 12 }} tickLine={false} axisLine={false} width={64} />
            {tooltip}
            <Bar dataKey="value" fill={c.primary} radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        )}
      </ResponsiveContainer>
    </Box>
  );
}
