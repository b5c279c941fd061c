// Moving requests (mudanza) and pets (mascotas): their limits and rules, and the texts users read. Isomorphic and
// free of TypeBox (the admin's first chunk reads the texts); the schemas are moving.schemas.ts.

export const MOVING_TYPES = ['ingreso', 'salida'] as const;
export const MOVING_STATUSES = ['pendiente', 'aprobada', 'rechazada', 'completada', 'cancelada'] as const;
export type MovingStatus = (typeof MOVING_STATUSES)[number];
export const PET_SPECIES = ['perro', 'gato', 'otro'] as const;
/** The vaccination indicator: a date older than VACCINATION_VALID_MONTHS is 'vencida'; no date, 'sinRegistro'. */
export const VACCINATION_STATES = ['vigente', 'vencida', 'sinRegistro'] as const;
export const VACCINATION_VALID_MONTHS = 12;

export const MOVING_LIMITS = { notes: 500, reason: 300, entryNotes: 300 } as const;
export const PET_LIMITS = { name: 60, breed: 60, color: 40, notes: 500 } as const;

/** Spec 002 §3/§5: plates AAA1234 or AAA123 (dashes and spaces removed, upper case). */
export const PLATE_FORMAT = /^[A-Z]{3}[0-9]{3,4}$/;
export const normalisePlate = (value: string) => value.replace(/[-\s]/g, '').toUpperCase();
/** A time of day 'HH:MM' (24 h). */
export const TIME_FORMAT = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** The state changes a request allows: from -> to. */
export const MOVING_TRANSITIONS: Record<MovingStatus, readonly MovingStatus[]> = {
  pendiente: ['aprobada', 'rechazada', 'cancelada'],
  aprobada: ['completada', 'rechazada', 'cancelada'],
  rechazada: [],
  completada: [],
  cancelada: [],
};
export const canMove = (from: MovingStatus, to: MovingStatus) => MOVING_TRANSITIONS[from]?.includes(to) ?? false;

export const MOVING_MESSAGES = {
  plate: 'Formato de placa incorrecto: use AAA1234 o AAA123.',
  time: 'Hora inválida (HH:MM).',
  timeOrder: 'La hora de fin debe ser posterior a la hora de inicio.',
  unit: 'Seleccione una U.H.',
  unitMissing: 'La unidad no existe en este conjunto.',
  resident: 'El residente no pertenece a la unidad.',
  noUnit: 'No tiene una unidad asignada.',
  pastDate: 'La fecha no puede ser anterior a hoy.',
  reason: 'Indique el motivo del rechazo.',
  transition: (from: string, to: string) => `No se puede pasar una solicitud ${from} a ${to}.`,
  edit: 'Solo se pueden editar solicitudes pendientes o aprobadas.',
  entryNeedsApproval: 'Solo se registran ingresos de mudanzas aprobadas.',
  exitOrder: 'La salida debe ser posterior al ingreso.',
  openEntry: 'El vehículo ya tiene un ingreso sin salida registrada.',
} as const;

export const PET_MESSAGES = {
  owner: 'El propietario no pertenece a la unidad.',
  photoRequired: 'Debe cargar una foto.',
  photoTooLarge: 'La imagen es demasiado grande (máximo 5MB)',
  notImage: 'Solo se permiten archivos de imagen',
  badImage: 'Error al cargar la imagen',
  vaccinationFuture: 'La fecha de vacunación no puede ser futura.',
} as const;
