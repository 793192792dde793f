import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney, formatNumber } from '@/lib/format';
import { monthLabel, type CellKind } from '../derive';

/**
 * The reports' charts. recharts is large: this module is only ever imported lazily
 * (report-chart.tsx), so it and recharts load in a chunk of their own, on the console.
 * Each chart is a picture of a table that is on the page too; the picture is an image
 * with a label, and the numbers are read from the table.
 */

export interface Series {
  key: string;
  name: string;
  colour: string;
  /** Bars with the same stack id sit on top of each other. */
  stack?: string;
}

const HEIGHT = 260;
const valueText = (kind: CellKind) => (v: unknown) =>
  kind === 'money' ? formatMoney(Number(v)) : formatNumber(Number(v));

export interface MonthlyBarsProps {
  rows: ReadonlyArray<Record<string, string | number>>;
  series: readonly Series[];
  kind: CellKind;
}

/** Bars per month (`month` is `YYYY-MM`), grouped or stacked. */
export function MonthlyBars({ rows, series, kind }: MonthlyBarsProps) {
  const format = valueText(kind);
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={[...rows]} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tickFormatter={(m: string) => monthLabel(m)} tick={{ fontSize: 12 }} />
        <YAxis
          tickFormatter={format}
          width={kind === 'money' ? 96 : 40}
          tick={{ fontSize: 12 }}
          allowDecimals={false}
        />
        <Tooltip
          formatter={(value, name) => [format(value), name]}
          labelFormatter={(m) => monthLabel(String(m))}
        />
        <Legend />
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={s.colour}
            stackId={s.stack}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export interface Slice {
  name: string;
  value: number;
  colour: string;
}

/** Shares of a whole (loans by status); empty slices are left out. */
export function SharesPie({ slices, kind }: { slices: readonly Slice[]; kind: CellKind }) {
  const format = valueText(kind);
  const shown = slices.filter((s) => s.value > 0);
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <PieChart accessibilityLayer={false}>
        <Pie
          data={shown}
          dataKey="value"
          nameKey="name"
          innerRadius="45%"
          outerRadius="80%"
          isAnimationActive={false}
        >
          {shown.map((s) => (
            <Cell key={s.name} fill={s.colour} />
          ))}
        </Pie>
        <Tooltip formatter={(value, name) => [format(value), name]} />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** Bars by category (overdue buckets, upgrade levels), each bar its own colour. */
export function CategoryBars({
  rows,
  categoryKey,
  valueKey,
  valueName,
  colours,
  kind,
}: {
  rows: ReadonlyArray<Record<string, string | number>>;
  categoryKey: string;
  valueKey: string;
  valueName: string;
  colours: readonly string[];
  kind: CellKind;
}) {
  const format = valueText(kind);
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={[...rows]} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={categoryKey} tick={{ fontSize: 12 }} />
        <YAxis
          tickFormatter={format}
          width={kind === 'money' ? 96 : 40}
          tick={{ fontSize: 12 }}
          allowDecimals={false}
        />
        <Tooltip formatter={(value) => [format(value), valueName]} />
        <Bar dataKey={valueKey} name={valueName} isAnimationActive={false}>
          {rows.map((r, i) => (
            <Cell key={String(r[categoryKey])} fill={colours[i % colours.length]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Bars per category (a branch), each split into stacked series (the delinquency classes). */
export function StackedCategoryBars({
  rows,
  categoryKey,
  series,
  kind,
}: {
  rows: ReadonlyArray<Record<string, string | number>>;
  categoryKey: string;
  series: readonly Series[];
  kind: CellKind;
}) {
  const format = valueText(kind);
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={[...rows]} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={categoryKey} tick={{ fontSize: 12 }} />
        <YAxis
          tickFormatter={format}
          width={kind === 'money' ? 96 : 40}
          tick={{ fontSize: 12 }}
          allowDecimals={false}
        />
        <Tooltip formatter={(value, name) => [format(value), name]} />
        <Legend />
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={s.colour}
            stackId={s.stack}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
