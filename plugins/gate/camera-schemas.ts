// TypeBox schemas of the cameras, their snapshots and the security e-mails (validation, OpenAPI, the admin's types).
import { Nullable } from '@conjunto/core';
import { type Static, type TEnum, Type } from 'typebox';
import { CAMERA_DRIVERS, CAMERA_LIMITS as L } from './cameras.ts';
import { GATE_LIMITS } from './gate.ts';

const Id = Type.String({ format: 'uuid' });
const Driver = Type.Enum(CAMERA_DRIVERS as unknown as string[]) as unknown as TEnum<[...typeof CAMERA_DRIVERS]>;
const Text = (max: number) => Type.String({ maxLength: max });
/** A photo as base64 text: 4/3 of its bytes, plus a 'data:image/jpeg;base64,' prefix. */
export const PHOTO_TEXT = Math.ceil((L.photoBytes * 4) / 3) + 40;

/** A camera as answered: never its password, only whether it has one. */
export const GateCameraSchema = Type.Object({
  id: Id,
  postId: Id,
  postName: Nullable(Type.String()),
  name: Type.String(),
  driver: Driver,
  url: Nullable(Type.String()),
  username: Nullable(Type.String()),
  hasPassword: Type.Boolean(),
  createdAt: Type.String(),
});
export type GateCameraItem = Static<typeof GateCameraSchema>;

/** Create and edit: `password` is write-only; on an edit, absent keeps it and null (or '') removes it. */
export const GateCameraWriteSchema = Type.Object(
  {
    postId: Id,
    name: Type.String({ minLength: 1, maxLength: L.name }),
    driver: Driver,
    url: Type.Optional(Nullable(Text(L.url))),
    username: Type.Optional(Nullable(Text(L.username))),
    password: Type.Optional(Nullable(Text(L.password))),
  },
  { additionalProperties: false },
);
export const GateCameraEditSchema = Type.Partial(GateCameraWriteSchema, { additionalProperties: false });

export const SnapshotQuerySchema = Type.Object({ postId: Type.Optional(Id) }, { additionalProperties: false });

/** One camera's picture (base64) or why there is none ('Error al obtener las imágenes'). */
export const SnapshotItemSchema = Type.Object({
  cameraId: Id,
  name: Type.String(),
  postId: Id,
  postName: Type.String(),
  /** 'Garita · Cámara': the spec's `fuente`. */
  source: Type.String(),
  contentType: Nullable(Type.String()),
  image: Nullable(Type.String({ description: 'base64' })),
  error: Nullable(Type.String()),
});
export const SnapshotsSchema = Type.Object({ takenAt: Type.String(), items: Type.Array(SnapshotItemSchema) });

/** Posts with cameras (the guard's 'Ver Cámaras' shows only then). */
export const CameraPostsSchema = Type.Object({
  posts: Type.Array(Type.Object({ postId: Id, postName: Type.String(), cameras: Type.Integer() })),
});

// ------------------------------------------------------------------ spec 002 §7 compatibility paths

export const CapturaQuerySchema = Type.Object(
  { camaraGarita: Type.Optional(Text(GATE_LIMITS.postName)) },
  { additionalProperties: false },
);
export const CapturaSchema = Type.Object({
  listaImagenes: Type.Array(
    Type.Object({ imagen: Nullable(Type.String()), fuente: Type.String(), error: Nullable(Type.String()) }),
  ),
});
export const CamarasBitacoraSchema = Type.Object({
  count: Type.Integer(),
  results: Type.Array(
    Type.Object({ id: Id, nombre: Type.String(), camara_garita: Type.String(), id_garita: Id, driver: Driver }),
  ),
});

// ------------------------------------------------------------------ security e-mails

const Field = Type.Optional(Nullable(Text(L.mailField)));
/** Spec 002 §7 correo/enviar_correos_seguridad/: the event and its people, up to 3 photos (base64 or data: URLs). */
export const SecurityMailSchema = Type.Object(
  {
    id_conjunto: Type.Optional(Id),
    imagen_conjunto: Type.Optional(Nullable(Text(2000))),
    residente_nombre: Field,
    residente_casa: Field,
    tipo: Field,
    fecha_hora: Field,
    asunto: Type.Optional(Nullable(Text(L.mailField))),
    evento: Field,
    motivo: Type.Optional(Nullable(Text(L.mailText))),
    observacion: Type.Optional(Nullable(Text(L.mailText))),
    visitante_nombre: Field,
    visitante_dni: Field,
    visitante_placa: Field,
    visitante_placa_color: Field,
    // Base64 of 2 MB (and a data: prefix); the decoded size is checked again.
    fotos: Type.Optional(Type.Array(Type.String({ maxLength: PHOTO_TEXT }), { maxItems: L.photos })),
    destinatario: Field,
    correo: Type.Optional(Nullable(Text(GATE_LIMITS.email))),
  },
  { additionalProperties: false },
);
export const NotifyEntrySchema = Type.Object(
  {
    /** Where to send it; none: the visited resident's e-mail, else the complex's administrators. */
    to: Type.Optional(Nullable(Text(GATE_LIMITS.email))),
    subject: Type.Optional(Nullable(Text(L.mailField))),
    reason: Type.Optional(Nullable(Text(L.mailText))),
    observation: Type.Optional(Nullable(Text(L.mailText))),
  },
  { additionalProperties: false },
);
export const MailAnswerSchema = Type.Object({ message: Type.String(), id: Type.String(), to: Type.Array(Type.String()) });

/** A picture of an entry (camera snapshot at registration): a short-lived URL for <img>. */
export const EntryImageSchema = Type.Object({ fileId: Id, source: Type.String(), takenAt: Type.String(), url: Type.String() });
export type EntryImage = Static<typeof EntryImageSchema>;
/** CompareFaces: the entry's pictures beside the pictures of now of its post's cameras, for the guard at the exit. */
export const CompareFacesSchema = Type.Object({ entered: Type.Array(EntryImageSchema), now: SnapshotsSchema });
