// What the complex's switches let the visit forms offer (GET early-visits/options): the server enforces the same.
import { useEffect, useState } from 'react';
import type { Static } from 'typebox';
import type { EarlyVisitOptionsSchema } from '../../schemas.ts';
import { useShellCalls } from '../screens/shared.tsx';

export type VisitOptions = Static<typeof EarlyVisitOptionsSchema>;
export const VISITS = 'visitasAnticipadas';
/** Until the answer comes (or if it fails), the forms offer the least: today, no recurrence, no PIN, no print. */
const LEAST: VisitOptions = { entryDate: false, recurring: false, pin: false, print: false, aheadDays: 0, recurringMaxDays: 0 };

export function useVisitOptions(): VisitOptions {
  const api = useShellCalls();
  const [options, setOptions] = useState(LEAST);
  useEffect(() => {
    let live = true;
    api.send<VisitOptions>(VISITS, 'options').then(
      (answer) => live && setOptions(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return options;
}
