// Demo data of the gate, in Los Álamos (where guardia@demo.test works): two guard posts, a month of entries with
// their exits at realistic hours (busier in the afternoon; some refused, some black-list warnings let in; two
// visitors still inside), a black-listed cédula and a white-listed plate, early visits for today (pending ones ring
// the guard's bell; one cancelled), a few novedades, and panic alerts: one closed in Los Álamos, one still open in La
// Colina (platform staff see both in /superAdmin/allPanics; an open one in Los Álamos would pop the guard's
// 'Necesito ayuda' dialog at every sign-in of the demo).
import { businessDay, type DemoSeedContext, newId } from '@conjunto/core';
import { expectedExit, VISIT_TIMES, VISIT_TYPES, validUntil } from '../gate.ts';
import { GateCamera } from './camera.entity.ts';
import { EarlyVisit } from './early-visit.entity.ts';
import { visitHash } from './early-visits.ts';
import { GateEntry } from './entry.entity.ts';
import { GateEvent } from './event.entity.ts';
import { GateListItem } from './list.entity.ts';
import { PanicAlert } from './panic.entity.ts';
import { GatePost } from './post.entity.ts';
import { seedRounds } from './rounds-seed.ts';
import { seedTimeline } from './timeline-seed.ts';

const FIRST = ['Carlos', 'María', 'José', 'Lucía', 'Pedro', 'Ana', 'Luis', 'Gabriela', 'Jorge', 'Paola', 'Diego', 'Verónica'];
const LAST = ['Mendoza', 'Vera', 'Zambrano', 'Cevallos', 'Andrade', 'Torres', 'Castro', 'Salazar', 'Guerrero', 'Mora'];
const COLORS = ['Blanco', 'Negro', 'Gris', 'Rojo', 'Azul', 'Plata'];
const BLACK_LISTED = { idNumber: '0923456781', firstName: 'Ramiro', lastName: 'Ortiz' };
const WHITE_PLATE = 'GBA4521';
const DAYS = 30;
/** Entries per hour of the day (06:00-22:00), as a gate sees them: a morning wave, most in the afternoon. */
const HOUR_WEIGHTS: readonly [number, number][] = [
  [6, 1],
  [7, 3],
  [8, 4],
  [9, 4],
  [10, 4],
  [11, 4],
  [12, 5],
  [13, 5],
  [14, 7],
  [15, 8],
  [16, 9],
  [17, 9],
  [18, 8],
  [19, 6],
  [20, 4],
  [21, 2],
  [22, 1],
];
const WEIGHT_TOTAL = HOUR_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);

/** 'YYYY-MM-DD' `days` from the business day `from`. */
const shift = (from: string, days: number) =>
  new Date(Date.parse(`${from}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const at = (day: string, hour: number, minute: number) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00-05:00`);

export async function seedGate(ctx: DemoSeedContext): Promise<void> {
  const { em, random } = ctx;
  const complex = ctx.complexes.find((c) => c.name.includes('Álamos')) ?? ctx.complexes[0];
  if (!complex) return;
  const directory = ctx.directory(complex.id);
  const units = await directory.units();
  const guard = (await directory.staff('supervisor'))[0]?.id ?? null;
  if (units.length < 4) return;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const idNumber = () => `09${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
  const today = businessDay();
  const now = Date.now();

  // Novedades may be e-mailed in the demo complex.
  await ctx.switchOn([complex.id], 'EmailNovedades');
  const posts = ['Garita principal', 'Garita posterior'].map((name) =>
    em.create(GatePost, { complexId: complex.id, name } as never),
  );
  // Simulated cameras (a timestamped frame each): two at the main post, one at the back one.
  for (const [post, name] of [
    [posts[0], 'Entrada vehicular'],
    [posts[0], 'Peatonal'],
    [posts[1], 'Portón posterior'],
  ] as const)
    em.create(GateCamera, { complexId: complex.id, postId: post.id, name, driver: 'simulator' } as never);

  em.create(GateListItem, {
    complexId: complex.id,
    kind: 'negra',
    idNumber: BLACK_LISTED.idNumber,
    name: `${BLACK_LISTED.firstName} ${BLACK_LISTED.lastName}`,
    reason: 'Daños a las áreas comunales; prohibido su ingreso por resolución de la directiva.',
    createdBy: guard,
  } as never);
  em.create(GateListItem, {
    complexId: complex.id,
    kind: 'blanca',
    plate: WHITE_PLATE,
    name: 'Distribuidora de gas La Llama',
    reason: 'Proveedor autorizado: entrega de gas los martes y viernes.',
    createdBy: guard,
  } as never);

  const entry = (values: Record<string, unknown>) => {
    const enteredAt = values.enteredAt as Date;
    const visitType = values.visitType as string;
    const expectedStay = (values.expectedStay as string | null) ?? null;
    return em.create(GateEntry, {
      complexId: complex.id,
      registeredBy: guard,
      exitRegisteredBy: values.exitedAt ? guard : null,
      validUntil: validUntil(visitType, enteredAt),
      expectedExitAt: expectedExit(expectedStay, enteredAt),
      lastName: '',
      source: 'guardia',
      ...values,
      expectedStay,
    } as never);
  };

  // A month of visits, every one with its exit, in one multi-row insert (the demo starts fast): 15 to 30 a day
  // (more on weekends), hours drawn from HOUR_WEIGHTS; about 3 % refused at the gate, 2 % black-list warnings that
  // the guard let in.
  await em.flush();
  const hourOf = () => {
    let left = random() * WEIGHT_TOTAL;
    for (const [hour, weight] of HOUR_WEIGHTS) {
      left -= weight;
      if (left < 0) return hour;
    }
    return 22;
  };
  const month: Record<string, unknown>[] = [];
  for (let d = DAYS; d >= 1; d--) {
    const day = shift(today, -d);
    const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
    const count = Math.round((15 + random() * 15) * (weekend ? 1.3 : 1));
    for (let i = 0; i < count; i++) {
      const unit = units[Math.floor(random() * units.length)];
      const type = VISIT_TYPES[Math.floor(random() * VISIT_TYPES.length)];
      const stay = pick(VISIT_TIMES);
      const enteredAt = at(day, hourOf(), Math.floor(random() * 60));
      const plate = random() < 0.5 ? `G${pick(['BA', 'SA', 'YE'])}${String(1000 + Math.floor(random() * 9000))}` : null;
      const roll = random();
      const refused = roll < 0.03;
      const warned = !refused && roll < 0.05;
      const minutes = refused ? 2 + Math.floor(random() * 5) : 10 + Math.floor(random() * 170);
      month.push({
        id: newId(),
        complexId: complex.id,
        unitId: unit.id,
        residentId: unit.holderId,
        idNumber: idNumber(),
        firstName: pick(FIRST),
        lastName: pick(LAST),
        plate,
        vehicleColor: plate ? pick(COLORS) : null,
        visitType: type.name,
        validUntil: validUntil(type.name, enteredAt),
        expectedStay: stay.value,
        expectedExitAt: expectedExit(stay.value, enteredAt),
        observations: refused
          ? 'No se permitió el ingreso: el residente no autorizó la visita.'
          : warned
            ? 'Visitante en lista negra: ingreso aprobado por el residente.'
            : i === 0
              ? 'Trae paquete para el residente.'
              : null,
        postId: posts[i % 2].id,
        registeredBy: guard,
        enteredAt,
        createdAt: enteredAt,
        // Yesterday's last visits leave by now, not after midnight in the future.
        exitedAt: new Date(Math.min(enteredAt.getTime() + minutes * 60_000, now)),
        exitRegisteredBy: guard,
        listHit: warned ? 'negra' : null,
        approvedBy: warned ? guard : null,
        approvedAt: warned ? new Date(enteredAt.getTime() + 60_000) : null,
        rejected: refused,
        source: 'guardia',
      });
    }
  }
  await em.insertMany(GateEntry, month);
  // The black-listed visitor, refused two days ago; the white-listed gas truck yesterday.
  const refusedAt = at(shift(today, -2), 16, 5);
  entry({
    unitId: units[2].id,
    residentId: units[2].holderId,
    ...BLACK_LISTED,
    visitType: 'Visita',
    postId: posts[0].id,
    enteredAt: refusedAt,
    exitedAt: new Date(refusedAt.getTime() + 3 * 60_000),
    listHit: 'negra',
    rejected: true,
    observations: 'Visitante en lista negra: no se permitió el ingreso.',
  });
  const gasAt = at(shift(today, -1), 10, 20);
  entry({
    unitId: null,
    place: 'Cuarto de gas',
    idNumber: '1712345678',
    firstName: 'Mario',
    lastName: 'Pazmiño',
    plate: WHITE_PLATE,
    vehicleColor: 'Blanco',
    visitType: 'Proveedor',
    expectedStay: '0.5',
    postId: posts[1].id,
    enteredAt: gasAt,
    exitedAt: new Date(gasAt.getTime() + 25 * 60_000),
    listHit: 'blanca',
  });
  // Two visitors still inside, who came in during the last hours.
  for (const [i, minutes] of [95, 30].entries()) {
    const unit = units[i + 1];
    entry({
      unitId: unit.id,
      residentId: unit.holderId,
      idNumber: idNumber(),
      firstName: FIRST[i + 3],
      lastName: LAST[i + 4],
      visitType: i === 0 ? 'Empleado' : 'Servicio de entregas',
      expectedStay: i === 0 ? '2' : '0.25',
      postId: posts[i].id,
      enteredAt: new Date(now - minutes * 60_000),
      exitedAt: null,
    });
  }

  // Early visits for today: the first unit's (residente@demo.test) and two more.
  const visits = [
    { unit: units[0], hour: 18, firstName: 'Andrés', lastName: 'Villacís', type: 'Visita', plate: 'PCD1234' },
    { unit: units[3], hour: 15, firstName: 'Sofía', lastName: 'Paredes', type: 'Empleado', plate: null },
    { unit: units[1], hour: 20, firstName: 'Servicio', lastName: 'Técnico Claro', type: 'Proveedor', plate: 'GSA2231' },
    // More of today's, so that the bell lists its last 5 with more behind.
    { unit: units[5 % units.length], hour: 16, firstName: 'Daniela', lastName: 'Ruiz', type: 'Visita', plate: null },
    { unit: units[6 % units.length], hour: 19, firstName: 'Fernando', lastName: 'Loor', type: 'Visita', plate: 'GYE7781' },
    {
      unit: units[7 % units.length],
      hour: 21,
      firstName: 'Farmacia',
      lastName: 'Cruz Azul',
      type: 'Servicio de entregas',
      plate: null,
    },
  ];
  for (const v of visits) {
    em.create(EarlyVisit, {
      complexId: complex.id,
      unitId: v.unit.id,
      residentId: v.unit.holderId,
      announcedBy: v.unit.holderId,
      firstName: v.firstName,
      lastName: v.lastName,
      idNumber: idNumber(),
      plate: v.plate,
      vehicleColor: v.plate ? pick(COLORS) : null,
      expectedArrival: at(today, v.hour, 0),
      expectedStay: '2',
      visitType: v.type,
      observations: null,
      hash: visitHash(),
      status: 'pendiente',
    } as never);
  }

  // A visit announced for today and then cancelled by the resident: not on the bell.
  em.create(EarlyVisit, {
    complexId: complex.id,
    unitId: units[3].id,
    residentId: units[3].holderId,
    announcedBy: units[3].holderId,
    firstName: 'Ricardo',
    lastName: 'Ponce',
    idNumber: idNumber(),
    expectedArrival: at(today, 17, 30),
    expectedStay: '1',
    visitType: 'Visita',
    hash: visitHash(),
    status: 'cancelada',
  } as never);

  // Panic alerts: one closed in Los Álamos (residente@demo.test's unit, three days ago), one open in La Colina.
  const raisedAt = at(shift(today, -3), 22, 40);
  const holder = units[0].holderId ? await directory.person(units[0].holderId) : undefined;
  em.create(PanicAlert, {
    complexId: complex.id,
    residentId: holder?.id ?? null,
    residentName: holder?.name ?? 'Residente',
    residentPhone: holder?.phone ?? null,
    unitId: units[0].id,
    unitNumber: units[0].number,
    detail: 'Personas extrañas intentando abrir la puerta trasera.',
    status: 0,
    observation:
      'Se acudió con dos guardias; eran trabajadores de la empresa de internet sin identificación. Se les pidió retirarse.',
    raisedAt,
    closedAt: new Date(raisedAt.getTime() + 12 * 60_000),
    closedBy: guard,
  } as never);
  const colina = ctx.complexes.find((c) => c.name.includes('Colina'));
  const colinaResident = colina ? ctx.residents[colina.id]?.[0] : undefined;
  if (colina && colinaResident) {
    const person = await ctx.directory(colina.id).person(colinaResident.id);
    const unit = person?.unitId ? await ctx.directory(colina.id).unit(person.unitId) : undefined;
    em.create(PanicAlert, {
      complexId: colina.id,
      residentId: colinaResident.id,
      residentName: colinaResident.name,
      residentPhone: person?.phone ?? null,
      unitId: unit?.id ?? null,
      unitNumber: unit?.number ?? null,
      detail: 'Olor a gas en la cocina.',
      status: 1,
      raisedAt: new Date(now - 25 * 60_000),
    } as never);
  }

  em.create(GateEvent, {
    complexId: complex.id,
    postId: posts[0].id,
    title: 'Luminaria dañada en el parqueadero de visitas',
    detail: 'Se reporta la luminaria del poste 3 apagada desde las 19:00.',
    occurredAt: at(shift(today, -1), 19, 15),
    registeredBy: guard,
  } as never);
  em.create(GateEvent, {
    complexId: complex.id,
    postId: posts[1].id,
    title: 'Cambio de turno sin novedades',
    occurredAt: at(today, 7, 0),
    registeredBy: guard,
  } as never);
  // Checkpoints, a month of shifts and rounds (server/rounds-seed.ts).
  await seedRounds(ctx, complex.id, posts);
  await seedTimeline(ctx, complex.id);
}
