// Bulk import of pets through the host's import mechanism (host.importRoute: template, preview with each row's
// errors, all-or-nothing confirm, .xlsx or .csv). One row per pet: its unit, its owner (a resident of that unit, by
// e-mail or full name; the unit's holder when left empty, as the office's single create), name, species, breed,
// colour and last vaccination. Photos are not imported: they are added on the pet's record afterwards.
import { businessDay, type ImportDeclaration, type ImportRowError, newId, plainText } from '@conjunto/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { PET_LIMITS, PET_MESSAGES, type PET_SPECIES } from '../moving.ts';

export const PET_IMPORT_MESSAGES = {
  unit: (value: string) => `U.H.: la unidad «${value}» no existe.`,
  owner: (value: string) => `Propietario: «${value}» no es residente de la unidad.`,
  species: (value: string) => `Especie: especie incorrecta («${value}»); use Perro, Gato u Otro.`,
  date: (value: string) => `Última vacunación: fecha incorrecta («${value}»); use AAAA-MM-DD o DD/MM/AAAA.`,
  future: `Última vacunación: ${PET_MESSAGES.vaccinationFuture}`,
  maxLength: (header: string, n: number) => `${header}: máximo ${n} caracteres.`,
} as const;

type Species = (typeof PET_SPECIES)[number];
const SPECIES: Record<string, Species> = { perro: 'perro', gato: 'gato', otro: 'otro', otra: 'otro' };

interface PetRow {
  unitId: string;
  unitNumber: string;
  ownerId: string | null;
  name: string;
  species: Species;
  breed: string | null;
  color: string | null;
  vaccinatedOn: string | null;
}

/** '2026-03-01', '1/3/2026' or '01/03/2026' (day first, as in Ecuador) -> 'YYYY-MM-DD'; anything else undefined. */
export function parseDay(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : null;
  if (!parts) return undefined;
  const [y, m, d] = parts;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day ? day : undefined;
}

export const petImport: ImportDeclaration<PetRow> = {
  resource: 'pets',
  name: 'Mascotas',
  columns: [
    { key: 'unit', header: 'U.H.', required: true, example: '101' },
    { key: 'owner', header: 'Propietario', example: 'residente@ejemplo.com' },
    { key: 'name', header: 'Nombre', required: true, example: 'Firulais' },
    { key: 'species', header: 'Especie', required: true, example: 'Perro' },
    { key: 'breed', header: 'Raza', example: 'Mestizo' },
    { key: 'color', header: 'Color', example: 'Café' },
    { key: 'vaccinatedOn', header: 'Última vacunación', example: '2026-01-15' },
  ],
  async check(rows, ctx) {
    const em = ctx.em as SqlEntityManager;
    const [units, residents] = await Promise.all([
      em.execute('select id, number, holder_id from directory_units where complex_id = ?', [ctx.complexId]),
      em.execute('select id, name, email, unit_id from directory_people where residence_complex_id = ? and is_resident', [
        ctx.complexId,
      ]),
    ]);
    const unitBy = new Map(units.map((u) => [plainText(String(u.number)), u]));
    const today = businessDay();
    const valid: { fila: number; row: PetRow }[] = [];
    const errores: ImportRowError[] = [];
    for (const { fila, values } of rows) {
      const errors: string[] = [];
      const text = (key: string) => values[key]?.trim() ?? '';
      const unitText = text('unit');
      const unit = unitBy.get(plainText(unitText));
      if (!unit) errors.push(PET_IMPORT_MESSAGES.unit(unitText.slice(0, 30)));
      const ownerText = text('owner');
      let ownerId: string | null = (unit?.holder_id as string | null) ?? null;
      if (ownerText && unit) {
        const key = plainText(ownerText);
        const owner = residents.find(
          (r) => r.unit_id === unit.id && (plainText(String(r.email ?? '')) === key || plainText(String(r.name ?? '')) === key),
        );
        if (!owner) errors.push(PET_IMPORT_MESSAGES.owner(ownerText.slice(0, 60)));
        ownerId = (owner?.id as string | undefined) ?? null;
      }
      const name = text('name');
      if (name.length > PET_LIMITS.name) errors.push(PET_IMPORT_MESSAGES.maxLength('Nombre', PET_LIMITS.name));
      const species = SPECIES[plainText(text('species'))];
      if (!species) errors.push(PET_IMPORT_MESSAGES.species(text('species').slice(0, 30)));
      const breed = text('breed') || null;
      if (breed && breed.length > PET_LIMITS.breed) errors.push(PET_IMPORT_MESSAGES.maxLength('Raza', PET_LIMITS.breed));
      const color = text('color') || null;
      if (color && color.length > PET_LIMITS.color) errors.push(PET_IMPORT_MESSAGES.maxLength('Color', PET_LIMITS.color));
      const dayText = text('vaccinatedOn');
      const vaccinatedOn = dayText ? (parseDay(dayText) ?? null) : null;
      if (dayText && !vaccinatedOn) errors.push(PET_IMPORT_MESSAGES.date(dayText.slice(0, 30)));
      else if (vaccinatedOn && vaccinatedOn > today) errors.push(PET_IMPORT_MESSAGES.future);
      if (errors.length || !unit || !species) errores.push({ fila, errores: errors });
      else
        valid.push({
          fila,
          row: { unitId: unit.id as string, unitNumber: String(unit.number), ownerId, name, species, breed, color, vaccinatedOn },
        });
    }
    return { rows: valid, errores };
  },
  async writeRow(row, ctx) {
    const em = ctx.em as SqlEntityManager;
    const id = newId();
    await em.execute(
      `insert into pets (id, complex_id, unit_id, owner_id, name, species, breed, color, vaccinated_on)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, ctx.complexId, row.unitId, row.ownerId, row.name, row.species, row.breed, row.color, row.vaccinatedOn],
    );
    const { unitNumber, ...changes } = row;
    ctx.audit({ resource: 'pets', recordId: id, action: 'create', changes, description: `${row.name} (${unitNumber})` });
  },
};
