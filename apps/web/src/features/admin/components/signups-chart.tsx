import { useTranslation } from 'react-i18next';
import { Box, useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMonth } from '@/lib/format';

export interface SignupsChartProps {
  months: { month: string; count: number }[];
}

/**
 * Sign-ups per month as bars. Its own module, loaded with React.lazy, so recharts is fetched only by
 * the screens that draw a chart.
 */
export default function SignupsChart({ months }: SignupsChartProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  // CSS variables follow the light or dark scheme without re-rendering the chart.
  const vars = theme.vars?.palette;
  const primary = vars?.primary.main ?? theme.palette.primary.main;
  const text = vars?.text.secondary ?? theme.palette.text.secondary;
  const grid = vars?.divider ?? theme.palette.divider;
  const paper = vars?.background.paper ?? theme.palette.background.paper;
  const data = months.map((m) => ({ label: formatMonth(m.month, i18n.language), count: m.count }));

  return (
    <Box sx={{ width: '100%', height: 260 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke={grid} />
          <XAxis dataKey="label" tick={{ fill: text, fontSize: 12 }} tickLine={false} axisLine={{ stroke: grid }} interval="preserveStartEnd" minTickGap={8} />
          <YAxis allowDecimals={false} tick={{ fill: text, fontSize: 12 }} tickLine={false} axisLine={false} width={48} />
          <Tooltip
            cursor={{ fill: grid, opacity: 0.4 }}
            contentStyle={{ background: paper, border: `1px solid ${grid}`, borderRadius: 8 }}
            labelStyle={{ color: text }}
            formatter={(value) => [String(value), t('admin.dashboard.signups')]}
          />
          <Bar dataKey="count" name={t('admin.dashboard.signups')} fill={primary} radius={[4, 4, 0, 0]} maxBarSize={40} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
