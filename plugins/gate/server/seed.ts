// Demo data of the gate, in Los Álamos (where guardia@demo.test works): two guard posts, a week of entries with
// their exits (two visitors still inside), a black-listed cédula (one refused visit) and a white-listed plate,
// early visits for today (one announced by residente@demo.test's unit) and a few novedades.
import { businessDay, type DemoSeedContext } from '@conjunto/core';
import { expectedExit, VISIT_TIMES, VISIT_TYPES, validUntil } from '../gate.ts';
import { GateCamera } from './camera.entity.ts';
import { EarlyVisit } from './early-visit.entity.ts';
import { visitHash } from './early-visits.ts';
import { GateEntry } from './entry.entity.ts';
import { GateEvent } from './event.entity.ts';
import { GateListItem } from './list.entity.ts';
import { GatePost } from './post.entity.ts';
import { seedRounds } from './rounds-seed.ts';
import { seedTimeline } from './timeline-seed.ts';

const FIRST = ['Carlos', 'María', 'José', 'Lucía', 'Pedro', 'Ana', 'Luis', 'Gabriela', 'Jorge', 'Paola', 'Diego', 'Verónica'];
const LAST = ['Mendoza', 'Vera', 'Zambrano', 'Cevallos', 'Andrade', 'Torres', 'Castro', 'Salazar', 'Guerrero', 'Mora'];
const COLORS = ['Blanco', 'Negro', 'Gris', 'Rojo', 'Azul', 'Plata'];
const BLACK_LISTED = { idNumber: '0923456781', firstName: 'Ramiro', lastName: 'Ortiz' };
const WHITE_PLATE = 'GBA4521';
const DAYS = 7;
const PER_DAY = 6;

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

  // A week of visits, every one with its exit.
  for (let d = DAYS; d >= 1; d--) {
    const day = shift(today, -d);
    for (let i = 0; i < PER_DAY; i++) {
      const unit = units[Math.floor(random() * units.length)];
      const type = VISIT_TYPES[i % VISIT_TYPES.length];
      const stay = pick(VISIT_TIMES);
      const enteredAt = at(day, 7 + i * 2 + Math.floor(random() * 2), Math.floor(random() * 60));
      const plate = random() < 0.5 ? `G${pick(['BA', 'SA', 'YE'])}${String(1000 + Math.floor(random() * 9000))}` : null;
      entry({
        unitId: unit.id,
        residentId: unit.holderId,
        idNumber: idNumber(),
        firstName: pick(FIRST),
        lastName: pick(LAST),
        plate,
        vehicleColor: plate ? pick(COLORS) : null,
        visitType: type.name,
        expectedStay: stay.value,
        postId: posts[i % 2].id,
        enteredAt,
        exitedAt: new Date(enteredAt.getTime() + (20 + Math.floor(random() * 100)) * 60_000),
        observations: i === 0 ? 'Trae paquete para el residente.' : null,
      });
    }
  }
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
