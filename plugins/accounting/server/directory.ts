// The host's directory (units, residents, the complex) for accounting's functions, which run on a transaction
// and a complex rather than a request. Bound once when the plugin's routes are mounted, before any request or job.
import type { HostDirectory, HostServices } from '@conjunto/core';
import type { Tx } from './ledger.ts';

let read: HostServices['directory'] | undefined;
let sheetReader: HostServices['sheets'] | undefined;

export function bindDirectory(host: HostServices): void {
  read = host.directory;
  // The import's job reads the stored spreadsheet again with the host's reader (jobs get no HostServices).
  sheetReader = host.sheets;
}

export function hostSheets(): HostServices['sheets'] {
  if (!sheetReader) throw new Error('accounting: the host is not bound (routes not mounted)');
  return sheetReader;
}

export function directory(tx: Tx, complexId: string): HostDirectory {
  if (!read) throw new Error('accounting: the host directory is not bound (routes not mounted)');
  return read({ complexId, em: tx });
}
