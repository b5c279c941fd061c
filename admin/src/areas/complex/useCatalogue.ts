// The module-switch catalogue as the server knows it (core's catalogue plus the plugins' own switches).
import type { ModuleSwitch } from '@conjunto/core';
import { useEffect, useState } from 'react';
import { apiJson } from '../../api.ts';

let cached: Promise<ModuleSwitch[]> | undefined;

export function useCatalogue(): ModuleSwitch[] | undefined {
  const [catalogue, setCatalogue] = useState<ModuleSwitch[]>();
  useEffect(() => {
    let live = true;
    cached ??= apiJson<ModuleSwitch[]>('/modules/catalogue').catch((error) => {
      cached = undefined; // try again next time
      throw error;
    });
    cached.then((c) => live && setCatalogue(c)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return catalogue;
}
