// The spec's own path (002 §7): POST /api/bitacora_digital/:complexId/ with the guard console's form-encoded
// fields. 201 with the record when created; 200 with '¡Error en el registro! No se ha registrado una última
// salida para este usuario' when that person has an entry without exit (the console shows it as an error).
import {
  ApiError,
  blank,
  ERROR_RESPONSES,
  type HostServices,
  invalid,
  isoOrNull,
  isUuid,
  type PluginApp,
  plainText,
} from '@conjunto/core';
import type { Static } from 'typebox';
import type { EntryImage } from '../camera-schemas.ts';
import { GATE_MESSAGES, VISIT_TIMES, VISIT_TYPE_NAMES, type VisitTime, type VisitType } from '../gate.ts';
import { BitacoraFormSchema, BitacoraOpenSchema, BitacoraRecordSchema } from '../schemas.ts';
import { entryImages, startEntryCapture, storeEntryImages } from './camera-capture.ts';
import { em, tags } from './common.ts';
import { insertEntry, OpenEntry, openEntryGuard, prepareEntry, reloadEntry, visitorOf } from './entries.ts';
import type { GateEntry } from './entry.entity.ts';
import { GatePost } from './post.entity.ts';

const FORM = 'application/x-www-form-urlencoded';
/** A form of the console is a few hundred bytes. */
const FORM_BYTES = 16 * 1024;
type Form = Static<typeof BitacoraFormSchema>;

/** The visit type as the console writes it, compared without case or accents ('servicio de TAXI'). */
function visitTypeOf(raw: string): VisitType {
  const found = VISIT_TYPE_NAMES.find((name) => plainText(name) === plainText(raw));
  if (!found) throw invalid('tipo_visita', `Tipo de visita desconocido. Use: ${VISIT_TYPE_NAMES.join(', ')}.`);
  return found;
}

/** The expected stay: an option's value ('0.5', '1', 'Indefinido'), its label ('30 min', 'Sin Tiempo') or nothing. */
function visitTimeOf(raw: string | undefined): VisitTime | null {
  const text = blank(raw);
  if (!text) return null;
  const found = VISIT_TIMES.find(
    (t) => plainText(t.value) === plainText(text) || plainText(t.label) === plainText(text) || Number(t.value) === Number(text),
  );
  if (!found) throw invalid('tiempo_estimado_salida', 'Tiempo estimado de salida desconocido.');
  return found.value;
}

/** camaraGarita names the post: its id or its name; an unknown one leaves the entry without post. */
async function postOf(host: HostServices, request: Parameters<HostServices['context']>[0], raw: string | undefined) {
  const text = blank(raw);
  if (!text) return null;
  const complexId = host.context(request).complexId;
  const post = isUuid(text)
    ? await em(host, request).findOne(GatePost, { id: text, complexId })
    : ((
        await em(host, request).execute<{ id: string }[]>(
          'select id from gate_posts where complex_id = ? and lower(name) = lower(?) limit 1',
          [complexId, text],
        )
      )[0] ?? null);
  return post?.id ?? null;
}

const toRecord = (e: GateEntry, form: Form, images: readonly EntryImage[]) => ({
  id: e.id,
  tipo_entrada: e.entryKind ?? null,
  nombre_persona_ingreso: e.firstName,
  apellido_persona_ingreso: e.lastName ?? '',
  cedula_persona_ingreso: e.idNumber,
  placa_vehiculo_ingreso: e.plate ?? null,
  color_vehiculo_ingreso: e.vehicleColor ?? null,
  nombre_destino: e.residentName ?? blank(form.nombre_destino),
  casa_destino: e.unitNumber ?? e.place ?? null,
  id_destino: e.residentId ?? 'Otro',
  id_conjunto: e.complexId,
  tipo_visita: e.visitType,
  tiempo_estimado_salida: e.expectedStay ?? null,
  observaciones_entrada: e.observations ?? null,
  camaraGarita: e.postName ?? null,
  hora_entrada: isoOrNull(e.enteredAt) ?? '',
  hora_salida: isoOrNull(e.exitedAt),
  tipo: e.listHit === 'negra' ? ('warning' as const) : e.listHit === 'blanca' ? ('success' as const) : ('other' as const),
  // The post's camera pictures in camera order (camera-capture.ts): short-lived URLs, null without a camera.
  imagen_rostro: images[0]?.url ?? null,
  imagen_placa: images[1]?.url ?? null,
  imagen_cedula: images[2]?.url ?? null,
});

export function bitacoraCompatRoutes(app: PluginApp, host: HostServices) {
  // Form-encoded bodies (this scope only): each field once, as text; a repeated field is ambiguous and refused.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: FORM_BYTES }, (_request, body, done) => {
    const fields = new Map<string, string>();
    for (const [key, value] of new URLSearchParams(body as string)) {
      if (fields.has(key)) {
        const message = `El campo ${key} está repetido.`;
        done(new ApiError(400, 'VALIDATION', message, { [key]: message }), undefined);
        return;
      }
      fields.set(key, value);
    }
    // fromEntries defines own properties: a '__proto__' field is a field, never the prototype.
    done(null, Object.fromEntries(fields));
  });

  app.post(
    '/',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "The guard console's entry (spec 002 §7, form-encoded): 201 with the record; 200 when the person has an entry without exit ('¡Error en el registro! No se ha registrado una última salida para este usuario')",
        consumes: [FORM, 'application/json'],
        body: BitacoraFormSchema,
        response: { 200: BitacoraOpenSchema, 201: BitacoraRecordSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const form = request.body;
      const visitType = visitTypeOf(form.tipo_visita);
      const expectedStay = visitTimeOf(form.tiempo_estimado_salida);
      const target = blank(form.id_destino);
      const other = !target || plainText(target) === 'otro';
      if (!other && !isUuid(target)) throw invalid('id_destino', GATE_MESSAGES.destination);
      const place = other
        ? (blank(form.casa_destino) ?? blank([form.nombre_destino, form.apellido_destino].filter(Boolean).join(' ')) ?? 'Otro')
        : null;
      const postId = await postOf(host, request, form.camaraGarita);
      const prepared = await prepareEntry(host, request, {
        residentId: other ? null : target,
        place,
        idNumber: form.cedula_persona_ingreso,
        firstName: form.nombre_persona_ingreso,
        lastName: form.apellido_persona_ingreso,
        plate: form.placa_vehiculo_ingreso,
        vehicleColor: form.color_vehiculo_ingreso,
        visitType,
        expectedStay,
        observations: form.observaciones_entrada,
        entryKind: form.tipo_entrada,
        postId,
        source: 'bitacora',
      });
      const capture = startEntryCapture(host, request, postId);
      try {
        const entry = await openEntryGuard(host, request, prepared.idNumber, () =>
          em(host, request).transactional((tx) => insertEntry(host, request, tx, prepared)),
        );
        const stored = await storeEntryImages(host, request, entry.id, visitorOf(entry), await capture);
        const images = stored ? await entryImages(host, request, entry.id) : [];
        return reply.status(201).send(toRecord(await reloadEntry(host, request, entry.id), form, images));
      } catch (error) {
        if (!(error instanceof OpenEntry)) throw error;
        return reply.status(200).send({ message: error.message, code: error.code, id: error.openId });
      }
    },
  );
}
