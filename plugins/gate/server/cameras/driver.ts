// A guard post's cameras (spec 002 §2.2 'Ver Cámaras', issue 13): each camera is read by a driver, the real one
// (http-snapshot.ts) or the simulator the demo and the tests use (simulator.ts).

/** One picture of a camera, as the guard's 'Imágenes de las cámaras' shows it. */
export interface CameraSnapshot {
  contentType: string;
  bytes: Buffer;
  takenAt: Date;
}

/** A camera could not be read: why, for the log; users read the spec's 'Error al obtener las imágenes'. */
export class CameraError extends Error {
  constructor(reason: string) {
    super(`camera: ${reason}`);
    this.name = 'CameraError';
  }
}
