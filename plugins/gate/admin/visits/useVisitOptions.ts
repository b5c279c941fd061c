// What the complex's switches let the visit forms offer (GET early-visits/options): the server enforces the same.
import type { Static } from 'typebox';
import type { EarlyVisitOptionsSchema } from '../../schemas.ts';
import { useShellAnswer } from '../screens/shared.tsx';

export type VisitOptions = Static<typeof EarlyVisitOptionsSchema>;
export const VISITS = 'visitasAnticipadas';
/** Until the answer comes (or if it fails), the forms offer the least: today, no recurrence, no PIN, no print. */
const LEAST: VisitOptions = { entryDate: false, recurring: false, pin: false, print: false, aheadDays: 0, recurringMaxDays: 0 };

export function useVisitOptions(): VisitOptions {
  return useShellAnswer<VisitOptions>(VISITS, 'options') ?? LEAST;
}
