import { Box, useTheme } from '@mui/material';
import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** A sample price line. Its own module, loaded with React.lazy with the crypto screen. */
export default function PriceChart({
  points,
  title,
  height = 200,
  axes = true,
}: {
  points: { x: string; y: number }[];
  title: string;
  height?: number;
  axes?: boolean;
}) {
  const theme = useTheme();
  const vars = theme.vars?.palette;
  const color = vars?.primary.main ?? theme.palette.primary.main;
  const text = vars?.text.secondary ?? theme.palette.text.secondary;
  const grid = vars?.divider ?? theme.palette.divider;
  const paper = vars?.background.paper ?? theme.palette.background.paper;
  const data = points.map((p) => ({ label: p.x.slice(11, 16), y: p.y }));
  return (
    <Box role="img" aria-label={title} sx={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: axes ? 0 : 4 }}>
          {axes && <XAxis dataKey="label" tick={{ fill: text, fontSize: 12 }} tickLine={false} axisLine={{ stroke: grid }} minTickGap={24} />}
          {axes ? (
            <YAxis domain={['auto', 'auto']} tick={{ fill: text, fontSize: 12 }} tickLine={false} axisLine={false} width={64} />
          ) : (
            <YAxis hide domain={['auto', 'auto']} />
          )}
          {axes && <Tooltip contentStyle={{ background: paper, border: `1px solid ${grid}`, borderRadius: 8 }} labelStyle={{ color: text }} />}
          <Line type="monotone" dataKey="y" stroke={color} strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}
