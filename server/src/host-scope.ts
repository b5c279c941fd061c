import type { HostScope } from '@conjunto/core';
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql';

/**
 * The complex and the EntityManager of a HostScope: a complex-scoped request's, or the ones a job passes. `what`
 * names the caller in the error thrown for a request outside a complex scope.
 */
export function scopeOf(scope: HostScope, what: string): { complexId: string; em: EntityManager } {
  if ('complexId' in scope) return { complexId: scope.complexId, em: scope.em as EntityManager };
  const complexId = scope.complex?.complexId;
  if (!complexId) throw new Error(`${what} called outside a complex scope`);
  return { complexId, em: scope.em };
}
