// A chart of the widgets, fetched with import() only when a widget draws it; a grey block holds its place meanwhile.
import Skeleton from '@mui/material/Skeleton';
import { type ComponentProps, lazy, Suspense } from 'react';

const MoneyBars = lazy(() => import('./charts.tsx'));

export function Chart(props: ComponentProps<typeof MoneyBars>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height ?? 240} />}>
      <MoneyBars {...props} />
    </Suspense>
  );
}
