// What a complex-scoped request needs to know before its handler runs (the user, their sign-in, the complex,
// the user's link to it, the plugin's platform switch) is read from the database once and then kept here, so
// a warm request costs no round trip. It must never outlive a change: every write to the tables it is made of
// clears it, in this process as the write is sent (db.ts watches the SQL) and in every process at the write's
// commit (statement triggers NOTIFY 'conjunto_access', migration server_0006, heard by the events listener).
// A fill that started before a clear is not kept (generation), and entries expire after TTL_MS as a last
// resort should a notification be lost while the listener reconnects (it also clears when it reconnects).
import { LRUCache } from 'lru-cache';

/** The host tables the tenancy check reads; a write to any of them clears the cache. */
export const ACCESS_TABLES = ['users', 'complexes', 'user_complexes', 'platform_plugins', 'refresh_tokens'] as const;
export const ACCESS_CHANNEL = 'conjunto_access';
/** Also watched: a unit's lock and its tenant's block (migration server_0012 adds its trigger). */
const WATCHED = [...ACCESS_TABLES, 'units'];
const TTL_MS = 30_000;

const WRITE = new RegExp(
  `^\\s*(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?)\\s+(?:only\\s+)?"?(?:${WATCHED.join('|')})"?\\b`,
  'i',
);
/** Whether a statement writes one of the access tables (statements that start with the write; CTE writes end in a trigger's notify). */
export const writesAccess = (sql: string) => WRITE.test(sql);

export class AccessCache<Row extends object> {
  readonly #rows = new LRUCache<string, Row>({ max: 20_000, ttl: TTL_MS, ttlAutopurge: false });
  #generation = 0;

  /** The kept row, if any (a warm request needs no promise). */
  peek(key: string): Row | undefined {
    return this.#rows.get(key);
  }

  /** Reads through the cache: `load` runs on a miss, and its answer is kept unless the cache was cleared meanwhile. */
  async read(key: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const hit = this.#rows.get(key);
    if (hit) return hit;
    const generation = this.#generation;
    const row = await load();
    if (row && generation === this.#generation) this.#rows.set(key, row);
    return row;
  }

  clear(): void {
    this.#generation++;
    this.#rows.clear();
  }

  get size(): number {
    return this.#rows.size;
  }
}
