// The host's directory (units, residents, the complex) for accounting's functions, which run on a transaction
// and a complex rather than a request. Bound once when the plugin's routes are mounted, before any request or job.
import type { HostDirectory, HostServices } from '@conjunto/core';
import type { Tx } from './ledger.ts';

let read: HostServices['directory'] | undefined;

export function bindDirectory(host: HostServices): void {
  read = host.directory;
}

export function directory(tx: Tx, complexId: string): HostDirectory {
  if (!read) throw new Error('accounting: the host directory is not bound (routes not mounted)');
  return read({ complexId, em: tx });
}
