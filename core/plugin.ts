// The plugin contract. A plugin is one folder with an isomorphic manifest, a server half and an admin half.
// Only types are imported here: core does no I/O and loads neither fastify nor react at run time.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { ComponentType, LazyExoticComponent, ReactElement } from 'react';
import type { ComplexStaffRole, HostDirectory, StaffInput, StaffMember, UnitAccountsProvider } from './directory.ts';
import type { ListDeclaration } from './list.ts';
import type { ModuleSwitch } from './modules.ts';
import type { AccessTable, Role } from './roles.ts';
import type { DomainEventHandler, ServiceAccess, ServiceScope } from './services.ts';

export interface PluginManifest {
  /** Stable id: folder name, URL segment and key of the platform-wide switch. */
  id: string;
  /** Translation key of the plugin's title. */
  titleKey: string;
  /** Module switch that gates the plugin per complex: a catalogue name or a switch of its own. */
  moduleSwitch?: string | ModuleSwitch;
  /** Roles that may use the plugin at all (each route narrows further). */
  roles: readonly Role[];
  /**
   * Who may do what, once: role x resource x action. The server derives each route's roles from it (a route
   * names its action with `config.access` when the method and path do not say it) and the admin's
   * authProvider.canAccess hides the buttons and pages it denies.
   */
  access?: AccessTable;
  /** REST resources the plugin serves under /api/complexes/:complexId. */
  resources: readonly string[];
  /**
   * Resources gated by a switch of their own besides the plugin's (e.g. plates and tags of one plugin:
   * { plates: 'PlacasResidentes', tags: 'TagsResidentes' }): off, their routes answer 404 and their screens
   * and menu entries are hidden. Keyed by the first path segment of the routes (the API resource).
   */
  resourceSwitches?: Readonly<Record<string, string | ModuleSwitch>>;
  /**
   * Resources (first path segment of the routes) that are the payments part of the API: the residents of a locked
   * property (spec 002 §4) still reach them, and nothing else. A single route can say it with config.payments.
   */
  paymentResources?: readonly string[];
  /** Plugins this one uses (their services, their events): installed before it, checked at boot. */
  dependsOn?: readonly string[];
  /**
   * Plugins this one uses when they are installed (their services, their events), and works without: checked as
   * `dependsOn` when installed (before it); when not, their events never come and their service answers
   * 'not-installed'. E.g. a plugin shows another's facts only where that one is installed.
   */
  optionalDependsOn?: readonly string[];
  /** Domain events it emits ('<id>.<aggregate>.<past tense>'); only these may be emitted, and handled by others. */
  emits?: readonly string[];
}

export const definePlugin = <M extends PluginManifest>(manifest: M): M => manifest;

/** Whether `manifest` declares plugin `id` in dependsOn or optionalDependsOn (may use its services and events). */
export const uses = (manifest: Pick<PluginManifest, 'dependsOn' | 'optionalDependsOn'> | undefined, id: string): boolean =>
  Boolean(manifest?.dependsOn?.includes(id) || manifest?.optionalDependsOn?.includes(id));

export function moduleSwitchName(manifest: PluginManifest): string | undefined {
  const s = manifest.moduleSwitch;
  return typeof s === 'string' ? s : s?.name;
}

/** Every switch a plugin declares as an object (its own and its resources'), for the catalogue. */
export const declaredSwitches = (manifest: PluginManifest): ModuleSwitch[] =>
  [manifest.moduleSwitch, ...Object.values(manifest.resourceSwitches ?? {})].filter(
    (s): s is ModuleSwitch => typeof s === 'object',
  );

/** Whether switch `s` is on for stored `modules`: the stored value, else its declared or catalogue default. */
export function switchIsOn(
  s: string | ModuleSwitch,
  modules: Record<string, unknown> | null | undefined,
  catalogue: readonly ModuleSwitch[],
): boolean {
  const name = typeof s === 'string' ? s : s.name;
  const stored = modules?.[name];
  if (typeof stored === 'boolean') return stored;
  return (typeof s === 'object' ? s : catalogue.find((m) => m.name === name))?.default ?? false;
}

// ---------------------------------------------------------------- server half

/**
 * The Fastify instance a plugin's routes get: typed by TypeBox, so a handler's `request.body`, `params` and
 * `query` have the types of the route's schemas (no casts), and what it answers is checked against its
 * response schemas.
 */
export type PluginApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse<IncomingMessage>,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Route config of a complex-scoped route: its roles, or (with a manifest access table) its action when the path does not say it. */
export interface RouteAccess {
  roles?: readonly Role[];
  access?: string;
}

/** What the host adds to a request inside /api/complexes/:complexId. */
export interface ComplexRequestContext {
  complexId: string;
  userId: string;
  userName: string;
  roles: readonly Role[];
}

export interface AuditEntry {
  /** The API resource ('incomes'); the admin names it from the messages' `auditLog.resources.<resource>`. */
  resource: string;
  recordId: string;
  /** 'create' | 'update' | 'delete' | 'read' or the plugin's own, named in `auditLog.actions.<action>`. */
  action: 'create' | 'update' | 'delete' | string;
  /** An update's `{ field: [before, after] }` (changesOf), or what was written. */
  changes?: unknown;
  /**
   * What the record is, for a person reading the log, as it was when written: 'Ingreso N° 000123', 'Casa 12',
   * 'Juan Pérez' (cut at 200 characters). Without it the log falls back to a name found in `changes`.
   */
  description?: string | null;
}

/** Host services handed to a plugin's routes. Plugins never import the host's code. */
export interface HostServices {
  /** The request's EntityManager (MikroORM, forked per request). */
  // biome-ignore lint/suspicious/noExplicitAny: each plugin narrows it to the driver's EntityManager
  em(request: FastifyRequest): any;
  context(request: FastifyRequest): ComplexRequestContext;
  /**
   * Registers the declared list on `app`: GET /<resource> (ra-data-simple-rest, scoped to the request's complex,
   * exact total up to 10,000 then an estimate, keyset `after`) and GET /<resource>/export?format=csv|xlsx.
   */
  listRoute<Row, Item>(app: FastifyInstance, declaration: ListDeclaration<Row, Item>): void;
  /** Registers an import (template, preview, confirm, job): see ImportDeclaration. */
  importRoute<Row>(app: FastifyInstance, declaration: ImportDeclaration<Row>): void;
  /** Loads a record of the request's complex or throws 404 (also for another complex's id). */
  findOr404<T>(request: FastifyRequest, entity: unknown, id: string): Promise<T>;
  /** Records a write; call inside the same transaction as the write. */
  audit(request: FastifyRequest, em: unknown, entry: AuditEntry): void;
  /**
   * Queues an e-mail of the request's complex in the outbox, inside the caller's transaction `em` (a rollback
   * drops it). Delivered by SMTP when configured; otherwise it stays readable in the local outbox. Answers its id.
   * With `{ platform: true }` the mail is the platform's own (to platform staff): filed under no complex, so it
   * never shows in the complex's mail history.
   */
  queueMail(request: FastifyRequest, em: unknown, message: MailMessage, options?: { platform?: boolean }): Promise<string>;
  /** Push notifications to users' browsers and app devices, through an outbox (see HostPush). */
  push: HostPush;
  /**
   * Queues a background job of the calling plugin (handler `name` of its `jobs`) for the request's complex,
   * recording the complex and the user. Call it outside any open transaction (PGlite has one connection).
   * With `singletonKey`, re-submitting while that work is queued or running answers the same job id.
   */
  submitJob(request: FastifyRequest, name: string, data: Record<string, unknown>, options?: SubmitJobOptions): Promise<string>;
  /** The id of a queued or running job `name` of the calling plugin for the request's complex, or null. */
  runningJob(request: FastifyRequest, name: string): Promise<string | null>;
  /** Stored files of the request's complex (uploads, signed download URLs). Plugins never see paths. */
  files: HostFiles;
  /**
   * Publishes a live event to the complex's open event streams (GET /api/complexes/:complexId/events) in every
   * server process. Runs on `em` (a request's, a job's): inside a transaction it is delivered at commit and
   * dropped by a rollback. `topic`: '<plugin id>.<name>'; `payload`: JSON of at most 7,900 bytes (ids and
   * counters, not records). Needs no request, so jobs call it too. Not stored: no replay after a reconnection.
   */
  publish(complexId: string, topic: string, payload: unknown, em: unknown): Promise<void>;
  /** Reads untrusted ZIP files (uploaded archives) under caps. */
  zip: HostZip;
  /** Reads untrusted spreadsheets (.xlsx) under caps: the one reader every plugin uses. */
  sheets: HostSheets;
  /** Runs CPU-heavy work (images, hashes ...) in worker threads, off the event loop that answers requests. */
  workers: HostWorkers;
  /**
   * The service of plugin `provider` (declared in this plugin's `dependsOn`), bound to the request's complex and
   * user, on `em` (default the request's; pass a transaction's to act inside it). When the provider is not
   * installed, disabled on the platform or switched off for the complex it answers why, and the caller degrades.
   */
  service<S>(request: FastifyRequest, provider: string, em?: unknown): Promise<ServiceAccess<S>>;
  /**
   * Records domain event `name` (one of the manifest's `emits`) of the request's complex in the writer's
   * transaction `em`: delivered after commit to the plugins that handle it, dropped by a rollback.
   */
  emit(request: FastifyRequest, em: unknown, name: string, payload: Record<string, unknown>): Promise<void>;
  /**
   * The directory of the request's complex (its units, residents, staff and data), read on the request's `em`;
   * outside a request (a job, a helper given a transaction) pass the complex and the `em` to read on.
   */
  directory(scope: FastifyRequest | { complexId: string; em: unknown }): HostDirectory;
  /**
   * Whether the catalogue's switch `name` (e.g. 'Aprobadores', 'LimitBitacora') is on for the request's complex:
   * for behaviour a switch changes inside a plugin's routes (its module and resource switches the host applies
   * itself). Read with the request's admission: no query.
   */
  switchOn(request: FastifyRequest, name: string): boolean;
  /** The complex's electronic signature (.p12), kept encrypted by the host: signed PDFs, and the key for XML signatures. */
  signatures: HostSignatures;
  /** Users of one staff role linked to the request's complex: invite, (de)activate, unlink. */
  staff: HostStaff;
  /** Documents issued with a public verification code and QR (certificates ...), optionally signed. */
  documents: HostDocuments;
  /** Small secrets a plugin keeps at rest (a camera's password ...): sealed by the host, bound to plugin and complex. */
  secrets: HostSecrets;
  /** Photos users upload, re-validated and re-encoded before they are stored. */
  images: HostImages;
  /**
   * The active platform staff (superAdministrador) to notify of what a complex asks them (a support request), read
   * on the request's `em`: at most 50, by name.
   */
  platformStaff(request: FastifyRequest): Promise<PlatformStaffContact[]>;
  /** Recurring runs of the calling plugin's `schedulable` jobs, one schedule per complex and key. */
  schedules: HostSchedules;
}

/**
 * When a schedule runs: `start` (a local date-time of America/Guayaquil, 'YYYY-MM-DDTHH:mm') is the first occurrence;
 * `rrule` (RFC 5545 without DTSTART, e.g. 'FREQ=WEEKLY;BYDAY=MO', at most daily, an UNTIL in local time) repeats it at
 * the same time of day, or null for once.
 */
export interface ScheduleRecurrence {
  start: string;
  rrule: string | null;
}

export interface ScheduleInput extends ScheduleRecurrence {
  /** The job that runs at each occurrence: one of the plugin's `schedulable` names. */
  job: string;
  /** The job's data (JSON, at most 4 KB); the job also gets `JobInfo.schedule`. */
  data?: Record<string, unknown>;
}

/** A schedule as stored: its next occurrence (null once it has no more) and the last one that ran. */
export interface ScheduleState {
  key: string;
  nextRunAt: string | null;
  lastRunAt: string | null;
}

/**
 * The calling plugin's schedules of the request's complex (ServerPlugin.schedulable): the host's ticker submits the job
 * at each occurrence in one server process only (a lease on the schedule's row), with the occurrence in
 * `JobInfo.schedule`, under the same checks as any job (complex active, plugin enabled, switch on). Delivery is at
 * least once (a crash between submitting and recording the occurrence submits it again): a job keys its effects by
 * `schedule.occurrence`. An occurrence found more than SCHEDULE_GRACE_HOURS late (the server was down) is skipped.
 */
export interface HostSchedules {
  /** Creates or replaces schedule `key` inside the caller's transaction `em`; 400 for a bad recurrence. */
  set(request: FastifyRequest, em: unknown, key: string, input: ScheduleInput): Promise<ScheduleState>;
  /**
   * Creates schedule `key` inside `em` unless the complex has it already: an existing one keeps its recurrence and
   * its next run (set() again would move that on from now, skipping an occurrence not yet ticked). One statement, so
   * it may run inside the write's transaction. For a plugin's standing schedule (a daily run).
   */
  ensure(request: FastifyRequest, em: unknown, key: string, input: ScheduleInput): Promise<void>;
  /** Removes schedule `key` (no error when there is none). */
  remove(request: FastifyRequest, em: unknown, key: string): Promise<void>;
  /** The states of the complex's schedules with these keys (missing keys are left out). */
  states(request: FastifyRequest, keys: readonly string[]): Promise<Map<string, ScheduleState>>;
}

/** Hours after which a missed occurrence (a server down at the time) is skipped rather than run late. */
export const SCHEDULE_GRACE_HOURS = 6;

export interface PhotoUploadOptions {
  /** The multipart field holding the photo (one file, no other field), named in a refusal's `errors`. */
  field: string;
  /** Bytes of the upload at most (413 with `messages.tooLarge` beyond). */
  maxBytes: number;
  /** The caller's texts: no file; too large; not a JPEG, PNG or WebP; truncated, corrupt or over the pixel limit. */
  messages: { required: string; tooLarge: string; notImage: string; badImage: string };
  /** Longest side in pixels of what is stored (default 800). */
  side?: number;
  /** About this many bytes (default 200 KB): the JPEG quality steps down until it fits, 30 at the least. */
  targetBytes?: number;
}

export interface HostImages {
  /**
   * Reads the request's one photo (multipart; the route declares `consumes: ['multipart/form-data']`) and answers the
   * JPEG to store: only JPEG, PNG or WebP, found by decoding (an SVG or a text named .jpg is refused), at most
   * 40 megapixels decoded, metadata stripped (a phone photo's position), at most `side` a side. Refusals are 4xx
   * naming `field`.
   */
  readPhoto(request: FastifyRequest, options: PhotoUploadOptions): Promise<Buffer>;
}

/**
 * AES-256-GCM sealing of a plugin's small secrets under a key of its own derived from SIGNATURES_KEY. A sealed text is
 * bound to the calling plugin, the complex and `aad` (e.g. '<table>.<column>:<row id>'): moved to another row, column,
 * complex or plugin it does not open. Without the key configured both answer 503 with a clear text.
 */
export interface HostSecrets {
  /** The sealed text to store (ASCII, about 4/3 of the plain bytes plus 60). */
  seal(scope: HostScope, plain: string, aad: string): string;
  /** The plain text of `sealed`; throws when the key, the binding or a byte differs. */
  open(scope: HostScope, sealed: string, aad: string): string;
}

/**
 * The request's complex's staff of one role (users are the host's: plugins never write them). Every call acts only
 * on a user who holds `role` and is linked to the request's complex (else 404), inside the caller's transaction `em`.
 */
export interface HostStaff {
  /**
   * A new user holding `role` only, linked to the complex, without password, and the invitation e-mail with its
   * single-use link (72 h) to set it. 400 on a bad field (the residents' texts: '¡Correo inválido!' ...), 409
   * EMAIL_TAKEN / ID_NUMBER_TAKEN when the e-mail or C.I. belongs to someone.
   */
  invite(request: FastifyRequest, em: unknown, role: ComplexStaffRole, input: StaffInput): Promise<StaffMember>;
  /** The staff member, or undefined (not of the complex, not of the role, not a UUID). */
  member(request: FastifyRequest, em: unknown, role: ComplexStaffRole, id: string): Promise<StaffMember | undefined>;
  /**
   * Allows or forbids their sign-in (a disable ends every session at once). 409 STAFF_SHARED when they also hold
   * another role or work for another complex: one complex's office does not lock them out of the others.
   */
  setActive(request: FastifyRequest, em: unknown, role: ComplexStaffRole, id: string, active: boolean): Promise<StaffMember>;
  /** Removes their link to the complex (their account stays, with their other complexes): answers them as they were. */
  unlink(request: FastifyRequest, em: unknown, role: ComplexStaffRole, id: string): Promise<StaffMember>;
}

/** What a plugin's platform routes (ServerPlugin.platformRoutes) get of the host: reads across complexes, for platform staff. */
export interface PlatformHostServices {
  /** The request's EntityManager. */
  // biome-ignore lint/suspicious/noExplicitAny: each plugin narrows it to the driver's EntityManager
  em(request: FastifyRequest): any;
  /**
   * As HostServices.listRoute (paged, exact total up to 10,000 then an estimate, keyset `after`, export capped), over
   * the rows of EVERY complex: declare `complexId: 'exact'` among the filters to let staff narrow to one.
   */
  listRoute<Row, Item>(app: FastifyInstance, declaration: ListDeclaration<Row, Item>): void;
  /** Complexes by id (name, active), for the rows of a page; unknown ids are absent. At most 1,000 ids. */
  complexes(request: FastifyRequest, ids: readonly string[]): Promise<Map<string, PlatformComplex>>;
  /**
   * Records a platform staff write inside the write's transaction `em`: of a complex's record (a reply to its
   * request) in that complex's log with `complexId`, of the platform's own data (no complex) with null.
   */
  audit(request: FastifyRequest, em: unknown, entry: AuditEntry, complexId: string | null): void;
  /** Stored files of complex `complexId` (a request's attachment), read and written as the signed-in staff member. */
  files(request: FastifyRequest, complexId: string): ComplexFiles;
  /** The signed-in staff member (who writes a reply ...). */
  user(request: FastifyRequest): { id: string; name: string };
  /**
   * Queues an e-mail in the outbox inside `em`'s transaction (a rollback drops it), sent by the signed-in staff
   * member, filed under `complexId` when it concerns a complex (null: the platform's own).
   */
  queueMail(request: FastifyRequest, em: unknown, message: MailMessage, complexId: string | null): Promise<string>;
  /**
   * Publishes a live event to complex `complexId`'s open event streams, as HostServices.publish (a staff write on
   * a complex's record: its office's screens refresh). Inside `em`'s transaction it is delivered at commit.
   */
  publish(complexId: string, topic: string, payload: unknown, em: unknown): Promise<void>;
}

/** A platform staff member (superAdministrador) as a plugin may contact them: active accounts only. */
export interface PlatformStaffContact {
  id: string;
  name: string;
  email: string;
}

export interface PlatformComplex {
  id: string;
  name: string;
  isActive: boolean;
}

/** A request of the complex, or (a job, a helper given a transaction) the complex and the `em` to read on. */
export type HostScope = FastifyRequest | { complexId: string; em: unknown };

/** What the host tells of a complex's signature: its certificate's public facts (never the file or the password). */
export interface SignatureInfo {
  id: string;
  fileName: string;
  subject: string;
  issuer: string;
  serialNumber: string;
  validFrom: string;
  validTo: string;
  /** Today is between validFrom and validTo. */
  valid: boolean;
  uploadedAt: string;
  uploadedByName: string | null;
}

/** The opened signature, for an XML signature (XAdES of the e-invoices): use it at once, never log or store it. */
export interface SignatureKeyMaterial {
  privateKeyPem: string;
  certificatePem: string;
  /** The other certificates of the file (its issuers). */
  chainPem: string[];
}

/**
 * The complex's electronic signature. Calls that need it answer 409 NO_SIGNATURE ('El conjunto no tiene una firma
 * electrónica cargada.') when the complex has none, 409 SIGNATURE_EXPIRED when its certificate is out of date, and
 * 503 when the server has no SIGNATURES_KEY.
 */
export interface HostSignatures {
  /** The signature's facts, or null when the complex has none. */
  info(scope: HostScope): Promise<SignatureInfo | null>;
  /** `pdf` signed with the complex's signature: PAdES (ETSI.CAdES.detached, SHA-256), as an incremental update. */
  signPdf(scope: HostScope, pdf: Uint8Array, options?: { reason?: string; location?: string }): Promise<Buffer>;
  /** The key and certificates (PEM) of the complex's signature, for signatures the host does not make (XML). */
  keyMaterial(scope: HostScope): Promise<SignatureKeyMaterial>;
}

/** What `render` gets to print on the document: its code, the public address that verifies it and that address as a QR. */
export interface DocumentVerification {
  /** 16 characters in groups of four ('7KQ2-M9XD-...'), unguessable, without letters that read as digits. */
  code: string;
  /** <PUBLIC_URL>/#/verificar/<code>: the admin's public page that shows what the code certifies. */
  url: string;
  /** The URL as a QR code, PNG. */
  qrPng: Buffer;
}

export interface IssueDocumentInput {
  /** '<plugin id>.<document>', e.g. 'accounting.no-debt'. */
  kind: string;
  /** What the verification page calls it ('Certificado de no adeudar'). */
  title: string;
  unitId?: string | null;
  /** Shown by the public verification: nothing personal. */
  unitNumber?: string | null;
  /** The last day it certifies (YYYY-MM-DD); after it the verification says it is no longer valid. */
  validUntil?: string | null;
  /** Sign it with the complex's signature (PAdES). */
  signed: boolean;
  /** Draws the PDF with the verification printed on it. */
  render(verification: DocumentVerification): Promise<Uint8Array>;
}

export interface IssuedDocument {
  id: string;
  code: string;
  url: string;
  /** The final PDF (signed when asked). */
  pdf: Buffer;
  /** SHA-256 of `pdf`, hex: the verification answers it, so a copy can be compared. */
  sha256: string;
  signed: boolean;
}

export interface HostDocuments {
  /**
   * Issues a document of the request's complex: a new code, `render`, the signature when `signed`, and its record
   * (kind, title, unit, issuer, hash) written in `em`'s transaction (a rollback leaves no code that verifies).
   */
  issue(request: FastifyRequest, em: unknown, input: IssueDocumentInput): Promise<IssuedDocument>;
}

/**
 * A bulk import (template, preview with row errors, confirm), declared once and registered with
 * `host.importRoute(app, declaration)`, which adds under the resource:
 * - GET  /<resource>/import/template?format=xlsx|csv   the columns' headers and one example row;
 * - POST /<resource>/import/preview  (multipart `file`: .xlsx or .csv)  -> ImportPreview, writes nothing;
 * - POST /<resource>/import          (the same file again; field `skipInvalid=true` writes the valid rows only)
 *   -> 200 ImportResult, or 202 { jobId } above IMPORT_JOB_THRESHOLD rows (a background job with live progress,
 *   followed with GET /jobs/:id). Rows with errors -> 422 with `errores`; a database refusal at write -> 409:
 *   either way nothing is written (one transaction for every row).
 * The host reads the file under its caps (size, rows, cells, zip bomb; CSV: NUL bytes, every cell text, never a
 * formula), maps the header row to the columns (case and accents ignored) and hands `check` the rows as text.
 * A plugin with an access table names the routes' action 'import' (`{ plates: { import: [...] } }`).
 */
export interface ImportDeclaration<Row = Record<string, string | null>> {
  /** The API resource the routes go under ('plates' -> /plates/import). */
  resource: string;
  /** Who may import (host routes); a plugin with an access table leaves it out: its 'import' action decides. */
  roles?: readonly Role[];
  /** The template's sheet and file name as users read it ('Placas'). */
  name: string;
  columns: readonly ImportColumn[];
  /** Data rows at most (default IMPORT_ROW_LIMIT); more is refused with 413 before any check. */
  maxRows?: number;
  /**
   * Every row's problems at once, in Spanish, with the row's `fila`: its own fields, duplicates between rows of
   * the file and what the database already holds (read in bulk, not row by row). Answers the valid rows typed.
   */
  check(rows: readonly ImportSourceRow[], ctx: ImportContext): Promise<ImportCheck<Row>>;
  /**
   * Writes one valid row inside the import's transaction `ctx.em` (call the same rules as the single create, and
   * ctx.audit). Throwing (an ApiError, a unique violation) rolls every row back: the answer names the row.
   */
  writeRow(row: Row, ctx: ImportContext): Promise<void>;
  /**
   * Optional: writes a chunk of valid rows at once (multi-row SQL) with the same effects as writeRow on each
   * (the same stored fields, one ctx.audit per record, ctx.queueMails for the mail). When present the host calls it
   * instead of writeRow, IMPORT_CHUNK_ROWS rows at a time, and flushes the EntityManager after each chunk. Throwing
   * an ApiError or a constraint violation takes the chunk back (a savepoint) and the host writes its rows again
   * one by one with writeRow, the reference, so that the answer names the row refused.
   */
  writeRows?(rows: readonly Row[], ctx: ImportContext): Promise<void>;
}

export interface ImportColumn {
  /** The row's field ('plate'). */
  key: string;
  /** The template's header (Spanish, the screen's label); a file's headers are matched without case or accents. */
  header: string;
  required?: boolean;
  /** The template's example value. */
  example?: string;
}

/** A row of the file: its number in the sheet (`fila`, 1-based as users see it) and each column's text or null. */
export interface ImportSourceRow {
  fila: number;
  values: Record<string, string | null>;
}

export interface ImportRowError {
  fila: number;
  errores: string[];
}

export interface ImportCheck<Row> {
  rows: { fila: number; row: Row }[];
  errores: ImportRowError[];
}

/** Where an import runs: the request's (preview, small files) or a job's (large files); the same calls in both. */
export interface ImportContext {
  complexId: string;
  userId: string | null;
  userName: string;
  /** The EntityManager: the import's transaction in `writeRow`, a plain one in `check`. */
  // biome-ignore lint/suspicious/noExplicitAny: each caller narrows it to the driver's EntityManager
  em: any;
  /** Records a write in the import's transaction (as HostServices.audit). */
  audit(entry: AuditEntry): void;
  /** Queues an e-mail in the import's transaction (as HostServices.queueMail). */
  queueMail(message: MailMessage): Promise<string>;
  /** Queues several e-mails with one write (writeRows' invitations); answers their ids in order. */
  queueMails(messages: readonly MailMessage[]): Promise<string[]>;
}

export interface ImportPreview {
  total: number;
  valid: number;
  errores: ImportRowError[];
}

export interface ImportResult {
  created: number;
  total: number;
}

/** Above this many data rows an import runs as a background job (202 { jobId }) instead of in the request. */
export const IMPORT_JOB_THRESHOLD = 300;
/** Rows a declaration's writeRows gets at a time (the job's progress moves after each chunk). */
export const IMPORT_CHUNK_ROWS = 500;
/** Data rows an import reads at most, unless its declaration says fewer. */
export const IMPORT_ROW_LIMIT = 10_000;
/** Bytes of an uploaded import file. */
export const IMPORT_FILE_BYTES = 5 * 1024 * 1024;
/** The host's job that runs large imports ('<host scope>.<job>', for useJobOf). */
export const IMPORT_JOB_NAME = 'imports.run';

/** A cell as a plain value: text, number, date, boolean (formulas as their cached result, rich text joined). */
export type SheetCell = string | number | boolean | Date | null;

/** A row that holds at least one value; `cells[0]` is column A (empty cells are null). */
export interface SheetRow {
  /** The row's number in the sheet (1-based), as the user sees it. */
  row: number;
  cells: SheetCell[];
}

/** Caps of one read: rows with values, the last column with a value, cells with values, inflated bytes. */
export interface SheetLimits {
  /** Default 10,000. */
  rows?: number;
  /** Default 50 (column AX). */
  columns?: number;
  /** Default 200,000. */
  cells?: number;
  /** Inside the .xlsx (a zip): default 1,000 entries, 20 MB per entry, 40 MB in total. */
  inflated?: ZipLimits;
}

/** The caller's texts for a refused workbook (defaults are the host's Spanish texts). */
export interface SheetMessages {
  invalid?: string;
  tooLarge?: string;
  tooManyRows?: string;
  tooManyColumns?: string;
  tooManyCells?: string;
}

export interface SheetReadOptions {
  /** The sheet to read, matched without case or accents; the first sheet when absent or not found. */
  sheet?: string;
  limits?: SheetLimits;
  messages?: SheetMessages;
}

export interface Sheet {
  name: string;
  /** Only the rows that exist with values, in order: a cell on row 1,048,576 is one row, not a million. */
  rows: SheetRow[];
}

/**
 * Reads the sheet XML as a stream (only the rows present), under caps; refusals throw SheetRejected (a
 * ZipRejected: 400 for a file that is not a workbook, 413 over a cap) with the caller's or the host's texts.
 */
export interface HostSheets {
  read(bytes: Uint8Array, options?: SheetReadOptions): Promise<Sheet>;
  /**
   * Answers `reply` with a spreadsheet a plugin computes itself (a list's export comes with listRoute): CSV or
   * .xlsx in the spec's format (dark-blue header, money columns as currency numbers, no cell ever a formula).
   */
  send(reply: FastifyReply, sheet: SheetExport): FastifyReply;
}

/** A column of a written spreadsheet: its header (the screen's label) and how a row gives its cell. */
export interface SheetColumn {
  header: string;
  value: (row: Record<string, unknown>) => unknown;
  /** An amount of money: a number in currency format in .xlsx. */
  money?: boolean;
}

export interface SheetExport {
  /** The sheet's name as users read it (e.g. 'Histórico de fondos'). */
  name: string;
  /** The download's file name without extension (default `name`, reduced to ASCII). */
  file?: string;
  format: 'csv' | 'xlsx';
  columns: SheetColumn[];
  rows: Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>;
}

/** Caps on an untrusted zip: entries, inflated bytes per entry and in total. */
export interface ZipLimits {
  entries: number;
  entryBytes: number;
  totalBytes: number;
  /**
   * Inflated bytes per compressed byte an entry may reach once past 1 MB inflated (default 100): counted on the
   * bytes actually inflated, so a bomb is stopped at its first megabyte whatever it declares.
   */
  maxRatio?: number;
}

/** The texts a refused zip answers (the caller's, from its spec). */
export interface ZipMessages {
  invalid: string;
  tooManyEntries: string;
  tooLarge: string;
}

export interface ZipEntry {
  /** The name as the zip gives it: a lookup key only, never a path to write to. */
  name: string;
  /** Its last path segment, lower case ('fotos/Ana.JPG' -> 'ana.jpg'). */
  key: string;
  declaredSize: number;
}

export interface ZipReader {
  entries: ZipEntry[];
  /**
   * Inflates an entry into `target` (a path the caller chose), at most `maxBytes` (default: the entry cap);
   * over a cap it throws ZipRejected and leaves no file.
   */
  extract(entry: ZipEntry, target: string, maxBytes?: number): Promise<number>;
  /** Inflates an entry into memory, at most `maxBytes`. */
  read(entry: ZipEntry, maxBytes?: number): Promise<Uint8Array>;
  /** Inflates an entry as a stream of chunks, at most `maxBytes`; over a cap the iteration throws ZipRejected. */
  stream(entry: ZipEntry, maxBytes?: number): AsyncIterable<Uint8Array>;
}

/**
 * The declared sizes are checked first, then the bytes actually inflated are counted, so a zip that lies
 * about its sizes is stopped too. Refusals throw ZipRejected (status 400 or 413) with the caller's messages.
 */
export interface HostZip {
  /** Opens a zip (a file path or bytes) and checks its directory against the limits. */
  open(source: string | Uint8Array, limits: ZipLimits, messages: ZipMessages): Promise<ZipReader>;
}

export interface FileSaveInput {
  /** What it is, e.g. 'face', 'document'. */
  category: string;
  /** Personal or biometric data (face photos, IDs): every read of it is audited. */
  personal: boolean;
  /** The user's file name, kept only for Content-Disposition. */
  filename: string;
  /** Who or what it shows ('Juan Pérez'): the audit log describes the file's reads by it. */
  label?: string | null;
  contentType: string;
  /** Bytes, or a stream of them (an uploaded file's stream()). */
  data: Uint8Array | AsyncIterable<Uint8Array>;
}

export interface SavedFile {
  id: string;
  size: number;
  sha256: string;
}

export interface UploadOptions {
  /** Bytes per file; a bigger one answers 413. */
  maxFileSize: number;
  /** Default 1; more answer 400. */
  maxFiles?: number;
  /** Text fields allowed besides the files (default 10). */
  maxFields?: number;
  /** Bytes of all files together; more answer 413. */
  maxTotalSize?: number;
  /** The 413 text of a file over maxFileSize, from the caller's spec (default 'El archivo es demasiado pesado.'). */
  tooLargeMessage?: string;
  /**
   * Content types accepted, e.g. ['image/jpeg', 'image/png']; others answer 400. A file of a type the host knows
   * the signature of (PDF, images, Office, ZIP) must also start with it, or answers 400 too.
   */
  allowedTypes?: readonly string[];
  /** The 400 text of a type not allowed or a content that is not of its type (default 'Tipo de archivo no permitido.'). */
  typeMessage?: string;
  /** Text fields that may be sent more than once (`unitIds` ...): all their values are in `lists`. Another name sent twice answers 400. */
  repeated?: readonly string[];
}

/** A file received by readUpload, held in a temporary file until the response is sent. */
export interface UploadedFile {
  fieldname: string;
  filename: string;
  contentType: string;
  size: number;
  /** The temporary file holding it (read it, never move or change it): e.g. to open a ZIP in place without a copy. */
  path: string;
  stream(): AsyncIterable<Uint8Array>;
  buffer(): Promise<Uint8Array>;
}

export interface Upload {
  files: UploadedFile[];
  /** Text fields, one value per name (for a name of `repeated`, its last value). */
  fields: Record<string, string>;
  /** Every value of each `repeated` field that was sent, in order. */
  lists: Record<string, string[]>;
}

export interface SignedUrl {
  url: string;
  expiresAt: string;
}

export interface SignedUrlOptions {
  ttlSeconds?: number;
  /** The transaction's EntityManager, if any. */
  em?: unknown;
}

export interface HostFiles {
  /**
   * Streams a multipart request into temporary files with the route's limits; they are removed after the response.
   * The route declares `schema: { consumes: ['multipart/form-data'] }` (else it throws). A malformed body (cut short,
   * no boundary, a bad part header, NUL bytes in names or values) answers 400 with a Spanish text, never a 500.
   */
  readUpload(request: FastifyRequest, options: UploadOptions): Promise<Upload>;
  /** Stores a file of the request's complex; the row is written in `em` (a rollback also removes the bytes). */
  save(request: FastifyRequest, em: unknown, input: FileSaveInput): Promise<SavedFile>;
  /**
   * A short-lived URL that downloads the file without a token (for <img src>), bound to the file, its complex,
   * the requesting user and the expiry. 404 for another complex's file. `em`: pass the transaction's, if any.
   */
  signedUrl(request: FastifyRequest, fileId: string, options?: SignedUrlOptions): Promise<SignedUrl>;
  /** Signed URLs of many files of the request's complex in one lookup (a list's photos): by file id; others are absent. */
  signedUrls(request: FastifyRequest, fileIds: readonly string[], options?: SignedUrlOptions): Promise<Map<string, SignedUrl>>;
  /** Deletes a file of the request's complex in `em`; the bytes go once it commits. 404 for another complex's file. */
  remove(request: FastifyRequest, em: unknown, fileId: string): Promise<void>;
  /** The bytes of a file of the request's complex (a personal file's read is audited), e.g. to send it on to a device. */
  read(request: FastifyRequest, fileId: string, options?: { em?: unknown }): Promise<Uint8Array>;
  /** Renames who or what a file of the request's complex shows (FileSaveInput.label), in `em`: a person renamed. */
  relabel(request: FastifyRequest, em: unknown, fileId: string, label: string | null): Promise<void>;
  /** Private work folders (e.g. an import's files until its job has run). */
  workDirs(request: FastifyRequest): WorkDirs;
}

/**
 * Private work folders under the data folder: unlike the OS's temporary folder they survive a restart, so a
 * job can pick its files up again. Orphans older than 8 days are removed at start.
 */
export interface WorkDirs {
  /** Creates (or finds) folder `name` and answers its path. `name`: an id the plugin made ([A-Za-z0-9_-]{8,100}), never user input. */
  open(name: string): Promise<string>;
  /** Removes the folder with everything in it; a missing one is not an error. */
  remove(name: string): Promise<void>;
}

/** The request-free file calls of one complex, for jobs: the same rules, audited as the job's user. */
export interface ComplexFiles {
  save(em: unknown, input: FileSaveInput): Promise<SavedFile>;
  read(fileId: string, options: { em: unknown }): Promise<Uint8Array>;
  remove(em: unknown, fileId: string): Promise<void>;
  workDirs: WorkDirs;
}

export interface SubmitJobOptions {
  /** Natural key of the work (e.g. the import's file hash): one queued or running job per key and complex. */
  singletonKey?: string;
  /** Retries after a failure (default 3). */
  retryLimit?: number;
  /** Seconds to wait before it may start. */
  startAfterSeconds?: number;
}

/** A job as its handler sees it: the complex and user recorded when it was submitted. */
export interface JobInfo<D = Record<string, unknown>> {
  id: string;
  name: string;
  complexId: string;
  userId: string | null;
  data: D;
  /** 0 on the first run, then 1, 2 ... on retries. */
  attempt: number;
  /** Set when a schedule (HostSchedules) submitted the job: its key and the occurrence (ISO instant) it runs for. */
  schedule?: { key: string; occurrence: string };
}

export interface JobContext {
  /** A fresh EntityManager for this run (MikroORM, forked; no transaction open). */
  // biome-ignore lint/suspicious/noExplicitAny: each plugin narrows it to the driver's EntityManager
  em: any;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Aborted when the job's claim is lost (expired, cancelled) or the server stops. */
  signal: AbortSignal;
  /**
   * A live event to the job's complex (e.g. progress). Inside a transaction pass its `em` (the event then goes
   * out at commit; on PGlite, one connection, another em would wait for the transaction forever).
   */
  publish(topic: string, payload: unknown, em?: unknown): Promise<void>;
  /** Stored files of the job's complex, as its user (reads of personal files audited). */
  files: ComplexFiles;
  /** The host's worker threads (as `HostServices.workers`). */
  workers: HostWorkers;
  /**
   * Reports how far the job is: `done` of `total` units of work (rows, units, mails) and an optional short text.
   * The host keeps the latest figures with the job (they survive a reload and a restart; a retry reports again),
   * answers them in GET …/jobs/:id as `progress`, and publishes the live event `jobs.progress`
   * ({ id, name, done, total, detail }) to the job's complex. Calls closer than about 300 ms apart are merged,
   * except the first and the last (done === total). Inside a transaction pass its `em` (as for publish).
   */
  progress(done: number, total: number, detail?: string, em?: unknown): Promise<void>;
  /** Queues an e-mail of the job's complex in the outbox inside `em`'s transaction (as `HostServices.queueMail`). */
  queueMail(em: unknown, message: MailMessage): Promise<string>;
  /** Queues several e-mails with one write (a mass mailing: one per recipient); answers their ids in order. */
  queueMails(em: unknown, messages: readonly MailMessage[]): Promise<string[]>;
  /** The directory of the job's complex, read on `em` (default the job's), as `HostServices.directory`. */
  directory(em?: unknown): HostDirectory;
  /** The service of plugin `provider` (declared in dependsOn) for the job's complex, as `HostServices.service`. */
  service<S>(provider: string, em?: unknown): Promise<ServiceAccess<S>>;
  /** Push notifications (as `HostServices.push`): `ctx.push.queue(em, { userIds, title, body, complexId })`. */
  push: HostPush;
  /** Records a write under the user who submitted the job; call inside the write's transaction (as `HostServices.audit`). */
  audit(em: unknown, entry: AuditEntry): void;
  /** A module switch of the job's complex as the job started (as `HostServices.switchOn`): a catalogue switch such as
   * 'Recordatorios' that the job's own effects depend on. */
  switchOn(name: string): boolean;
}

/** How far a job is (JobContext.progress), as the job routes and the `jobs.progress` event give it. */
export interface JobProgress {
  done: number;
  total: number;
  detail?: string | null;
}

/** A job as GET /api/complexes/:complexId/jobs/:id answers it (and the admin's JobProgress reads it). */
export interface JobStatus {
  id: string;
  /** '<plugin id>.<job>' */
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** The latest figures the handler reported (JobContext.progress), kept after it completes; null before any. */
  progress: JobProgress | null;
  /** What the handler answered once completed; a failure's message; null while it runs. */
  output: Record<string, unknown> | null;
}

/** Live event of every job's progress: payload `{ id, name, done, total, detail }` (name: '<plugin id>.<job>'). */
export const JOB_PROGRESS_TOPIC = 'jobs.progress';

export interface WorkerRunOptions {
  /** Aborted: the call rejects with the signal's reason at once (the task's result, if it comes, is dropped). */
  signal?: AbortSignal;
  /** Limit of the task (default 2 minutes): past it the call rejects and the thread is replaced. */
  timeoutMs?: number;
}

/**
 * Worker threads for CPU-heavy work. `run(module, fn, args)` imports `module` (a file URL, e.g.
 * `new URL('./photo-task.ts', import.meta.url)`) in a worker thread and calls its export `fn(...args)`.
 * Arguments and result are copied between threads (structured clone; the result's ArrayBuffers are moved), so
 * pass paths and plain data, not connections or class instances; an error comes back as an Error with the
 * thrown one's name, message and code. Keep the module's imports light: each thread loads them once.
 */
export interface HostWorkers {
  run<T>(module: URL | string, fn: string, args?: unknown[], options?: WorkerRunOptions): Promise<T>;
  /**
   * Threads at most. A thread runs the async tasks sent to it at once, so a caller with many CPU-bound ones
   * (photos) sends this many at a time: more would put every core on them and starve the event loop.
   */
  readonly size: number;
}

/**
 * Runs one job. It may run more than once (a retry after a failure, a crash mid-run): it must be idempotent,
 * e.g. write with upserts keyed by a natural key (`insert ... on conflict do nothing/update`) and skip rows
 * already done. An object it answers is stored as the job's output (with the host's `progress` in it, when it
 * reported some: that key is the host's).
 */
// biome-ignore lint/suspicious/noExplicitAny: handlers narrow their own data type
export type JobHandler<D = any> = (job: JobInfo<D>, ctx: JobContext) => Promise<unknown>;

/**
 * Push notifications (server/src/push.ts). Users subscribe their browsers (Web Push) and the mobile app registers
 * its devices (FCM) through /api/push; a plugin only names the users.
 */
export interface HostPush {
  /**
   * Queues `message` for each of its active users in the caller's transaction `em` (one outbox row per user; a
   * rollback drops them). Delivered after commit to every browser and device of each user, retried with back-off;
   * subscriptions the push service says are gone are forgotten. The title is cut to 60 characters (spec 002 §9).
   * With no provider configured the rows stay readable in the outbox ('unsent'), never sent later. Needs no
   * request: jobs and domain-event handlers have it as `ctx.push`. Answers the outbox rows' ids.
   */
  queue(em: unknown, message: PushMessage): Promise<string[]>;
  /**
   * Who owns the given app device tokens (FCM registration tokens the app saved through POST /api/push/devices),
   * among the active users of the scope's complex (its residents and the staff linked to it): token -> user id.
   * Tokens of no one, of a disabled user or of a user of another complex are absent alike (a caller learns nothing
   * of other complexes), so that a route taking the spec's device tokens pushes only within its complex. At most
   * 1,000 tokens per call.
   */
  deviceOwners(scope: HostScope, tokens: readonly string[]): Promise<Map<string, string>>;
}

export interface PushMessage {
  /** The recipients (users' ids; unknown or disabled users are skipped). At most 10,000 per call. */
  userIds: readonly string[];
  /** Cut to 60 characters. */
  title: string;
  /** Cut to 500 characters. */
  body: string;
  /** What opens on a tap: a path of the admin ('/#/residente/...') or an https URL. */
  url?: string;
  /** Extra values for the app (strings; at most 2,000 bytes as JSON). */
  data?: Readonly<Record<string, string>>;
  /** The complex it concerns: GET /api/complexes/:complexId/push-outbox lists it. */
  complexId?: string | null;
  /** What sent it, '<plugin id>.<kind>' (e.g. 'myplugin.alert'), for the outbox's filter. */
  category?: string;
  /** Delivered at once even to a sleeping phone (a panic alert); default false (battery). */
  urgent?: boolean;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: readonly string[];
  cc?: readonly string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: readonly MailAttachment[];
  /** What sent it, '<plugin id>.<kind>' (e.g. 'myplugin.reminder'), for the outbox's filter. */
  category?: string;
  /** The sender's display name (the address stays the platform's MAIL_FROM), e.g. the complex's office. */
  fromName?: string;
  /** Where replies go (Reply-To), e.g. the office's own address. */
  replyTo?: string;
}

export interface PluginMigration {
  name: string;
  /** Plain SQL statements, run in order inside one transaction. */
  up: readonly string[];
}

export interface DemoSeedContext {
  // biome-ignore lint/suspicious/noExplicitAny: EntityManager of the host's driver
  em: any;
  complexes: { id: string; name: string }[];
  /** Residents per complex, for answers and the like. */
  residents: Record<string, { id: string; name: string }[]>;
  /** Deterministic random numbers in [0, 1). */
  random(): number;
  /** Stored files of a complex (demo photos and documents), saved in the seeding transaction. */
  files(complexId: string): ComplexFiles;
  /** The directory of a complex, read in the seeding transaction. */
  directory(complexId: string): HostDirectory;
  /** Turns module switches of complexes on (a plugin's demo shows itself working). */
  switchOn(complexIds: readonly string[], switchName: string): Promise<void>;
  /** Sets a schedule of the seeding plugin (as HostSchedules.set) in the seeding transaction. */
  schedule(complexId: string, key: string, input: ScheduleInput): Promise<ScheduleState>;
  /** Records a mail the complex sent in the past, as sent (its mail history, historial-correos). */
  sentMail(complexId: string, mail: { to: string[]; subject: string; text: string; category: string; sentAt: Date }): void;
}

export interface ServerPlugin {
  manifest: PluginManifest;
  entities: readonly unknown[];
  migrations: readonly PluginMigration[];
  /** Mounted under /api/complexes/:complexId after authentication, tenancy and the module switch. */
  routes(app: PluginApp, host: HostServices): Promise<void> | void;
  /**
   * Endpoints the spec documents with their own paths (e.g. '/api/<plugin>/conjuntos/:complexId'), mounted
   * under `prefix` with the same authentication, tenancy, switches and roles as `routes`.
   */
  compatibility?: CompatibilityMount | readonly CompatibilityMount[];
  /**
   * Spec paths that name the complex in the query string (e.g. GET /<path>/?<field>=<id>): before routing, the host
   * rewrites `path?<query>=<complex id>&…` to `target` (a route of this plugin with ':complexId', e.g.
   * '/api/complexes/:complexId/<resource>/<action>') keeping the other parameters, so the complex scope's
   * checks (sign-in, link to the complex, switches, roles) and the route walks apply as to any complex route. A
   * missing, repeated or malformed complex id is not rewritten: 404.
   */
  complexQueryPaths?: readonly ComplexQueryPath[];
  /**
   * Routes of the platform staff's screens across every complex (spec 000 §2.2: lists across complexes), mounted
   * under /api/platform/<plugin id>: signed in, terms accepted, superAdministrador only (403 for anyone else), and
   * 404 while the plugin is disabled on the platform. No complex scope: a route reads across complexes, so it must
   * bound what it reads (host.listRoute pages it) and say which complex each row is of (host.complexes).
   */
  platformRoutes?(app: PluginApp, host: PlatformHostServices): Promise<void> | void;
  seedDemo?(ctx: DemoSeedContext): Promise<void>;
  /** Initialises the plugin's data of a new complex (inside the creating transaction). */
  // biome-ignore lint/suspicious/noExplicitAny: EntityManager of the host's driver
  onComplexCreated?(em: any, complexId: string): Promise<void>;
  /**
   * Background job handlers by name; queued with `host.submitJob(request, name, data)`. Their queues are
   * namespaced by the plugin id. A job runs only while its complex is active, the plugin enabled on the
   * platform and its module switch on for the complex; otherwise it is completed as skipped.
   */
  jobs?: Record<string, JobHandler>;
  /** Names of `jobs` that `host.schedules` may run at recurring times (the others only run when submitted). */
  schedulable?: readonly string[];
  /**
   * The service other plugins call through `host.service(request, '<this id>')`, made for one scope. Export its
   * type from the plugin's package ('./service') so consumers are typed; its methods check their input as a
   * route would (a consumer is not trusted more than a client).
   */
  service?(scope: ServiceScope): unknown;
  /**
   * Domain event handlers by event name (another plugin's `emits`, which must be in `dependsOn`). A handler runs
   * after the emitting write committed, only while its complex is active and this plugin enabled and switched on
   * (otherwise the delivery is skipped); a failure is retried with back-off, up to 10 times.
   */
  handles?: Record<string, DomainEventHandler>;
  /**
   * The plugin keeps the units' ledger: it answers their derived account fields (last payment, last fee,
   * balances, arrears) when the host shows units. The host never depends on the plugin: it asks whichever
   * installed plugin declares this, and shows nothing when none is on.
   */
  unitAccounts?: UnitAccountsProvider;
}

/** A plugin's spec-documented paths under one prefix (ServerPlugin.compatibility). */
export interface CompatibilityMount {
  prefix: string;
  /**
   * The body field that names the complex when `prefix` has no `:complexId` (a spec path whose POST body carries it;
   * a request without it in the body names it in the query string): the host admits the request on it with the same
   * checks, once the body is parsed.
   */
  complexField?: string;
  routes(app: PluginApp, host: HostServices): Promise<void> | void;
}

/** A plugin's compatibility mounts as a list. */
export const compatibilityMounts = (plugin: Pick<ServerPlugin, 'compatibility'>): readonly CompatibilityMount[] =>
  plugin.compatibility ? ([] as CompatibilityMount[]).concat(plugin.compatibility as CompatibilityMount[]) : [];

export interface ComplexQueryPath {
  /** The spec's path, e.g. '/<path>/' (matched with or without its final slash). */
  path: string;
  /** The query parameter holding the complex id. */
  query: string;
  /** The route it is served by, with ':complexId'. */
  target: string;
}

export const defineServerPlugin = (plugin: ServerPlugin): ServerPlugin => plugin;

// ---------------------------------------------------------------- admin half

export interface AdminResource {
  /** Route segment inside the role area (the spec's Spanish path, e.g. 'encuestas'). */
  name: string;
  /**
   * API resource under /api/complexes/:complexId (e.g. 'surveys'); defaults to name. A path with
   * '{complexId}' is taken below /api as it is, e.g. '<plugin>/conjuntos/{complexId}' (compatibility paths).
   */
  apiResource?: string;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  /** Roles that see it; defaults to the manifest's roles. */
  roles?: readonly Role[];
  when?: SwitchCondition;
  /** Extra react-admin options (label etc.). */
  options?: Record<string, unknown>;
}

/**
 * Catalogue switches that show (`on`) or hide (`off`) a menu entry, screen, page, widget or panel, beyond the
 * plugin's own and its resources' switches: e.g. a list shown while one switch is on, a screen hidden while another
 * is. The admin's comfort: the routes check the same on the server.
 */
export interface SwitchCondition {
  on?: string;
  off?: string;
}

/**
 * The drawer's groups, in their order, as an administrator thinks of the work; the shell names them and every
 * plugin puts its entries in one (several plugins share a group). An entry without a group comes first (Inicio).
 */
export const MENU_GROUPS = ['community', 'accounting', 'treasury', 'suppliers', 'access', 'reports', 'administration'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface AdminMenuEntry {
  /** Path inside the role area, e.g. 'encuestas' -> /administrador/encuestas. */
  to: string;
  labelKey: string;
  icon?: ComponentType;
  roles?: readonly Role[];
  group?: MenuGroup;
  when?: SwitchCondition;
  /**
   * Position within its group, ascending, for entries of several plugins that must follow a given order (an area's
   * drawer, spec 002 §2.2). Entries without one come after those with one, in the area's then the plugins' order.
   */
  order?: number;
}

export interface AdminRoute {
  path: string;
  element: ReactElement;
  roles?: readonly Role[];
  /** The resource whose page this is (default: the path's first segment): the route hides with its switch. */
  resource?: string;
  when?: SwitchCondition;
}

/**
 * A figure or chart of the plugin on the administrator's Inicio. Gated like a menu entry: shown only to its roles
 * (default the manifest's), while the plugin's module switch is on and, when `to` names a resource with a switch
 * of its own, that switch too; and only when the area's canAccess allows `access` (the API resource and action
 * it reads). The component is lazy (its chunk, and any chart library it imports, load after the first paint);
 * it fetches its own figures, and shows a clear empty state when there are none.
 */
export interface AdminWidget {
  /** Unique within the plugin. */
  id: string;
  /** Translation key of the card's title. */
  titleKey: string;
  component: LazyExoticComponent<ComponentType> | ComponentType;
  /** Columns of the 12-column grid from 900 px wide: 'small' 3, 'medium' 6 (default), 'large' 12. One column below 600 px. */
  size?: 'small' | 'medium' | 'large';
  /** Position on the dashboard, ascending (default 100); ties keep the plugins' order. */
  order?: number;
  roles?: readonly Role[];
  /** The screen the card links to (a path inside the role area, as a menu entry's `to`). */
  to?: string;
  /** What it reads, as canAccess checks it: the API resource and the action (default 'list'). */
  access?: { resource: string; action?: string };
  when?: SwitchCondition;
}

/**
 * Where a plugin adds a section to a host screen: 'resident' the administrator's resident detail, 'unit' the unit
 * detail, 'residentArea' the resident's own area (/residente); the host passes the record's ids as props.
 * 'home': the home screen of an area whose screens are plugins' (e.g. a register of entries), above its figures and
 * shortcuts, in place of the greeting. 'appBar': a compact item of the area's top bar (a post's name, a bell, a
 * button), drawn as it is, without a card (its title is its accessible name).
 */
export const PANEL_SLOTS = ['resident', 'unit', 'residentArea', 'home', 'appBar'] as const;
export type PanelSlot = (typeof PANEL_SLOTS)[number];

export interface PanelProps {
  /** The resident shown (slot 'resident'; the signed-in resident in 'residentArea'). */
  residentId?: string;
  /** Their unit, or the unit shown (slot 'unit'); null for a resident without one. */
  unitId?: string | null;
}

/**
 * A section of a plugin on a host screen (the resident's family, plates, statement ...). Gated like a widget:
 * its roles (default the manifest's), the plugin's switch, the switch of `resource` when it has one of its own,
 * and canAccess of `access`. The component is lazy and fetches its own data; it shows a clear empty state.
 */
export interface AdminPanel {
  /** Unique within the plugin. */
  id: string;
  slot: PanelSlot;
  /** Translation key of the section's title. */
  titleKey: string;
  component: LazyExoticComponent<ComponentType<PanelProps>> | ComponentType<PanelProps>;
  /** Position in the slot, ascending (default 100). */
  order?: number;
  roles?: readonly Role[];
  /** The API resource it reads (for its switch) and the action canAccess checks (default 'list'). */
  access?: { resource: string; action?: string };
  when?: SwitchCondition;
  /** Part of the payments (a statement, charges, a transfer report): still shown while the property is locked. */
  payments?: boolean;
  /**
   * Slot 'home' only: the panel is the area's home, so its title names the drawer's first entry instead of 'Inicio'
   * (an area whose home is a plugin's working screen).
   */
  namesHome?: boolean;
}

/**
 * A group of the office's bell (spec 000 §2.9: pending maintenance, damage reports, transfers, reservations): what a
 * plugin has waiting, read as a page of one of its lists (`filter`, `sort`: the total is the group's count, the first
 * BELL_GROUP_LAST rows its items, each as `describe` says) or from its `path`, and read again on its live `topics`.
 * Gated like a panel; it leads to the list.
 */
export interface AdminBellGroup {
  id: string;
  /** Translation key of the group's title. */
  titleKey: string;
  /** The admin resource whose list holds the group (its page is where an item and the group lead). */
  resource: string;
  filter?: Record<string, unknown>;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** What one row reads as in the bell. */
  // biome-ignore lint/suspicious/noExplicitAny: each group narrows its own record
  describe?(record: any): { title: string; at?: string | null };
  /**
   * Instead of a page of the list, for what no list filter can select (dates computed from a rule): `GET <the
   * resource's API>/<path>` answering BellAnswer.
   */
  path?: string;
  /** Live topics after which the group is read again (besides navigation and a periodic read). */
  topics?: readonly string[];
  roles?: readonly Role[];
  when?: SwitchCondition;
  /** Position in the bell, ascending (default 100). */
  order?: number;
  /** The API resource it reads (for its switch) and the action canAccess checks (default 'list'). */
  access?: { resource: string; action?: string };
}

/** Items per bell group (spec 000 §2.9: each group capped at 5). */
export const BELL_GROUP_LAST = 5;

/** What a bell group's `path` answers: how many, and the newest BELL_GROUP_LAST. */
export interface BellAnswer {
  count: number;
  latest: { id: string; title: string; at?: string | null }[];
}

export interface AdminPlugin {
  manifest: PluginManifest;
  resources: readonly AdminResource[];
  menu: readonly AdminMenuEntry[];
  routes?: readonly AdminRoute[];
  /** Figures and charts on the administrator's dashboard. */
  widgets?: readonly AdminWidget[];
  /** Sections on host screens (resident detail, unit detail, the resident's area). */
  panels?: readonly AdminPanel[];
  /** Groups of the office's bell in the top bar. */
  bell?: readonly AdminBellGroup[];
  /**
   * Screens of the platform staff's area (/superAdmin) across complexes, read from the plugin's platform routes: a
   * resource's API path is /api/platform/<plugin id>/<apiResource>. Shown to platform staff while the plugin is
   * enabled on the platform, whatever complex is picked (module switches do not apply: they are a complex's).
   */
  platform?: AdminPlatformUi;
  /** Spanish comes with the plugin; English loads when a user chooses it (most never do: it stays off the first load). */
  messages: { es: Record<string, unknown>; en: () => Promise<{ default: Record<string, unknown> }> };
}

export interface AdminPlatformUi {
  resources: readonly AdminResource[];
  menu: readonly AdminMenuEntry[];
  routes?: readonly AdminRoute[];
}

export const defineAdminPlugin = (plugin: AdminPlugin): AdminPlugin => plugin;
