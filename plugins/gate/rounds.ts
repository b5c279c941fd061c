// Guards, shifts and rounds of the gate (issue 13, spec 002 §2.2 ingresos/rondas/gestionarGuardias, §2.5
// gestionGuardia): limits and texts shared by the server and the screens.

export const ROUNDS_LIMITS = {
  checkpointName: 80,
  checkpointCode: 64,
  /** Checkpoints of one post: a tour of a residential complex has a few dozen at most. */
  checkpointsPerPost: 100,
  observation: 500,
  note: 300,
} as const;

/** A round: in progress, complete (every checkpoint marked) or ended incomplete by the guard (with an observation). */
export const ROUND_STATUSES = ['enCurso', 'completa', 'incompleta'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export const ROUNDS_MESSAGES = {
  shiftOpen: 'Ya tiene un turno abierto. Entréguelo antes de iniciar otro.',
  shiftClosed: 'El turno ya fue entregado.',
  notYourShift: 'Solo el guardia del turno puede entregarlo.',
  roundOpen: 'Ya tiene una ronda en curso. Termínela antes de iniciar otra.',
  roundClosed: 'La ronda ya terminó.',
  notYourRound: 'Solo el guardia de la ronda puede marcar sus puntos.',
  noCheckpoints: 'La garita no tiene puntos de control.',
  checkpointMissing: 'El punto de control no pertenece a esta ronda.',
  alreadyMarked: 'Este punto ya fue marcado en la ronda.',
  checkpointTaken: 'Ya existe un punto de control con ese nombre en la garita.',
  codeTaken: 'Ese código ya está asignado a otro punto de control.',
  checkpointName: 'Ingrese el nombre del punto de control.',
  markTarget: 'Indique el punto de control o su código.',
  tooManyCheckpoints: `Una garita admite hasta ${ROUNDS_LIMITS.checkpointsPerPost} puntos de control.`,
  observationRequired: 'Ingrese una observación.',
  postRequired: 'Seleccione la garita.',
  deleteOff: 'La eliminación de guardias no está habilitada para este conjunto.',
  self: 'No puede desactivarse ni eliminarse a sí mismo.',
} as const;

/** Live events (host.publish): the office's screen follows the rounds as guards mark them. */
export const ROUNDS_TOPICS = {
  shiftChanged: 'gate.shift.changed',
  roundChanged: 'gate.round.changed',
} as const;
