import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatMoney, formatMoneyExact } from '@/lib/format';
import { purityLabel, type ChartPoint } from '../gold-price-view';

/** A line per purity, each its own hue; the valuation price dashed over them. */
const COLOURS: Record<number, string> = {
  999: '#8a6410',
  995: '#c2410c',
  916: '#165440',
  750: '#1d4ed8',
  585: '#6b4226',
};

interface GoldPriceChartProps {
  points: readonly ChartPoint[];
  purities: readonly number[];
  referencePurity: number;
}

/** Loaded lazily (gold-prices-page.tsx): recharts stays out of the page's first load. */
export default function GoldPriceChart({ points, purities, referencePurity }: GoldPriceChartProps) {
  return (
    <ResponsiveContainer width="100%" height={320}>
      <LineChart
        data={[...points]}
        margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={(v: string) => formatDate(v)}
          tick={{ fontSize: 12 }}
          minTickGap={32}
        />
        <YAxis
          tickFormatter={(v: number) => formatMoney(v)}
          width={84}
          tick={{ fontSize: 12 }}
          domain={['auto', 'auto']}
        />
        <Tooltip
          formatter={(value, name) => [formatMoneyExact(Number(value)), String(name)]}
          labelFormatter={(v) => formatDate(String(v))}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {purities.map((p) => (
          <Line
            key={p}
            type="linear"
            dataKey={`p${p}`}
            name={purityLabel(p)}
            stroke={COLOURS[p] ?? '#4b5563'}
            strokeWidth={p === referencePurity ? 2.5 : 1.5}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        ))}
        <Line
          type="stepAfter"
          dataKey="valuation"
          name={`Valuation price, ${purityLabel(referencePurity)}`}
          stroke="#b42318"
          strokeWidth={2}
          strokeDasharray="6 4"
          dot={false}
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
