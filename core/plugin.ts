// The plugin contract. A plugin is one folder with an isomorphic manifest, a server half and an admin half.
// Only types are imported here: core does no I/O and loads neither fastify nor react at run time.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ComponentType, ReactElement } from 'react';
import type { ModuleSwitch } from './modules.ts';
import type { ParsedList } from './rest.ts';
import type { Role } from './roles.ts';

export interface PluginManifest {
  /** Stable id: folder name, URL segment and key of the platform-wide switch. */
  id: string;
  /** Translation key of the plugin's title. */
  titleKey: string;
  /** Module switch that gates the plugin per complex: a catalogue name or a switch of its own. */
  moduleSwitch?: string | ModuleSwitch;
  /** Roles that may use the plugin at all (each route narrows further). */
  roles: readonly Role[];
  /** REST resources the plugin serves under /api/complexes/:complexId. */
  resources: readonly string[];
  dependsOn?: readonly string[];
}

export const definePlugin = <M extends PluginManifest>(manifest: M): M => manifest;

export function moduleSwitchName(manifest: PluginManifest): string | undefined {
  const s = manifest.moduleSwitch;
  return typeof s === 'string' ? s : s?.name;
}

// ---------------------------------------------------------------- server half

/** Route config every complex-scoped route must carry: who may call it. */
export interface RouteAccess {
  roles: readonly Role[];
}

/** What the host adds to a request inside /api/complexes/:complexId. */
export interface ComplexRequestContext {
  complexId: string;
  userId: string;
  userName: string;
  roles: readonly Role[];
}

export interface AuditEntry {
  resource: string;
  recordId: string;
  action: 'create' | 'update' | 'delete' | string;
  changes?: unknown;
}

/** Options of the host's generic list: which filters, sorts and text-search fields a resource accepts. */
export interface ListOptions {
  resource: string;
  /** Exact-match filter fields (entity property names). */
  filters?: readonly string[];
  /** Array fields filtered by membership: `{ roles: 'administrador' }` keeps records whose array holds it. */
  contains?: readonly string[];
  /** Fields searched case-insensitively by `q`. */
  search?: readonly string[];
  sortable: readonly string[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Sort by another column than the one shown, e.g. number -> numberSort (natural order). */
  sortAliases?: Record<string, string>;
  /** Fixed conditions, e.g. a parent id. */
  where?: Record<string, unknown>;
  /** Filters the resource translates itself: `{ pending: (v) => v ? { balance: { $gt: 0 } } : {} }`. */
  custom?: Record<string, (value: unknown) => Record<string, unknown>>;
}

/** Host services handed to a plugin's routes. Plugins never import the host's code. */
export interface HostServices {
  /** The request's EntityManager (MikroORM, forked per request). */
  // biome-ignore lint/suspicious/noExplicitAny: each plugin narrows it to the driver's EntityManager
  em(request: FastifyRequest): any;
  context(request: FastifyRequest): ComplexRequestContext;
  /** Answers a ra-data-simple-rest list of `entity` scoped to the request's complex. */
  list<T>(request: FastifyRequest, reply: { header(name: string, value: string): unknown }, entity: unknown, options: ListOptions): Promise<T[]>;
  parseList(request: FastifyRequest): ParsedList;
  /** Loads a record of the request's complex or throws 404 (also for another complex's id). */
  findOr404<T>(request: FastifyRequest, entity: unknown, id: string): Promise<T>;
  /** Records a write; call inside the same transaction as the write. */
  audit(request: FastifyRequest, em: unknown, entry: AuditEntry): void;
  /**
   * Queues an e-mail of the request's complex in the outbox, inside the caller's transaction `em` (a rollback
   * drops it). Delivered by SMTP when configured; otherwise it stays readable in the local outbox. Answers its id.
   */
  queueMail(request: FastifyRequest, em: unknown, message: MailMessage): Promise<string>;
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
  /** What sent it, e.g. 'accounting.overdue', for the outbox's filter. */
  category?: string;
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
}

export interface ServerPlugin {
  manifest: PluginManifest;
  entities: readonly unknown[];
  migrations: readonly PluginMigration[];
  /** Mounted under /api/complexes/:complexId after authentication, tenancy and the module switch. */
  routes(app: FastifyInstance, host: HostServices): Promise<void> | void;
  seedDemo?(ctx: DemoSeedContext): Promise<void>;
  /** Initialises the plugin's data of a new complex (inside the creating transaction). */
  // biome-ignore lint/suspicious/noExplicitAny: EntityManager of the host's driver
  onComplexCreated?(em: any, complexId: string): Promise<void>;
}

export const defineServerPlugin = (plugin: ServerPlugin): ServerPlugin => plugin;

// ---------------------------------------------------------------- admin half

export interface AdminResource {
  /** Route segment inside the role area (the spec's Spanish path, e.g. 'encuestas'). */
  name: string;
  /** API resource under /api/complexes/:complexId (e.g. 'surveys'); defaults to name. */
  apiResource?: string;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  /** Roles that see it; defaults to the manifest's roles. */
  roles?: readonly Role[];
  /** Extra react-admin options (label etc.). */
  options?: Record<string, unknown>;
}

export interface AdminMenuEntry {
  /** Path inside the role area, e.g. 'encuestas' -> /administrador/encuestas. */
  to: string;
  labelKey: string;
  icon?: ComponentType;
  roles?: readonly Role[];
}

export interface AdminRoute {
  path: string;
  element: ReactElement;
  roles?: readonly Role[];
}

export interface AdminPlugin {
  manifest: PluginManifest;
  resources: readonly AdminResource[];
  menu: readonly AdminMenuEntry[];
  routes?: readonly AdminRoute[];
  messages: { es: Record<string, unknown>; en: Record<string, unknown> };
}

export const defineAdminPlugin = (plugin: AdminPlugin): AdminPlugin => plugin;
