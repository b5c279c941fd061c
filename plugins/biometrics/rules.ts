// The row rules of a bulk import (spec 001 §5 "Bulk ZIP"), shared by the wizard (which checks the ZIP in the
// browser) and the server (which checks again whatever it is sent). Isomorphic and tiny: no server-only library.
import { plainText } from '@conjunto/core';
import { FACE_STATES, FACE_TYPES, SELECTABLE_FLOORS } from './manifest.ts';

/** The template's header row; data starts on the next one (spec 001 §5). */
export const HEADER_ROW = 4;

/** A person's fields as both halves exchange them (spec 001 §3 "Face"). */
export interface FaceData {
  nombre: string;
  identificacion: string;
  /** The unit's number (Casa). */
  destino: string | null;
  tipo: string;
  estado: string;
  pisos: number[];
  observaciones: string | null;
}

/** Lengths a person's fields take at most, and what an identificacion is (digits only). */
export const FACE_LIMITS = { nombre: 150, observaciones: 500 } as const;
const ID_DIGITS = /^[0-9]{1,20}$/;

/** A column of the template's sheet. */
export type SheetColumn = keyof FaceData | 'imagen';

const SHEET_COLUMNS: Record<string, SheetColumn> = {
  nombres: 'nombre',
  identificacion: 'identificacion',
  'unidad hab.': 'destino',
  'unidad hab': 'destino',
  pisos: 'pisos',
  tipo: 'tipo',
  estado: 'estado',
  'nombre de imagen': 'imagen',
  observaciones: 'observaciones',
};

/** The column a header of row 4 names, if any. */
export const columnOf = (header: string): SheetColumn | undefined => SHEET_COLUMNS[plainText(header)];

/**
 * The Spanish texts of the row rules, verbatim (polyglot templates: they are the admin's biometrics.import.rules,
 * and the server renders them with ruleText).
 */
export const RULE_TEXTS = {
  nameRequired: 'Nombres es requerido',
  idRequired: 'Identificacion es requerida',
  idDigits: 'Identificacion debe contener solo números (sin puntos, guiones o espacios)',
  badType: "Tipo '%{value}' no es válido. Use: %{types}",
  badState: "Estado '%{value}' no es válido. Use: %{states}",
  tooLong: '%{field}: Límite max. %{max} caracter(es).',
  imageMissing: "Imagen '%{value}' no encontrada en el archivo ZIP",
  imageRequired: 'Debe cargar una imagen del rostro',
  duplicateId: 'Identificación duplicada',
};

/** A broken rule of a row: a key of RULE_TEXTS (biometrics.import.rules) with its arguments. */
export interface RowIssue {
  key: keyof typeof RULE_TEXTS;
  args?: Record<string, string>;
}

/** The Spanish text of an issue (the server's; the admin translates the key). */
export const ruleText = (issue: RowIssue): string =>
  RULE_TEXTS[issue.key].replace(/%\{(\w+)\}/g, (_m, name: string) => issue.args?.[name] ?? '');

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

/**
 * Floors: a list, or comma-separated text where 'S2' is basement 2 (-2); what is not a number is dropped, and
 * so is a floor the controllers do not have.
 */
export function parseFloors(value: unknown): number[] {
  const parts = Array.isArray(value) ? value : text(value).split(',');
  const floors = parts
    .map((part) => {
      const token = text(part).toUpperCase();
      const basement = /^S\s*(\d+)$/.exec(token);
      return basement ? -Number(basement[1]) : /^-?\d+$/.test(token) ? Number(token) : Number.NaN;
    })
    .filter((floor) => (SELECTABLE_FLOORS as readonly number[]).includes(floor));
  return [...new Set(floors)].sort((a, b) => a - b);
}

/** A row's fields (the sheet's cells or the wizard's JSON element) with the defaults applied, and the rules it breaks. */
export function checkFields(raw: Partial<Record<keyof FaceData, unknown>>): { face: FaceData; issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  const nombre = text(raw.nombre);
  const identificacion = text(raw.identificacion);
  if (!nombre) issues.push({ key: 'nameRequired' });
  else if (nombre.length > FACE_LIMITS.nombre)
    issues.push({ key: 'tooLong', args: { field: 'Nombres', max: String(FACE_LIMITS.nombre) } });
  if (!identificacion) issues.push({ key: 'idRequired' });
  else if (!ID_DIGITS.test(identificacion)) issues.push({ key: 'idDigits' });
  const tipo = text(raw.tipo).toLowerCase() || 'propietario';
  if (!(FACE_TYPES as readonly string[]).includes(tipo))
    issues.push({ key: 'badType', args: { value: text(raw.tipo), types: FACE_TYPES.join(', ') } });
  const estado = text(raw.estado).toLowerCase() || 'activo';
  if (!(FACE_STATES as readonly string[]).includes(estado))
    issues.push({ key: 'badState', args: { value: text(raw.estado), states: FACE_STATES.join(', ') } });
  const observaciones = text(raw.observaciones) || null;
  if (observaciones && observaciones.length > FACE_LIMITS.observaciones)
    issues.push({ key: 'tooLong', args: { field: 'Observaciones', max: String(FACE_LIMITS.observaciones) } });
  return {
    face: {
      nombre,
      identificacion,
      destino: text(raw.destino) || null,
      tipo,
      estado,
      pisos: parseFloors(raw.pisos),
      observaciones,
    },
    issues,
  };
}
