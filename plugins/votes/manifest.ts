import { definePlugin } from '@conjunto/core';

// Limits the spec leaves open (002 §5 names the messages, not the numbers): chosen here, enforced by the server,
// mirrored by the admin's editor.
/** Questions per vote: the 21st answers 'Límite alcanzado, no se puede añadir más preguntas.' */
export const VOTE_QUESTIONS_MAX = 20;
/** Options per question (at least two). */
export const VOTE_OPTIONS_MIN = 2;
export const VOTE_OPTIONS_MAX = 10;
/** Votes of a complex open at once (end not passed): one more answers 'No se puede crear más votaciones'. */
export const VOTE_OPEN_MAX = 10;
/** Attached files per vote (spec 002 §9: 4). */
export const VOTE_FILES_MAX = 4;
/** Bytes per attached file: a bigger one answers 'El archivo es demasiado pesado.' (413). */
export const VOTE_FILE_BYTES_MAX = 10 * 1024 * 1024;
/** The types a vote's files may have: PDF, images, Office and OpenDocument (the host checks their first bytes). */
export const VOTE_FILE_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
] as const;
export const VOTE_TITLE_MAX = 150;
export const VOTE_QUESTION_MAX = 300;
export const VOTE_OPTION_MAX = 150;
/** Characters refused in any vote text (spec 002 §5: '.', ',', '@' and quotes). */
export const VOTE_FORBIDDEN_CHARS = /[.,@'"`´‘’“”«»]/;
/** The live topic published on each ballot, proxy or deletion: `{ voteId }` only (no figures: each screen reloads what it may see). */
export const VOTE_BALLOT_TOPIC = 'votes.ballot';

export const VOTE_MESSAGES = {
  questionLimit: 'Límite alcanzado, no se puede añadir más preguntas.',
  optionLimit: `Límite alcanzado, no se puede añadir más opciones (máximo ${VOTE_OPTIONS_MAX}).`,
  optionMin: `Cada pregunta necesita al menos ${VOTE_OPTIONS_MIN} opciones.`,
  voteLimit: 'No se puede crear más votaciones',
  filesLimit: 'Solo puedes subir máximo 4 archivos.',
  fileTooLarge: 'El archivo es demasiado pesado.',
  fileType: 'Tipo de archivo no permitido: sube PDF, imágenes o documentos de Office.',
  filesClosed: 'La votación ya finalizó: no se pueden añadir ni quitar archivos.',
  forbiddenChars: 'No se permiten caracteres especiales (. , @ ni comillas).',
  duplicateOption: 'Las opciones de una pregunta no pueden repetirse.',
  endInPast: 'La fecha de fin debe ser posterior a la fecha actual.',
  finished: 'La votación ya finalizó: no se puede votar ni cambiar el voto.',
  noUnit: 'No tienes una unidad habitacional asignada en este conjunto.',
  notYourUnit: 'Solo puedes votar por tu unidad o por una unidad que te haya delegado su voto.',
  delegated: 'Tu unidad delegó su voto en esta votación: revoca el poder para votar.',
  excluded: 'Tu unidad no puede votar en esta votación por tener valores vencidos.',
  inactiveUnit: 'La unidad está inactiva y no puede votar.',
  answers: 'Debes responder cada pregunta con una de sus opciones.',
  proxySelf: 'No puedes delegar el voto en ti mismo.',
  proxyHolder: 'La persona indicada no es residente activo de este conjunto.',
  proxyTaken: 'La unidad ya delegó su voto en esta votación.',
  proxyHolderVoted: 'La persona indicada vive en la unidad que delega: no hace falta un poder.',
  attendanceClosed: 'La votación ya finalizó: no se puede registrar la asistencia.',
  attendanceExcluded: 'La unidad no participa en esta votación por tener valores vencidos.',
  attendanceInactive: 'La unidad está inactiva.',
} as const;

export default definePlugin({
  id: 'votes',
  titleKey: 'votes.title',
  // Not in the spec's catalogue: a switch of its own, on by default.
  moduleSwitch: { name: 'Votaciones', label: 'Votaciones', default: true },
  roles: ['administrador', 'superAdministrador', 'directiva', 'residente'],
  resources: ['votes'],
  // Units in arrears are left out of a vote that says so, when accounting is installed and on; without it, no one is.
  optionalDependsOn: ['accounting'],
  access: {
    administrador: { votes: '*' },
    superAdministrador: { votes: '*' },
    // The board reads votes, results, voters and reports (/directiva/votacion).
    directiva: { votes: ['list', 'show', 'results', 'report', 'export'] },
    // Residents: the votes of their complex, their unit's ballot, the results (no voters' names), proxies of their unit.
    residente: { votes: ['list', 'show', 'results', 'ballots', 'my-ballots', 'proxies'] },
  },
});
