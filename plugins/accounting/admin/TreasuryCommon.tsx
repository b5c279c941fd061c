// What the treasury screens (part B: expenses, suppliers, payables, transfers, pending transfers,
// reconciliations, settings) share: their react-admin resource names, the account picker data, payloads.
import { formatMoney } from '@conjunto/core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** react-admin resource names: the spec's routes under /administrador. */
export const TREASURY = {
  expenses: 'egresos',
  suppliers: 'proveedores',
  payables: 'proveedores/cuentasporpagar',
  recurring: 'proveedores/cuentasRecurrentes',
  transfers: 'crucecuentas',
  pending: 'transferenciasporaprobar',
  reconciliations: 'conciliar',
  settings: 'configuracionContable',
} as const;

/** Recurring payables come back every 7, 30 or 365 days (spec 002 §4). */
export const RECURRENCES = [
  { id: 7, name: 'accounting.treasury.recurrence.7' },
  { id: 30, name: 'accounting.treasury.recurrence.30' },
  { id: 365, name: 'accounting.treasury.recurrence.365' },
];

export const PENDING_STATUSES = ['Pendiente', 'Aprobada', 'Rechazada'] as const;

/** Trimmed text, or null when blank (the API takes null for "none"). */
export const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
export const idOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The supplier's name, or the payee's when the expense has no supplier (the spec's Proveedor/Nombre). */
export const partyName = (r: { supplierName?: string | null; payeeName?: string | null }) => r.supplierName || r.payeeName || '';

/** A row of form inputs in equal columns (one column on small screens); the inputs fill their cell. */
export function FormRow({ columns = 3, children }: { columns?: number; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: `repeat(${columns}, minmax(0, 1fr))` },
        columnGap: 2,
        width: '100%',
        maxWidth: columns * 320,
      }}
    >
      {children}
    </Box>
  );
}

/** A money total line under a form or a table. */
export function TotalLine({ labelKey, value }: { labelKey: string; value: unknown }) {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" sx={{ fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' }}>
      {translate(labelKey)}: {formatMoney(value ?? 0)}
    </Typography>
  );
}
