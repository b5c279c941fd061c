// The gate's timeline and visit reports: their kinds, limits and texts (isomorphic, free of TypeBox: the admin's
// chunks read them); the schemas are timeline-schemas.ts.

/**
 * The kinds of fact the gate's timeline merges: the gate's own, and (when those plugins are installed and on) face
 * recognitions from biometrics, plate and tag reads from the residents' registry, and reservations' codes validated.
 */
export const TIMELINE_KINDS = [
  'entrada',
  'salida',
  'rechazo',
  'lista_negra',
  'lista_blanca',
  'visita_anticipada',
  'panico',
  'rostro',
  'placa',
  'tag',
  'reserva',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** Spec 000 §2.7/§5: the hourly report's end is at most this many days after its start ("under 32 days"; 32 is refused). */
export const REPORT_MAX_DAYS = 31;
/** Spec 000 §8, verbatim. */
export const REPORT_RANGE_MESSAGE = 'Seleccion un rango de fecha de MAXIMO 1 MES';
/** The business time zone of the reports (spec 000: America/Guayaquil). */
export const REPORT_TIME_ZONE = 'America/Guayaquil';

/** Spec 000 §9: the hourly report's buckets. */
export const HOURLY_BUCKETS = 24;
