import { Box, useTheme } from '@mui/material';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDate } from '@/lib/format';

export interface AnalyticsChartProps {
  labels: string[];
  series: { name: string; label: string; data: number[] }[];
  language: string;
  title: string;
}

/** Two daily counts as lines. Its own module, loaded with React.lazy, so recharts comes only with the screens that draw. */
export default function AnalyticsChart({ labels, series, language, title }: AnalyticsChartProps) {
  const theme = useTheme();
  const vars = theme.vars?.palette;
  const colors = [vars?.primary.main ?? theme.palette.primary.main, vars?.secondary.main ?? theme.palette.secondary.main];
  const text = vars?.text.secondary ?? theme.palette.text.secondary;
  const grid = vars?.divider ?? theme.palette.divider;
  const paper = vars?.background.paper ?? theme.palette.background.paper;
  const data = labels.map((d, i) => ({ label: formatShortDate(d, language), ...Object.fromEntries(series.map((s) => [s.name, s.data[i] ?? 0])) }));
  return (
    <Box role="img" aria-label={title} sx={{ width: '100%', height: 280 }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke={grid} />
          <XAxis dataKey="label" tick={{ fill: text, fontSize: 12 }} tickLine={false} axisLine={{ stroke: grid }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fill: text, fontSize: 12 }} tickLine={false} axisLine={false} width={48} />
          <Tooltip contentStyle={{ background: paper, border: `1px solid ${grid}`, borderRadius: 8 }} labelStyle={{ color: text }} />
          <Legend wrapperStyle={{ color: text, fontSize: 13 }} />
          {series.map((s, i) => (
            <Line
              key={s.name}
              type="monotone"
              dataKey={s.name}
              name={s.label}
              stroke={colors[i % colors.length]}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}
