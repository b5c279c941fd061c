// The import result's headline counts the failures its per-device table shows (a row one device took and another
// refused is imported, yet failed somewhere).
import { describe, expect, it } from 'vitest';
import type { ImportResult } from '../admin/import/importApi.ts';
import { deviceFailures } from '../admin/import/ResultsStep.tsx';

describe('the import result headline', () => {
  it('counts every failure on a device, including those of imported rows', () => {
    const result = {
      reporte_conflictos: {
        estadisticas_dispositivos: {
          a: { device_name: 'Lector 1', exitosos: 3, fallidos: 0, omitidos: 0 },
          b: { device_name: 'Lector 2', exitosos: 1, fallidos: 2, omitidos: 1 },
        },
      },
    } as unknown as ImportResult;
    expect(deviceFailures(result)).toBe(2);
    expect(deviceFailures({} as ImportResult)).toBe(0);
  });
});
