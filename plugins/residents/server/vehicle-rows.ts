// The import's row rules for plates and tags (spec 002 §5: incorrect format, incorrect status, destination does
// not exist, value already exists, resident does not exist), as pure functions: no I/O, everything they need is
// handed in, so the host's generic import can call them row by row too.
import { plainText } from '@conjunto/core';
import {
  normalizeValue,
  STATUS_LABELS,
  VEHICLE_LIMITS,
  VEHICLE_MESSAGES,
  VEHICLE_STATUSES,
  type VehicleKind,
  type VehicleStatus,
  valuePattern,
} from '../vehicles.ts';

/** A row as read from the sheet (cells by meaning), with its number as the user sees it. */
export interface VehicleRowInput {
  fila: number;
  value: unknown;
  status?: unknown;
  unit: unknown;
  resident?: unknown;
  observation?: unknown;
}

export interface RowUnit {
  id: string;
  number: string;
}
export interface RowResident {
  id: string;
  name: string;
  email: string;
  unitId: string | null;
}

/** What a row is checked against: the complex's units and residents, and the values already taken. */
export interface VehicleRowContext {
  /** By plainText(number). */
  units: ReadonlyMap<string, RowUnit>;
  residents: readonly RowResident[];
  /** Values stored in the complex (normalised). */
  existing: ReadonlySet<string>;
  /** Values of earlier valid rows of the same file, with their row numbers. */
  earlier: ReadonlyMap<string, number>;
}

export interface VehicleRowValue {
  fila: number;
  value: string;
  status: VehicleStatus;
  unitId: string;
  unitNumber: string;
  residentId: string | null;
  residentName: string | null;
  blockReason: string | null;
}

export type VehicleRowResult = { ok: true; row: VehicleRowValue } | { ok: false; fila: number; errores: string[] };

const COLUMNS = { status: 'Estado', unit: 'Destino', resident: 'Residente', observation: 'Observación' } as const;

export const ROW_MESSAGES = {
  format: (kind: VehicleKind, value: string) =>
    `${VEHICLE_MESSAGES[kind].column}: formato incorrecto${value ? ` («${value}»)` : ''}. ${VEHICLE_MESSAGES[kind].format}`,
  status: (value: string) => `${COLUMNS.status}: estado incorrecto («${value}»); use ${Object.values(STATUS_LABELS).join(', ')}.`,
  unit: (value: string) => `${COLUMNS.unit}: la unidad «${value}» no existe.`,
  unitRequired: `${COLUMNS.unit}: la unidad de destino es obligatoria.`,
  exists: (kind: VehicleKind) => VEHICLE_MESSAGES[kind].duplicate,
  repeated: (kind: VehicleKind, fila: number) =>
    `${VEHICLE_MESSAGES[kind].duplicate.replace(/\.$/, '')} en la fila ${fila} del archivo.`,
  resident: (value: string) => `${COLUMNS.resident}: «${value}» no es residente de la unidad de destino.`,
  reason: `${COLUMNS.observation}: ${VEHICLE_MESSAGES.reasonRequired}`,
  reasonLength: `${COLUMNS.observation}: máximo ${VEHICLE_LIMITS.blockReason} caracteres.`,
} as const;

export const cellText = (value: unknown): string =>
  value == null ? '' : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).trim();

const STATUS_BY_TEXT = new Map<string, VehicleStatus>([
  ...VEHICLE_STATUSES.map((s) => [s, s] as const),
  ...VEHICLE_STATUSES.map((s) => [plainText(STATUS_LABELS[s]), s] as const),
  ['activa', 'active'],
  ['inactiva', 'inactive'],
  ['bloqueada', 'blocked'],
]);

/** 'Activo', 'activa', 'ACTIVE' ... -> the status; empty -> active; anything else undefined. */
export function parseStatus(value: unknown): VehicleStatus | undefined {
  const text = plainText(cellText(value));
  return text ? STATUS_BY_TEXT.get(text) : 'active';
}

/** The sheet's value as text: a tag typed as a number lost its leading zeros (1234567 -> '01234567'). */
function valueText(kind: VehicleKind, value: unknown): string {
  if (kind === 'tags' && typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1e8)
    return String(value).padStart(8, '0');
  return cellText(value);
}

function validateRow(kind: VehicleKind, input: VehicleRowInput, ctx: VehicleRowContext): VehicleRowResult {
  const errores: string[] = [];
  const raw = valueText(kind, input.value);
  const value = normalizeValue(kind, raw);
  if (!valuePattern(kind).test(value)) errores.push(ROW_MESSAGES.format(kind, raw.slice(0, 30)));
  else if (ctx.existing.has(value)) errores.push(ROW_MESSAGES.exists(kind));
  else if (ctx.earlier.has(value)) errores.push(ROW_MESSAGES.repeated(kind, ctx.earlier.get(value)!));

  const statusText = cellText(input.status);
  const status = parseStatus(input.status);
  if (!status) errores.push(ROW_MESSAGES.status(statusText.slice(0, 30)));

  const unitText = cellText(input.unit);
  const unit = unitText ? ctx.units.get(plainText(unitText)) : undefined;
  if (!unitText) errores.push(ROW_MESSAGES.unitRequired);
  else if (!unit) errores.push(ROW_MESSAGES.unit(unitText.slice(0, 30)));

  // The resident, when given, by e-mail or full name, among the destination unit's residents.
  const residentText = cellText(input.resident);
  let resident: RowResident | undefined;
  if (residentText && unit) {
    const key = plainText(residentText);
    resident = ctx.residents.find((r) => r.unitId === unit.id && (plainText(r.email) === key || plainText(r.name) === key));
    if (!resident) errores.push(ROW_MESSAGES.resident(residentText.slice(0, 60)));
  } else if (residentText && !unitText) errores.push(ROW_MESSAGES.resident(residentText.slice(0, 60)));

  const observation = cellText(input.observation);
  if (status === 'blocked' && !observation) errores.push(ROW_MESSAGES.reason);
  if (observation.length > VEHICLE_LIMITS.blockReason) errores.push(ROW_MESSAGES.reasonLength);

  if (errores.length || !unit || !status) return { ok: false, fila: input.fila, errores };
  return {
    ok: true,
    row: {
      fila: input.fila,
      value,
      status,
      unitId: unit.id,
      unitNumber: unit.number,
      residentId: resident?.id ?? null,
      residentName: resident?.name ?? null,
      // The blocking observation belongs to a blocked plate only.
      blockReason: status === 'blocked' ? observation : null,
    },
  };
}

export const validatePlateRow = (input: VehicleRowInput, ctx: VehicleRowContext) => validateRow('plates', input, ctx);
export const validateTagRow = (input: VehicleRowInput, ctx: VehicleRowContext) => validateRow('tags', input, ctx);

/** Every row of a file, each checked against the stored values and the earlier valid rows of the file. */
export function validateVehicleRows(
  kind: VehicleKind,
  inputs: readonly VehicleRowInput[],
  ctx: Omit<VehicleRowContext, 'earlier'>,
) {
  const earlier = new Map<string, number>();
  const rows: VehicleRowValue[] = [];
  const rowErrors: { fila: number; errores: string[] }[] = [];
  const validate = kind === 'plates' ? validatePlateRow : validateTagRow;
  for (const input of inputs) {
    const result = validate(input, { ...ctx, earlier });
    if (result.ok) {
      rows.push(result.row);
      earlier.set(result.row.value, result.row.fila);
    } else rowErrors.push({ fila: result.fila, errores: result.errores });
  }
  return { rows, rowErrors };
}
