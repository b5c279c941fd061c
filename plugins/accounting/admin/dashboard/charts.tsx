// The accounting widgets' bar charts: the only module that imports recharts, loaded with import() by the widgets
// that draw one, after their figures are on screen (the dashboard's first paint never waits for it).
import { formatMoney } from '@conjunto/core';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface Series {
  key: string;
  name: string;
  color: string;
}

/** Short money for an axis: $1.2k, $35k, $1.4M. */
const axisMoney = (value: number) => {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `$${(value / 1_000_000).toFixed(1)}M`;
  if (abs >= 1_000) return `$${(value / 1_000).toFixed(abs >= 10_000 ? 0 : 1)}k`;
  return `$${value}`;
};

/**
 * Bars of money per category: columns (`layout` 'horizontal', categories on the x axis) or rows ('vertical',
 * long labels on the left). One bar per series; a legend when there are several.
 */
export default function MoneyBars({
  data,
  category,
  series,
  layout = 'horizontal',
  height = 240,
}: {
  data: Record<string, string | number>[];
  category: string;
  series: Series[];
  layout?: 'horizontal' | 'vertical';
  height?: number;
}) {
  const rows = layout === 'vertical';
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} layout={layout} margin={{ top: 8, right: 12, bottom: 0, left: rows ? 8 : 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={!rows} vertical={rows} />
        {rows ? (
          <>
            <XAxis type="number" tickFormatter={axisMoney} fontSize={12} />
            <YAxis type="category" dataKey={category} width={120} fontSize={12} interval={0} />
          </>
        ) : (
          <>
            {/* A few categories are all named; twelve months leave some names out on a phone. */}
            <XAxis dataKey={category} fontSize={12} interval={data.length <= 6 ? 0 : 'preserveStartEnd'} />
            <YAxis tickFormatter={axisMoney} width={52} fontSize={12} />
          </>
        )}
        <Tooltip formatter={(value) => formatMoney(value)} />
        {series.length > 1 ? (
          <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={(item) => series.findIndex((s) => s.key === item.dataKey)} />
        ) : null}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={s.color}
            radius={rows ? [0, 3, 3, 0] : [3, 3, 0, 0]}
            maxBarSize={36}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
