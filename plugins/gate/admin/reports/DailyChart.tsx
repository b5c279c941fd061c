// The daily visits' bars (recharts, in this chunk only).
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export default function DailyChart({
  data,
  labels,
}: {
  data: { day: string; visits: number; rejected: number }[];
  labels: { visits: string; rejected: string };
}) {
  // Oldest day on the left.
  const rows = [...data].reverse().map((d) => ({ ...d, name: d.day.slice(5).split('-').reverse().join('/') }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={rows} margin={{ top: 8, right: 12 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Legend />
        <Bar dataKey="visits" name={labels.visits} fill="#1976d2" isAnimationActive={false} />
        <Bar dataKey="rejected" name={labels.rejected} fill="#ed6c02" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
