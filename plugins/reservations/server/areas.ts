// /api/complexes/:complexId/reservation-areas: the complex's common areas (areascomunales) and their free slots.
import {
  blank,
  centsToDecimal,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  type HostServices,
  IdParams,
  invalid,
  onUniqueViolation,
  type PluginApp,
  toCents,
} from '@conjunto/core';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { AREA_LIMITS, clockOf, RESERVATION_LIMITS as L, RESERVATION_MESSAGES as M, minutesOf } from '../reservations.ts';
import {
  AreaCreateSchema,
  AreaSchema,
  AreaUpdateSchema,
  AvailabilityQuery,
  AvailabilitySchema,
  MonthQuery,
  MonthSchema,
} from '../schemas.ts';
import { ReservationArea } from './area.entity.ts';
import { em, isOffice, refused, tags } from './common.ts';
import { syncReminderSchedule } from './reminders.ts';
import { dayOf, instantOf, slotsAllowed, slotsOf, weekdayMask, weekdaysOf } from './slots.ts';

type Item = Static<typeof AreaSchema>;
type Write = Static<typeof AreaCreateSchema>;
const RESOURCE = 'reservation-areas';
const HOUR = 3_600_000;

export const toArea = (a: ReservationArea, photos: Item['photos'] = []): Item => ({
  id: a.id,
  name: a.name,
  description: a.description ?? null,
  rules: a.rules ?? null,
  enabled: a.enabled,
  allowQr: a.allowQr,
  capacity: a.capacity ?? null,
  price: Number(a.price),
  deposit: Number(a.deposit),
  mode: a.mode as Item['mode'],
  opensAt: clockOf(a.opensMinute),
  closesAt: clockOf(a.closesMinute),
  slotMinutes: a.slotMinutes,
  maxSlots: slotsAllowed(a),
  minNoticeHours: a.minNoticeHours,
  maxPerUnitMonth: a.maxPerUnitMonth ?? null,
  weekdays: weekdaysOf(a.weekdays),
  photos,
  createdAt: new Date(a.createdAt).toISOString(),
});

/** Copies the named fields of a write onto the area, checking what the schema cannot (the hours' order). */
function assign(area: ReservationArea, body: Partial<Write>) {
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (!name) throw invalid('name', '¡Este campo es requerido!');
    area.name = name;
  }
  if (body.description !== undefined) area.description = blank(body.description);
  if (body.rules !== undefined) area.rules = blank(body.rules);
  if (body.enabled !== undefined) area.enabled = body.enabled;
  if (body.allowQr !== undefined) area.allowQr = body.allowQr;
  if (body.capacity !== undefined) area.capacity = body.capacity;
  if (body.price !== undefined) area.price = centsToDecimal(toCents(body.price));
  if (body.deposit !== undefined) area.deposit = centsToDecimal(toCents(body.deposit));
  if (body.mode !== undefined) area.mode = body.mode;
  for (const [field, key] of [
    ['opensAt', 'opensMinute'],
    ['closesAt', 'closesMinute'],
  ] as const) {
    const clock = body[field];
    if (clock === undefined) continue;
    const minutes = minutesOf(clock);
    if (Number.isNaN(minutes)) throw invalid(field, 'Hora inválida (HH:mm).');
    area[key] = minutes;
  }
  if (body.slotMinutes !== undefined) area.slotMinutes = body.slotMinutes;
  if (body.maxSlots !== undefined) area.maxSlots = body.maxSlots;
  if (body.minNoticeHours !== undefined) area.minNoticeHours = body.minNoticeHours;
  if (body.maxPerUnitMonth !== undefined) area.maxPerUnitMonth = body.maxPerUnitMonth;
  if (body.weekdays !== undefined) area.weekdays = weekdayMask(body.weekdays);
  if (area.closesMinute <= area.opensMinute || area.opensMinute >= 1440) throw invalid('closesAt', M.closesAfterOpens);
  if (area.slotMinutes > area.closesMinute - area.opensMinute) throw invalid('slotMinutes', M.outsideHours);
}

const nameTaken = onUniqueViolation('reservation_areas_complex_name_unique', () =>
  refused(409, 'AREA_NAME_TAKEN', M.areaNameTaken, 'name'),
);

const PhotoParams = Type.Object({ id: Type.String(), fileId: Type.String() });

export function areaRoutes(app: PluginApp, host: HostServices) {
  /** The areas with their photos' signed URLs (one lookup for the page). */
  const withPhotos = async (request: FastifyRequest, areas: ReservationArea[]) => {
    const urls = await host.files.signedUrls(request, [...new Set(areas.flatMap((a) => a.photos ?? []))]);
    return areas.map((a) =>
      toArea(
        a,
        (a.photos ?? []).flatMap((id) => {
          const signed = urls.get(id);
          return signed ? [{ id, url: signed.url }] : [];
        }),
      ),
    );
  };
  const load = async (request: FastifyRequest) => {
    const area = await host.findOr404<ReservationArea>(request, ReservationArea, (request.params as { id: string }).id);
    // Residents and guards see enabled areas only.
    if (!area.enabled && !isOffice(host, request)) throw refused(404, 'NOT_FOUND', 'No se encontró el registro.');
    return area;
  };
  const audited = (request: FastifyRequest, area: ReservationArea, action: string, changes: unknown) => {
    host.audit(request, em(host, request), { resource: RESOURCE, recordId: area.id, action, changes, description: area.name });
    return em(host, request).flush().catch(nameTaken);
  };

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary: 'Common areas (residents and guards: the enabled ones); filters: enabled, allowQr, mode; q searches the name',
    entity: ReservationArea,
    filters: { enabled: 'exact', allowQr: 'exact', mode: 'exact' },
    search: ['name', 'description'],
    sortable: ['name', 'enabled', 'price', 'createdAt'],
    defaultSort: { field: 'name', order: 'ASC' },
    where: (request) => (isOffice(host, request) ? {} : { enabled: true }),
    item: AreaSchema,
    money: ['price', 'deposit'],
    exportColumns: {
      name: 'Nombre',
      enabled: { header: 'Habilitado', value: (a: Item) => (a.enabled ? 'Sí' : 'No') },
      allowQr: { header: 'Permite QR', value: (a: Item) => (a.allowQr ? 'Sí' : 'No') },
      mode: { header: 'Configuración', value: (a: Item) => (a.mode === 'bloques' ? 'Bloques' : 'Horas') },
      opensAt: 'Apertura',
      closesAt: 'Cierre',
      capacity: 'Aforo',
      price: 'Precio',
      deposit: 'Garantía',
    },
    toItems: (request, rows: ReservationArea[]) => withPhotos(request, rows),
    toItem: (row: ReservationArea) => toArea(row),
  });

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: AreaSchema, 404: ErrorSchema } } },
    async (request) => (await withPhotos(request, [await load(request)]))[0],
  );

  app.post(
    `/${RESOURCE}`,
    {
      schema: {
        tags,
        summary: 'Create a common area',
        body: AreaCreateSchema,
        response: { 201: AreaSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const area = em(host, request).create(ReservationArea, { complexId: host.context(request).complexId } as never);
      assign(area, fieldsOf(AreaCreateSchema, request.body));
      await audited(request, area, 'create', toArea(area));
      await syncReminderSchedule(host, request);
      return reply.status(201).send(toArea(area));
    },
  );

  app.put(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, body: AreaUpdateSchema, response: { 200: AreaSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const area = await load(request);
      const before = toArea(area);
      assign(area, fieldsOf(AreaUpdateSchema, request.body));
      await audited(request, area, 'update', changesOf(before, toArea(area)));
      return toArea(area);
    },
  );

  app.delete(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete an area without live reservations to come (its past ones go with it)',
        params: IdParams,
        response: { 200: AreaSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const area = await load(request);
      const live = await em(host, request).execute(
        "select 1 from reservations where area_id = ? and status in ('pendiente', 'aprobada') and ends_at > now() limit 1",
        [area.id],
      );
      if (live.length) throw refused(409, 'AREA_HAS_RESERVATIONS', M.areaHasReservations);
      const result = toArea(area);
      em(host, request).remove(area);
      await audited(request, area, 'delete', result);
      await syncReminderSchedule(host, request);
      return result;
    },
  );

  app.post(
    `/${RESOURCE}/:id/photos`,
    {
      schema: {
        tags,
        summary: `Add a photo (multipart, one file \`photo\`: JPEG, PNG or WebP up to 5 MB; stored as a JPEG of at most 1600 px); ${AREA_LIMITS.photos} at most`,
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 201: AreaSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const area = await load(request);
      if ((area.photos ?? []).length >= AREA_LIMITS.photos) throw invalid('photo', M.photos(AREA_LIMITS.photos));
      const jpeg = await host.images.readPhoto(request, {
        field: 'photo',
        maxBytes: AREA_LIMITS.photoBytes,
        messages: { required: M.photoRequired, tooLarge: M.photoTooLarge, notImage: M.notImage, badImage: M.badImage },
        side: 1600,
        targetBytes: 400 * 1024,
      });
      await em(host, request).transactional(async (tx) => {
        const saved = await host.files.save(request, tx, {
          category: 'common-area',
          personal: false,
          filename: `${area.name}.jpg`,
          label: area.name,
          contentType: 'image/jpeg',
          data: jpeg,
        });
        // Appended in SQL under the row's lock: two uploads at once keep both, and the limit holds.
        const [row] = await tx.execute<{ n: number }[]>(
          `update reservation_areas set photos = photos || to_jsonb(?::text)
            where id = ? and complex_id = ? and jsonb_array_length(photos) < ? returning jsonb_array_length(photos) as n`,
          [saved.id, area.id, area.complexId, AREA_LIMITS.photos],
        );
        if (!row) throw invalid('photo', M.photos(AREA_LIMITS.photos));
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: area.id,
          action: 'photo',
          changes: { added: saved.id },
          description: area.name,
        });
      });
      await em(host, request).refresh(area);
      return reply.status(201).send((await withPhotos(request, [area]))[0]);
    },
  );

  app.delete(
    `/${RESOURCE}/:id/photos/:fileId`,
    { schema: { tags, summary: 'Remove a photo', params: PhotoParams, response: { 200: AreaSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const area = await load(request);
      const { fileId } = request.params;
      if (!(area.photos ?? []).includes(fileId)) throw refused(404, 'NOT_FOUND', 'No se encontró el registro.');
      await em(host, request).transactional(async (tx) => {
        await tx.execute('update reservation_areas set photos = photos - ? where id = ? and complex_id = ?', [
          fileId,
          area.id,
          area.complexId,
        ]);
        await host.files.remove(request, tx, fileId);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: area.id,
          action: 'photo',
          changes: { removed: fileId },
          description: area.name,
        });
      });
      await em(host, request).refresh(area);
      return (await withPhotos(request, [area]))[0];
    },
  );

  app.get(
    `/${RESOURCE}/:id/availability`,
    {
      schema: {
        tags,
        summary: "A day's slots (Guayaquil time): free, taken by a live reservation, or too soon for the area's notice",
        params: IdParams,
        querystring: AvailabilityQuery,
        response: { 200: AvailabilitySchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const area = await load(request);
      const { date } = request.query;
      if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw invalid('date', 'Fecha inválida.');
      const slots = slotsOf(area, date);
      const taken = await em(host, request).execute<{ starts_at: Date; ends_at: Date }[]>(
        `select starts_at, ends_at from reservations
          where complex_id = ? and area_id = ? and status in ('pendiente', 'aprobada') and starts_at < ? and ends_at > ?`,
        [area.complexId, area.id, instantOf(date, 1440), instantOf(date, 0)],
      );
      const office = isOffice(host, request);
      const soonest = Date.now() + (office ? 0 : area.minNoticeHours * HOUR);
      return {
        date: dayOf(instantOf(date, 0)),
        open: slots.length > 0,
        maxSlots: slotsAllowed(area),
        slots: slots.map((s) => ({
          startsAt: s.startsAt.toISOString(),
          endsAt: s.endsAt.toISOString(),
          label: s.label,
          free: !taken.some((t) => new Date(t.starts_at) < s.endsAt && new Date(t.ends_at) > s.startsAt),
          tooSoon: s.startsAt.getTime() < soonest,
        })),
      };
    },
  );

  app.get(
    `/${RESOURCE}/:id/month`,
    {
      schema: {
        tags,
        summary:
          "A month's days of an area (Guayaquil) in one answer: free (bookable slots left, how many), full, closed (not open that weekday) or unavailable (past, inside the area's notice, more than a year ahead). No reservation or unit is named",
        params: IdParams,
        querystring: MonthQuery,
        response: { 200: MonthSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const area = await load(request);
      const { month } = request.query;
      const [y, m] = month.split('-').map(Number);
      const days = Array.from(
        { length: new Date(Date.UTC(y, m, 0)).getUTCDate() },
        (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`,
      );
      // One read of the month's live ranges. A reservation lies within one day, so it starts at most a day before
      // the month: that lower bound keeps the read to the month on the complex/start index.
      const taken = await em(host, request).execute<{ starts_at: Date; ends_at: Date }[]>(
        `select starts_at, ends_at from reservations
          where complex_id = ? and area_id = ? and status in ('pendiente', 'aprobada')
            and starts_at >= ? and starts_at < ? and ends_at > ?`,
        [area.complexId, area.id, instantOf(days[0], -1440), instantOf(days[days.length - 1], 1440), instantOf(days[0], 0)],
      );
      const ranges = taken.map((t) => [new Date(t.starts_at).getTime(), new Date(t.ends_at).getTime()]);
      const now = Date.now();
      const soonest = now + (isOffice(host, request) ? 0 : area.minNoticeHours * HOUR);
      const latest = now + L.aheadDays * 24 * HOUR;
      return {
        month,
        days: days.map((date) => {
          const slots = slotsOf(area, date);
          if (!slots.length) return { date, state: 'closed' as const, free: 0 };
          const reachable = slots.filter((s) => s.startsAt.getTime() >= soonest && s.startsAt.getTime() <= latest);
          if (!reachable.length) return { date, state: 'unavailable' as const, free: 0 };
          const free = reachable.filter(
            (s) => !ranges.some(([from, to]) => from < s.endsAt.getTime() && to > s.startsAt.getTime()),
          ).length;
          return { date, state: free ? ('free' as const) : ('full' as const), free };
        }),
      };
    },
  );
}
