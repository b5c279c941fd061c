// Plates and tags share their screens: the kind comes from the react-admin resource ('placas' or 'tags').
import { refusalMessage, shellCalls } from '@conjunto/core';
import { useCallback, useMemo } from 'react';
import { useDataProvider, useNotify, useResourceContext } from 'react-admin';
import type { VehicleKind } from '../../vehicles.ts';

export interface KindInfo {
  kind: VehicleKind;
  /** The react-admin resource (route segment under the role area). */
  resource: 'placas' | 'tags';
  /** The API resource under /api/complexes/:complexId. */
  api: VehicleKind;
  /** A message key of this kind's screens: residents.plates.<key>. */
  t: (key: string) => string;
}

export const KINDS: Record<VehicleKind, KindInfo> = {
  plates: { kind: 'plates', resource: 'placas', api: 'plates', t: (key) => `residents.plates.${key}` },
  tags: { kind: 'tags', resource: 'tags', api: 'tags', t: (key) => `residents.tags.${key}` },
};

/** The kind of the screen being shown (the resource 'placas' is plates, 'tags' tags). */
export function useKind(): KindInfo {
  const resource = useResourceContext();
  return resource === 'placas' || resource === 'plates' ? KINDS.plates : KINDS.tags;
}

/** The shell's calls for custom endpoints (block, unblock, import, report). */
export function useShellCalls() {
  const dataProvider = useDataProvider();
  return useMemo(() => shellCalls(dataProvider), [dataProvider]);
}

/** The server's reason in a snackbar, else the message `fallbackKey`. */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, fallbackKey: string) => {
      const message = refusalMessage(error);
      notify(message ?? fallbackKey, { type: 'error', messageArgs: message ? { _: message } : undefined });
    },
    [notify],
  );
}
