// An area's slots in Guayaquil time (UTC-5 all year, no daylight saving: spec 000's business day), and whether a
// requested range is made of them. Plain functions, unit-tested.
import { randomInt } from 'node:crypto';
import { clockOf, RESERVATION_MESSAGES as M, RESERVATION_LIMITS } from '../reservations.ts';

const MINUTE = 60_000;
const OFFSET_MINUTES = 5 * 60;

export interface AreaHours {
  mode: string;
  opensMinute: number;
  closesMinute: number;
  slotMinutes: number;
  maxSlots: number;
  weekdays: number;
}

/** The instant of minute `minute` of Guayaquil day `day` ('YYYY-MM-DD'). */
export const instantOf = (day: string, minute: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + (minute + OFFSET_MINUTES) * MINUTE);
/** The Guayaquil day of an instant. */
export const dayOf = (at: Date) => new Date(at.getTime() - OFFSET_MINUTES * MINUTE).toISOString().slice(0, 10);
/** ISO weekday (Monday 1 .. Sunday 7) of a day. */
export const weekdayOf = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
export const opensOn = (area: Pick<AreaHours, 'weekdays'>, day: string) => (area.weekdays & (1 << (weekdayOf(day) - 1))) !== 0;
/** Consecutive slots one reservation may take: one block, or up to maxSlots hours. */
export const slotsAllowed = (area: Pick<AreaHours, 'mode' | 'maxSlots'>) => (area.mode === 'bloques' ? 1 : area.maxSlots);

export const weekdayMask = (days: readonly number[]) => days.reduce((mask, d) => mask | (1 << (d - 1)), 0);
export const weekdaysOf = (mask: number) => [1, 2, 3, 4, 5, 6, 7].filter((d) => mask & (1 << (d - 1)));

/** The slots of `day` (none when the area does not open that weekday). */
export function slotsOf(area: AreaHours, day: string): { startsAt: Date; endsAt: Date; label: string }[] {
  if (!opensOn(area, day)) return [];
  const slots = [];
  for (let m = area.opensMinute; m + area.slotMinutes <= area.closesMinute; m += area.slotMinutes)
    slots.push({
      startsAt: instantOf(day, m),
      endsAt: instantOf(day, m + area.slotMinutes),
      label: `${clockOf(m)} - ${clockOf(m + area.slotMinutes)}`,
    });
  return slots;
}

/** Why [startsAt, endsAt) is not a reservation of whole consecutive slots of one day of the area, or null. */
export function slotProblem(area: AreaHours, startsAt: Date, endsAt: Date): string | null {
  const day = dayOf(startsAt);
  if (!opensOn(area, day)) return M.closedDay;
  const start = (startsAt.getTime() - instantOf(day, 0).getTime()) / MINUTE;
  const end = (endsAt.getTime() - instantOf(day, 0).getTime()) / MINUTE;
  if (start < area.opensMinute || end > area.closesMinute) return M.outsideHours;
  const length = end - start;
  if (!Number.isInteger(start) || (start - area.opensMinute) % area.slotMinutes !== 0 || length % area.slotMinutes !== 0)
    return M.badSlot;
  // The last slot must fit before closing (a 90-minute block of an area open 8:00-21:00 ends at 20:00).
  if (area.opensMinute + Math.floor((area.closesMinute - area.opensMinute) / area.slotMinutes) * area.slotMinutes < end)
    return M.outsideHours;
  if (length / area.slotMinutes > slotsAllowed(area)) return M.tooLong(slotsAllowed(area));
  return null;
}

/** [first day of the month, first day of the next) of an instant's Guayaquil month, as instants. */
export function monthOf(at: Date): [Date, Date] {
  const [y, m] = dayOf(at).split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return [instantOf(`${y}-${String(m).padStart(2, '0')}-01`, 0), instantOf(next, 0)];
}

const HASH_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Spec 002 §9: the random 15-character lowercase alphanumeric id. */
export const newHash = () =>
  Array.from({ length: RESERVATION_LIMITS.hashLength }, () => HASH_ALPHABET[randomInt(HASH_ALPHABET.length)]).join('');
/** Spec 002 §9: the QR's 8 digits. */
export const newCode = () =>
  String(randomInt(0, 10 ** RESERVATION_LIMITS.codeDigits)).padStart(RESERVATION_LIMITS.codeDigits, '0');
