// /api/platform/gate/panic-alerts (spec 000 §2.2 /superAdmin/allPanics, 002 §2.4 'AllPanicAlerts'): platform staff
// read the panic alerts of EVERY complex, newest first, with the complex's name, the resident's data as they were,
// the state and the closing observation; filters by complex, state and days; CSV/.xlsx export. Read-only: an alert
// is closed by the guards and the office of its complex, who are there and answer it (closing from afar would
// silence it for them); platform staff follow them up. The host pages the list (and caps the export).
import { formatDateTime, type PlatformHostServices, type PluginApp } from '@conjunto/core';
import { type Static, Type } from 'typebox';
import { type PanicAlertItem, PanicAlertSchema } from '../schemas.ts';
import { badFilter, tags } from './common.ts';
import { PanicAlert } from './panic.entity.ts';
import { toPanicAlert } from './panic.ts';

export const AllPanicAlertSchema = Type.Object({
  ...Type.Omit(PanicAlertSchema, ['complexName']).properties,
  complexId: Type.String({ format: 'uuid' }),
  complexName: Type.String(),
});
type AllPanicAlert = Static<typeof AllPanicAlertSchema>;

export function allPanicRoutes(app: PluginApp, host: PlatformHostServices) {
  host.listRoute(app, {
    resource: 'panic-alerts',
    tags: [...tags, 'platform'],
    summary:
      "Every complex's panic alerts, newest first (platform staff); filters: complexId, status (1 open, 0 closed), raisedAt_gte/_lte, q (resident, unit, detail)",
    entity: PanicAlert,
    filters: {
      complexId: 'exact',
      status: (value) => {
        if (value !== 0 && value !== 1 && value !== '0' && value !== '1') throw badFilter('status');
        return { status: Number(value) };
      },
      raisedAt: 'dateRange',
    },
    search: ['residentName', 'unitNumber', 'detail'],
    sortable: ['raisedAt', 'status', 'residentName'],
    defaultSort: { field: 'raisedAt', order: 'DESC' },
    item: AllPanicAlertSchema,
    exportColumns: {
      complexName: 'Conjunto',
      raisedAt: { header: 'Fecha', value: (a: AllPanicAlert) => formatDateTime(a.raisedAt) },
      residentName: 'Residente',
      unitNumber: 'U.H.',
      residentPhone: 'Teléfono',
      detail: 'Detalle',
      status: { header: 'Estado', value: (a: AllPanicAlert) => (a.status === 1 ? 'Activa' : 'Cerrada') },
      observation: 'Observación',
      closedAt: { header: 'Cerrada el', value: (a: AllPanicAlert) => formatDateTime(a.closedAt) },
      closedByName: 'Cerrada por',
    },
    // One lookup of the page's complexes (names), the export's batches alike.
    toItems: async (request, rows: PanicAlert[]) => {
      const complexes = await host.complexes(
        request,
        rows.map((r) => r.complexId),
      );
      return rows.map(
        (row): AllPanicAlert => ({
          ...(toPanicAlert(row) as Omit<PanicAlertItem, 'complexName'>),
          complexId: row.complexId,
          complexName: complexes.get(row.complexId)?.name ?? '',
        }),
      );
    },
  });
}
