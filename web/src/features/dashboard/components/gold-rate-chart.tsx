import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatMoney } from '@/lib/format';

/** Loaded lazily (gold-rate-management.tsx): recharts stays out of the page's first load. */
export default function GoldRateChart({ points }: { points: ReadonlyArray<{ at: string; rate: number }> }) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart
        data={[...points]}
        margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="at"
          tickFormatter={(v: string) => formatDate(v)}
          tick={{ fontSize: 12 }}
          minTickGap={24}
        />
        <YAxis
          tickFormatter={(v: number) => formatMoney(v)}
          width={80}
          tick={{ fontSize: 12 }}
          domain={['auto', 'auto']}
        />
        <Tooltip
          formatter={(value) => [formatMoney(Number(value)), 'Rate per gram']}
          labelFormatter={(v) => formatDate(String(v))}
        />
        <Line
          type="stepAfter"
          dataKey="rate"
          name="Rate per gram"
          stroke="#b8860b"
          strokeWidth={2}
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
