// The 24 bars of the hourly visit report (recharts, in this chunk only: loaded with the report's page).
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export default function HourlyChart({
  data,
  label,
  phone,
}: {
  data: { hour: number; visits: number }[];
  label: string;
  phone?: boolean;
}) {
  // A phone's ~330 px hold no 12 level labels: every third hour, slanted.
  const ticks = phone ? { interval: 2, angle: -45, textAnchor: 'end' as const, height: 48 } : { interval: 1 };
  return (
    <ResponsiveContainer width="100%" height={320}>
      <BarChart data={data.map((b) => ({ ...b, name: `${String(b.hour).padStart(2, '0')}:00` }))} margin={{ top: 8, right: 12 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" fontSize={12} {...ticks} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Bar dataKey="visits" name={label} fill="#1976d2" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
