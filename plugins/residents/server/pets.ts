// /api/complexes/:complexId/pets (switch Pets): the pets of each unit, their photo and their last vaccination.
// Residents register their own unit's pets; the office sees and edits every unit's. The host has checked
// tenancy, the switch and the roles.
import {
  blank,
  businessDay,
  changesOf,
  ERROR_RESPONSES,
  ErrorSchema,
  fieldsOf,
  formatDate,
  formatDateTime,
  type HostServices,
  IdParams,
  invalid,
  isoOrNull,
  notFound,
  type PluginApp,
} from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { PetCreateSchema, PetSchema, PetUpdateSchema } from '../moving.schemas.ts';
import { MOVING_MESSAGES, PET_MESSAGES } from '../moving.ts';
import { Pet, vaccinationSql } from './pet.entity.ts';
import { petImport } from './pet-import.ts';
import { checkPersonOfUnit, checkReach, dayText, isOffice, ownUnitWhere, targetUnit } from './unit-scope.ts';

const tags = ['residents'];
const RESOURCE = 'pets';
/** Uploads up to 5 MB (a phone's photo), stored as a JPEG of at most 800x800 and about 200 KB. */
const PET_PHOTO = { maxBytes: 5 * 1024 * 1024, side: 800, targetBytes: 200 * 1024 } as const;
type PetItem = Static<typeof PetSchema>;

export const toPet = (p: Pet, photoUrl: string | null = null): PetItem => ({
  id: p.id,
  unitId: p.unitId,
  unitNumber: p.unitNumber ?? null,
  ownerId: p.ownerId ?? null,
  ownerName: p.ownerName ?? null,
  name: p.name,
  species: p.species as PetItem['species'],
  breed: p.breed ?? null,
  color: p.color ?? null,
  vaccinatedOn: dayText(p.vaccinatedOn),
  vaccination: (p.vaccination ?? 'sinRegistro') as PetItem['vaccination'],
  notes: p.notes ?? null,
  hasPhoto: Boolean(p.photoFileId),
  photoUrl,
  createdAt: isoOrNull(p.createdAt) ?? '',
});

const SPECIES_LABELS: Record<string, string> = { perro: 'Perro', gato: 'Gato', otro: 'Otro' };
const VACCINATION_LABELS: Record<string, string> = { vigente: 'Vigente', vencida: 'Vencida', sinRegistro: 'Sin registro' };
const label = (labels: Record<string, string>, code: string) => (Object.hasOwn(labels, code) ? labels[code] : code);

const PET_EXPORT = {
  name: 'Nombre',
  species: { header: 'Especie', value: (p: PetItem) => label(SPECIES_LABELS, p.species) },
  breed: 'Raza',
  color: 'Color',
  unitNumber: 'U.H.',
  ownerName: 'Propietario',
  vaccinatedOn: { header: 'Última vacunación', value: (p: PetItem) => (p.vaccinatedOn ? formatDate(p.vaccinatedOn) : '') },
  vaccination: { header: 'Vacunación', value: (p: PetItem) => label(VACCINATION_LABELS, p.vaccination) },
  notes: 'Observaciones',
  createdAt: { header: 'Fecha de registro', value: (p: PetItem) => formatDateTime(p.createdAt) },
};

const describe = (p: { name: string; unitNumber?: string | null }) => `${p.name}${p.unitNumber ? ` (${p.unitNumber})` : ''}`;

export async function petRoutes(app: PluginApp, host: HostServices) {
  const em = (request: FastifyRequest) => host.em(request) as SqlEntityManager;

  const load = async (request: FastifyRequest) => {
    const found = await host.findOr404<Pet>(request, Pet, (request.params as { id: string }).id);
    await checkReach(host, request, found);
    return found;
  };
  const reload = async (request: FastifyRequest, id: string) => {
    const fresh = await em(request)
      .fork()
      .findOne(Pet, { id, complexId: host.context(request).complexId });
    if (!fresh) throw notFound();
    const url = fresh.photoFileId ? (await host.files.signedUrl(request, fresh.photoFileId)).url : null;
    return toPet(fresh, url);
  };

  /** The owner must be a resident of the pet's unit. */
  const checkOwner = (request: FastifyRequest, unitId: string, ownerId: string | null | undefined) =>
    checkPersonOfUnit(host, request, unitId, ownerId, 'ownerId', PET_MESSAGES.owner);
  const checkVaccination = (day: string | null | undefined) => {
    if (day && day > businessDay()) throw invalid('vaccinatedOn', PET_MESSAGES.vaccinationFuture);
  };

  host.listRoute(app, {
    resource: RESOURCE,
    tags,
    summary:
      "Pets (a resident sees only their unit's); filters: unitId, ownerId, species, vaccination (vigente | vencida | sinRegistro)",
    entity: Pet,
    filters: {
      unitId: 'exact',
      ownerId: 'exact',
      species: 'exact',
      // The indicator is computed; compared in SQL, with the value bound.
      vaccination: (value) => ({ $sql: { text: `${vaccinationSql('t.vaccinated_on')} = ?`, params: [String(value)] } }),
    },
    search: ['name', 'breed', 'color', 'unitNumber', 'ownerName'],
    sortable: ['name', 'species', 'unitNumber', 'vaccinatedOn', 'createdAt'],
    sortAliases: { unitNumber: 'unitSort' },
    defaultSort: { field: 'name', order: 'ASC' },
    where: ownUnitWhere(host),
    item: PetSchema,
    exportColumns: PET_EXPORT,
    // The export has no photo column: no URL to sign.
    toItem: (row: Pet) => toPet(row),
    toItems: async (request, rows: Pet[]) => {
      const urls = await host.files.signedUrls(
        request,
        rows.flatMap((p) => (p.photoFileId ? [p.photoFileId] : [])),
      );
      return rows.map((p) => toPet(p, (p.photoFileId && urls.get(p.photoFileId)?.url) || null));
    },
  });

  host.importRoute(app, petImport);

  app.get(
    `/${RESOURCE}/:id`,
    { schema: { tags, params: IdParams, response: { 200: PetSchema, 404: ErrorSchema } } },
    async (request) => {
      const found = await load(request);
      return reload(request, found.id);
    },
  );

  app.post(
    `/${RESOURCE}`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Register a pet (the office names the unit; a resident registers for their own unit). The photo: PUT /pets/:id/photo',
        body: PetCreateSchema,
        response: { 201: PetSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = fieldsOf(PetCreateSchema, request.body);
      const { complexId, userId } = host.context(request);
      const { unitId, holderId } = await targetUnit(host, request, body.unitId, MOVING_MESSAGES);
      // Without an owner named: the unit's holder (office) or the resident registering it.
      const ownerId = body.ownerId !== undefined ? body.ownerId : isOffice(host, request) ? holderId : userId;
      await checkOwner(request, unitId, ownerId);
      checkVaccination(body.vaccinatedOn);
      const name = (body.name ?? '').trim();
      if (!name) throw invalid('name', '¡Este campo es requerido!');
      const pet = em(request).create(Pet, {
        complexId,
        unitId,
        ownerId,
        name,
        species: body.species as string,
        breed: blank(body.breed),
        color: blank(body.color),
        vaccinatedOn: body.vaccinatedOn ?? null,
        notes: blank(body.notes),
      } as never);
      host.audit(request, em(request), {
        resource: RESOURCE,
        recordId: pet.id,
        action: 'create',
        changes: { ...body, unitId, ownerId },
        description: describe({ name, unitNumber: (await host.directory(request).unit(unitId))?.number }),
      });
      await em(request).flush();
      return reply.status(201).send(await reload(request, pet.id));
    },
  );

  app.put(
    `/${RESOURCE}/:id`,
    {
      schema: {
        tags,
        summary: 'Edit a pet (the unit stays)',
        params: IdParams,
        body: PetUpdateSchema,
        response: { 200: PetSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const pet = await load(request);
      const before = toPet(pet);
      const body = fieldsOf(PetUpdateSchema, request.body);
      if (body.name !== undefined) {
        if (!body.name.trim()) throw invalid('name', '¡Este campo es requerido!');
        pet.name = body.name.trim();
      }
      if (body.species !== undefined) pet.species = body.species;
      if (body.breed !== undefined) pet.breed = blank(body.breed);
      if (body.color !== undefined) pet.color = blank(body.color);
      if (body.notes !== undefined) pet.notes = blank(body.notes);
      if (body.vaccinatedOn !== undefined) {
        checkVaccination(body.vaccinatedOn);
        pet.vaccinatedOn = body.vaccinatedOn;
      }
      if (body.ownerId !== undefined) {
        await checkOwner(request, pet.unitId, body.ownerId);
        pet.ownerId = body.ownerId;
      }
      host.audit(request, em(request), {
        resource: RESOURCE,
        recordId: pet.id,
        action: 'update',
        changes: changesOf(before, toPet(pet)),
        description: describe(pet),
      });
      await em(request).flush();
      return reload(request, pet.id);
    },
  );

  app.delete(
    `/${RESOURCE}/:id`,
    {
      schema: { tags, summary: 'Delete a pet and its photo', params: IdParams, response: { 200: PetSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const pet = await load(request);
      const result = toPet(pet);
      await em(request).transactional(async (tx) => {
        await tx.execute('delete from pets where id = ? and complex_id = ?', [pet.id, pet.complexId]);
        if (pet.photoFileId) await host.files.remove(request, tx, pet.photoFileId);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: pet.id,
          action: 'delete',
          changes: result,
          description: describe(pet),
        });
      });
      return result;
    },
  );

  app.put(
    `/${RESOURCE}/:id/photo`,
    {
      schema: {
        tags,
        summary: 'Set the photo (multipart, one file `photo`: JPEG, PNG or WebP up to 5 MB; stored as a JPEG of at most 800x800)',
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 200: PetSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const pet = await load(request);
      const jpeg = await host.images.readPhoto(request, {
        field: 'photo',
        maxBytes: PET_PHOTO.maxBytes,
        messages: {
          required: PET_MESSAGES.photoRequired,
          tooLarge: PET_MESSAGES.photoTooLarge,
          notImage: PET_MESSAGES.notImage,
          badImage: PET_MESSAGES.badImage,
        },
        side: PET_PHOTO.side,
        targetBytes: PET_PHOTO.targetBytes,
      });
      await em(request).transactional(async (tx) => {
        const saved = await host.files.save(request, tx, {
          category: 'pet',
          personal: false,
          filename: `${pet.name}.jpg`,
          label: describe(pet),
          contentType: 'image/jpeg',
          data: jpeg,
        });
        // The row locked, then its photo read: of two uploads at once each replaces what the other stored.
        const [row] = await tx.execute<{ photo_file_id: string | null }[]>(
          'select photo_file_id from pets where id = ? and complex_id = ? for update',
          [pet.id, pet.complexId],
        );
        const previous = row?.photo_file_id ?? null;
        await tx.execute('update pets set photo_file_id = ?, updated_at = now() where id = ? and complex_id = ?', [
          saved.id,
          pet.id,
          pet.complexId,
        ]);
        if (previous) await host.files.remove(request, tx, previous);
        host.audit(request, tx, {
          resource: RESOURCE,
          recordId: pet.id,
          action: 'photo',
          changes: { photo: [previous, saved.id] },
          description: describe(pet),
        });
      });
      return reload(request, pet.id);
    },
  );

  app.delete(
    `/${RESOURCE}/:id/photo`,
    { schema: { tags, summary: 'Remove the photo', params: IdParams, response: { 200: PetSchema, ...ERROR_RESPONSES } } },
    async (request) => {
      const pet = await load(request);
      if (pet.photoFileId) {
        const previous = pet.photoFileId;
        await em(request).transactional(async (tx) => {
          await tx.execute('update pets set photo_file_id = null, updated_at = now() where id = ? and complex_id = ?', [
            pet.id,
            pet.complexId,
          ]);
          await host.files.remove(request, tx, previous);
          host.audit(request, tx, {
            resource: RESOURCE,
            recordId: pet.id,
            action: 'photo',
            changes: { photo: [previous, null] },
            description: describe(pet),
          });
        });
      }
      return reload(request, pet.id);
    },
  );
}
