// Plates and tags (spec 002 §3 "Plate and tag", §4, §5): the rules both halves share. Isomorphic and tiny: the
// server validates with them, the admin's forms mirror them.

export type VehicleKind = 'plates' | 'tags';

/**
 * The spec names a status but not its values: a plate or tag is active (the guard lets it in), inactive (kept on
 * record, not honoured) or blocked (refused, with the blocking observation saying why). Blocking and unblocking
 * have routes of their own, so that the reason is always recorded.
 */
export const VEHICLE_STATUSES = ['active', 'inactive', 'blocked'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
/** What a form may set; 'blocked' only through the block route (with its reason). */
export const EDITABLE_STATUSES = ['active', 'inactive'] as const;

/** Spanish labels of the statuses, as the screens and the import's 'Estado' column read them. */
export const STATUS_LABELS: Record<VehicleStatus, string> = { active: 'Activo', inactive: 'Inactivo', blocked: 'Bloqueado' };

export const VEHICLE_LIMITS = { blockReason: 250, importRows: 5000 } as const;

/** Plate AAA1234 or AAA123 (spec 002 §5, §9): three capital letters and three or four digits. */
export const PLATE_PATTERN = /^[A-Z]{3}[0-9]{3,4}$/;
/** Tag: 8 digits, e.g. 01234567. */
export const TAG_PATTERN = /^[0-9]{8}$/;

/** A plate as stored: upper case, without spaces or dashes ('abc-123' -> 'ABC123'), as the payment page looks it up. */
export const normalizePlate = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();
/** A tag as stored: without spaces. */
export const normalizeTag = (value: string) => value.replace(/\s/g, '');

export const VEHICLE_MESSAGES = {
  plates: {
    duplicate: 'Ya existe una placa con ese valor.',
    format: 'Formato de placa incorrecto (Ej: ABC1234 o ABC123).',
    notFound: 'No se encontró la placa.',
    blocked: 'La placa está bloqueada: desbloquéela para cambiar su estado.',
    column: 'Placa',
  },
  tags: {
    duplicate: 'Ya existe un tag con ese valor.',
    format: 'Formato de tag incorrecto: debe tener 8 dígitos (Ej: 01234567).',
    notFound: 'No se encontró el tag.',
    blocked: 'El tag está bloqueado: desbloquéelo para cambiar su estado.',
    column: 'Tag',
  },
  unitUnknown: 'La unidad de destino no existe.',
  residentUnknown: 'El residente no pertenece a la unidad de destino.',
  reasonRequired: 'Indique el motivo del bloqueo.',
} as const;

export const normalizeValue = (kind: VehicleKind, value: string) =>
  kind === 'plates' ? normalizePlate(value) : normalizeTag(value);
export const valuePattern = (kind: VehicleKind) => (kind === 'plates' ? PLATE_PATTERN : TAG_PATTERN);
