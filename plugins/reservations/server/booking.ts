// The rules of a reservation (spec 000 §4, 002 §4 §5): what may be booked, approving (with its code and its charge),
// rejecting and cancelling (which take both back), and what the resident and the office are told of it.
import {
  centsToDecimal,
  formatDateTime,
  type HostServices,
  invalid,
  isoOrNull,
  onUniqueViolation,
  toCents,
} from '@conjunto/core';
import { INCOME_PURPOSES } from '@conjunto/plugin-accounting/manifest';
import { LockMode } from '@mikro-orm/core';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { RESERVATION_LIMITS as L, RESERVATION_MESSAGES as M, RESERVATION_TOPICS } from '../reservations.ts';
import type { ReservationSchema } from '../schemas.ts';
import type { ReservationArea } from './area.entity.ts';
import { accountingOf, refused, type Tx } from './common.ts';
import { REMINDER_SCHEDULE, reminderSchedule } from './reminders.ts';
import { Reservation } from './reservation.entity.ts';
import { dayOf, monthOf, newCode, newHash, slotProblem } from './slots.ts';

type Item = Static<typeof ReservationSchema>;
const HOUR = 3_600_000;

export const toReservation = (r: Reservation, showCode: boolean): Item => ({
  id: r.id,
  areaId: r.areaId,
  areaName: r.areaName ?? '',
  unitId: r.unitId,
  unitNumber: r.unitNumber ?? null,
  userId: r.userId ?? null,
  userName: r.userName ?? null,
  startsAt: new Date(r.startsAt).toISOString(),
  endsAt: new Date(r.endsAt).toISOString(),
  status: r.status as Item['status'],
  approved: r.status === 'aprobada',
  hash: r.hash,
  code: showCode ? (r.code ?? null) : null,
  codeValidFrom: showCode ? isoOrNull(r.codeValidFrom) : null,
  codeValidUntil: showCode ? isoOrNull(r.codeValidUntil) : null,
  guests: r.guests ?? null,
  notes: r.notes ?? null,
  price: Number(r.price),
  deposit: Number(r.deposit),
  charged: r.charged,
  reason: r.reason ?? null,
  decidedAt: isoOrNull(r.decidedAt),
  decidedByName: r.decidedByName ?? null,
  lastValidatedAt: isoOrNull(r.lastValidatedAt),
  createdAt: new Date(r.createdAt).toISOString(),
});

export interface BookingInput {
  startsAt: Date;
  endsAt: Date;
  guests?: number | null;
}

/** The area's rules for a range (whole slots, opening hours, notice, capacity, the unit's monthly limit), or throws. */
export async function checkBooking(
  tx: Tx,
  area: ReservationArea,
  input: BookingInput,
  { unitId, office, excludeId }: { unitId: string; office: boolean; excludeId?: string },
): Promise<void> {
  if (!area.enabled) throw refused(422, 'AREA_DISABLED', M.areaDisabled, 'areaId');
  await lockArea(tx, area.id);
  const { startsAt, endsAt } = input;
  if (!(endsAt > startsAt)) throw invalid('endsAt', M.badSlot);
  const problem = slotProblem(area, startsAt, endsAt);
  if (problem) throw invalid('startsAt', problem);
  const now = Date.now();
  if (startsAt.getTime() < now) throw invalid('startsAt', M.past);
  if (startsAt.getTime() > now + L.aheadDays * 24 * HOUR) throw invalid('startsAt', M.tooFar);
  // The office books for a unit at any notice (a call, a walk-in); residents keep the area's.
  if (!office && startsAt.getTime() < now + area.minNoticeHours * HOUR) throw invalid('startsAt', M.notice(area.minNoticeHours));
  if (area.capacity && input.guests && input.guests > area.capacity) throw invalid('guests', M.capacity(area.capacity));
  if (area.maxPerUnitMonth) {
    // One booking of the unit at a time: two requests at once cannot both take the month's last one.
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`reservations.unit:${unitId}`]);
    const [from, to] = monthOf(startsAt);
    const [row] = await tx.execute<{ n: number }[]>(
      `select count(*)::int as n from reservations
        where complex_id = ? and area_id = ? and unit_id = ? and status in ('pendiente', 'aprobada')
          and starts_at >= ? and starts_at < ? and id <> ?`,
      [area.complexId, area.id, unitId, from, to, excludeId ?? '00000000-0000-0000-0000-000000000000'],
    );
    if (row.n >= area.maxPerUnitMonth) throw refused(409, 'MONTH_LIMIT', M.monthLimit(area.maxPerUnitMonth), 'startsAt');
  }
}

/**
 * Writers of one area's reservations take turns: every insert or update of a live reservation re-checks the exclusion
 * constraint, and two transactions that each wrote an overlapping row would wait on each other (a deadlock, seen
 * under concurrent bookings on PostgreSQL). Taken first in each transaction that writes the area's reservations.
 */
export const lockArea = (tx: Tx, areaId: string) =>
  tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`reservations.area:${areaId}`]);

/**
 * A reservation of the complex matching `where`, locked for a write: its area's turn first (lockArea), then its row,
 * read again once both are held. Undefined when there is none.
 */
export async function lockedReservation(
  tx: Tx,
  complexId: string,
  where: Record<string, unknown>,
): Promise<Reservation | undefined> {
  const found = await tx.findOne(Reservation, { complexId, ...where });
  if (!found) return undefined;
  await lockArea(tx, found.areaId);
  return (
    (await tx.findOne(Reservation, { complexId, id: found.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })) ??
    undefined
  );
}

/** The exclusion constraint's refusal (two live reservations of one area overlap) as the route's 409. */
export const slotTaken = onUniqueViolation('reservations_no_overlap', () => refused(409, 'SLOT_TAKEN', M.slotTaken, 'startsAt'));

export interface NewReservation extends BookingInput {
  complexId: string;
  area: ReservationArea;
  unitId: string;
  userId: string | null;
  notes: string | null;
  /** A resident with the prepaid guarantee: no deposit. */
  noDeposit: boolean;
}

export async function insertReservation(tx: Tx, input: NewReservation): Promise<Reservation> {
  const reservation = tx.create(Reservation, {
    complexId: input.complexId,
    areaId: input.area.id,
    unitId: input.unitId,
    userId: input.userId,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    status: 'pendiente',
    hash: newHash(),
    guests: input.guests ?? null,
    notes: input.notes,
    price: input.area.price,
    deposit: input.noDeposit ? '0' : input.area.deposit,
    charged: false,
  } as never);
  await tx.flush().catch(slotTaken);
  return reservation;
}

/** A code of 8 digits no approved reservation of the complex holds (the unique index settles a tie). */
async function freeCode(tx: Tx, complexId: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = newCode();
    const taken = await tx.execute('select 1 from reservations where complex_id = ? and code = ?', [complexId, code]);
    if (!taken.length) return code;
  }
  throw refused(409, 'NO_FREE_CODE', M.approveFailed);
}

/** Where the code opens: from the start to the end of the reservation (issue 14). */
export const codeWindow = (startsAt: Date, endsAt: Date): [Date, Date] => [startsAt, endsAt];

const chargeRefs = (id: string) => ({ price: `reservations:${id}:price`, deposit: `reservations:${id}:deposit` });

/** The reservation's price and deposit on the unit's receivables (income category Reservas), once; false without accounting. */
async function postCharges(host: HostServices, request: FastifyRequest, tx: Tx, r: Reservation, areaName: string) {
  const cents = { price: toCents(r.price), deposit: toCents(r.deposit) };
  if (!cents.price && !cents.deposit) return false;
  const accounting = await accountingOf(host, request, tx);
  if (!accounting) return false;
  const day = dayOf(new Date(r.startsAt));
  const refs = chargeRefs(r.id);
  const { category, subcategory } = INCOME_PURPOSES.Reservas;
  for (const part of ['price', 'deposit'] as const) {
    if (!cents[part]) continue;
    await accounting.postCharge({
      unitId: r.unitId,
      category,
      subcategory,
      name: `${part === 'price' ? 'Reserva' : 'Garantía de reserva'} ${areaName} ${day}`.slice(0, 150),
      amount: Number(centsToDecimal(cents[part])),
      dueDate: day,
      ref: refs[part],
    });
  }
  return true;
}

/** Takes the charges back (unpaid ones are deleted; paid ones stay for the office): what happened to each. */
async function withdrawCharges(host: HostServices, request: FastifyRequest, tx: Tx, r: Reservation) {
  if (!r.charged) return null;
  const accounting = await accountingOf(host, request, tx);
  if (!accounting) return null;
  const refs = chargeRefs(r.id);
  const outcomes = {
    price: (await accounting.withdrawCharge(refs.price)).outcome,
    deposit: (await accounting.withdrawCharge(refs.deposit)).outcome,
  };
  r.charged = Object.values(outcomes).includes('paid');
  return outcomes;
}

const when = (r: Reservation) => formatDateTime(r.startsAt);

/**
 * The resident's push (and e-mail with ReservasEmail) of a decision on their reservation, in `tx`. The office's
 * booking for a unit has no resident of its own: the unit's holder (owner, else tenant) hears of it.
 */
async function tellResident(
  host: HostServices,
  request: FastifyRequest,
  tx: Tx,
  r: Reservation,
  areaName: string,
  decision: 'aprobada' | 'rechazada' | 'cancelada',
) {
  const { complexId } = host.context(request);
  const directory = host.directory({ complexId, em: tx });
  const userId = r.userId ?? (await directory.unit(r.unitId))?.holderId;
  // Whoever acted knows already.
  if (!userId || userId === host.context(request).userId) return;
  const title = `Reserva ${decision}`;
  const body = `${areaName}, ${when(r)}${r.reason ? `. ${r.reason}` : ''}`;
  await host.push.queue(tx, {
    userIds: [userId],
    title,
    body,
    url: '/#/residente',
    complexId,
    category: `reservations.${decision}`,
    data: { reservationId: r.id },
  });
  if (!host.switchOn(request, 'ReservasEmail')) return;
  const person = await directory.person(userId);
  if (person?.email)
    await host.queueMail(request, tx, {
      to: [person.email],
      subject: `${title}: ${areaName}`,
      text: `Su reserva de ${areaName} para el ${when(r)} fue ${decision}.${r.reason ? `\n\nMotivo: ${r.reason}` : ''}`,
      category: `reservations.${decision}`,
    });
}

/** The office hears of a new request (ReservasEmail): its administrators get an e-mail naming who asked. */
export async function tellOffice(
  host: HostServices,
  request: FastifyRequest,
  tx: Tx,
  r: Reservation,
  areaName: string,
  who: { name: string; unitNumber: string },
) {
  if (!host.switchOn(request, 'ReservasEmail')) return;
  const admins = (await host.directory({ complexId: r.complexId, em: tx }).staff('administrador')).map((a) => a.email);
  if (!admins.length) return;
  await host.queueMail(request, tx, {
    to: admins,
    subject: `Nueva reserva por aprobar: ${areaName}`,
    text: `${who.name} (U.H. ${who.unitNumber}) pidió ${areaName} para el ${when(r)}.`,
    category: 'reservations.requested',
  });
}

const changedLive = (host: HostServices, r: Reservation, tx: Tx) =>
  host.publish(r.complexId, RESERVATION_TOPICS.changed, { id: r.id, status: r.status }, tx);

/**
 * Approves a pending reservation that has not ended (spec: an ended one can only be rejected): its code when the
 * area allows QR, its charges where accounting is on, the resident's push. The row is locked: of two approvals at
 * once, one approves and the other is told it is no longer pending.
 */
export async function approve(host: HostServices, request: FastifyRequest, tx: Tx, r: Reservation, area: ReservationArea) {
  if (r.status !== 'pendiente') throw refused(409, 'NOT_PENDING', M.notPending);
  if (new Date(r.endsAt).getTime() <= Date.now()) throw refused(409, 'ENDED', M.pastApprove);
  const before = { status: r.status, code: r.code ?? null };
  r.status = 'aprobada';
  r.decidedAt = new Date();
  r.decidedBy = host.context(request).userId;
  if (area.allowQr && !r.code) {
    r.code = await freeCode(tx, r.complexId);
    [r.codeValidFrom, r.codeValidUntil] = codeWindow(new Date(r.startsAt), new Date(r.endsAt));
  }
  r.charged = (await postCharges(host, request, tx, r, area.name)) || r.charged;
  await tx
    .flush()
    .catch(onUniqueViolation('reservations_complex_code_unique', () => refused(409, 'CODE_TAKEN', M.approveFailed)));
  await tellResident(host, request, tx, r, area.name, 'aprobada');
  // The evening reminder's schedule is set with the complex's first area; a complex whose areas predate it gets it here.
  await host.schedules.ensure(request, tx, REMINDER_SCHEDULE, reminderSchedule());
  host.audit(request, tx, {
    resource: 'reservations',
    recordId: r.id,
    action: 'approve',
    changes: { status: [before.status, r.status], code: [before.code, r.code ?? null], charged: r.charged },
    description: `${area.name} ${when(r)}`,
  });
  await changedLive(host, r, tx);
}

/** Ends a live reservation: rejected by the office or cancelled; its code goes, its charges are taken back. */
export async function end(
  host: HostServices,
  request: FastifyRequest,
  tx: Tx,
  r: Reservation,
  areaName: string,
  status: 'rechazada' | 'cancelada',
  reason: string | null,
) {
  if (r.status !== 'pendiente' && r.status !== 'aprobada') throw refused(409, 'NOT_LIVE', M.notLive);
  const before = r.status;
  r.status = status;
  r.reason = reason;
  r.code = null;
  r.codeValidFrom = null;
  r.codeValidUntil = null;
  r.decidedAt = new Date();
  r.decidedBy = host.context(request).userId;
  const charges = await withdrawCharges(host, request, tx, r);
  await tx.flush();
  // The resident hears of the office's decision; their own cancellation needs no push.
  await tellResident(host, request, tx, r, areaName, status);
  host.audit(request, tx, {
    resource: 'reservations',
    recordId: r.id,
    action: status === 'rechazada' ? 'reject' : 'cancel',
    changes: { status: [before, status], reason, charges },
    description: `${areaName} ${when(r)}`,
  });
  await changedLive(host, r, tx);
}

export { changedLive };
