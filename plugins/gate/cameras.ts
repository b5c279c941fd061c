// The guard posts' cameras and the security e-mails: limits, drivers and texts (isomorphic, free of TypeBox: the
// admin reads them too). The schemas are camera-schemas.ts.

/** Camera drivers: a camera's HTTP snapshot URL (Basic/Digest), or the simulator of the demo and the tests. */
export const CAMERA_DRIVERS = ['http-snapshot', 'simulator'] as const;
export type CameraDriver = (typeof CAMERA_DRIVERS)[number];

export const CAMERA_LIMITS = {
  name: 60,
  url: 500,
  username: 100,
  password: 200,
  /** Cameras per post: the grid shows them all at once, each read in parallel. */
  perPost: 8,
  /** Cameras read by one request of the whole complex (each picture may be up to 5 MB): the first, by post and name. */
  perRequest: 16,
  /** Photos of a security e-mail (spec 002 §7 'fotos (3)'). */
  photos: 3,
  /** Bytes of one photo of a security e-mail (decoded; a camera's snapshot is a few hundred KB). */
  photoBytes: 2 * 1024 * 1024,
  mailText: 2000,
  mailField: 200,
} as const;

export const CAMERA_MESSAGES = {
  // Spec 002 §2.2, §8, verbatim.
  title: 'Imágenes de las cámaras',
  button: 'Ver Cámaras',
  fetchError: 'Error al obtener las imágenes',
  mailSent: 'Se envió correo de notificación.',
  mailError: 'Error al enviar correo de notificación.',
  // This product's.
  url: 'Ingrese una URL http o https válida, sin usuario ni contraseña en ella.',
  urlRequired: 'La cámara HTTP necesita la URL de su captura (snapshot).',
  nameTaken: 'Ya existe una cámara con ese nombre en esta garita.',
  tooMany: 'Una garita admite hasta 8 cámaras.',
  compareOff: 'La comparación de rostros no está habilitada para este conjunto.',
  cameraName: 'Ingrese el nombre de la cámara.',
  photos: 'Adjunte hasta 3 fotos (JPEG, PNG o WebP en base64).',
  photoTooLarge: 'Cada foto puede pesar hasta 2 MB.',
  recipient: 'Ingrese un correo de destino válido.',
  noRecipient: 'No hay un correo de destino para la notificación.',
} as const;
