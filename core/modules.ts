// The module-switch catalogue of spec 002 §3 ("Modulos"). All default to false except DeleteGuards.
export interface ModuleSwitch {
  name: string;
  label: string;
  default: boolean;
  /** The installed plugin the switch belongs to (the catalogue says it); features not installed have none. */
  plugin?: string;
}

const off = (name: string, label: string): ModuleSwitch => ({ name, label, default: false });

export const MODULE_SWITCHES: readonly ModuleSwitch[] = [
  off('QrPrint', 'Impresión de QR'),
  off('Anulacion', 'Anulación de ingresos'),
  off('CorreosAdicionales', 'Correos adicionales'),
  off('IngresosEmail', 'Correo de ingresos'),
  off('NotificacionPorUsuario', 'Notificación por usuario'),
  off('Recordatorios', 'Recordatorios'),
  off('CompareFaces', 'Comparación de rostros'),
  off('EmailNovedades', 'Correo de novedades'),
  off('CorreoNovedadesDefault', 'Correo de novedades por defecto'),
  off('IngresosMasivos', 'Ingresos masivos'),
  off('CalculoExpensas', 'Cálculo de expensas'),
  off('PlacasResidentes', 'Placas de residentes'),
  off('TagsResidentes', 'Tags de residentes'),
  off('Pets', 'Mascotas'),
  off('ResidentDebtsReport', 'Reporte de deudas de residentes'),
  off('Mudanza', 'Mudanzas'),
  off('Parqueaderos', 'Parqueaderos'),
  off('FacturacionElectronica', 'Facturación electrónica'),
  off('QrRecurrente', 'QR recurrente'),
  off('FechaIngreso', 'Fecha de ingreso'),
  off('Planilla', 'Planilla mensual'),
  off('Presupuesto', 'Presupuesto'),
  off('QRPin', 'PIN en QR'),
  off('QrElevator', 'QR de ascensor'),
  off('QrSize', 'Tamaño de QR'),
  off('ReservasEmail', 'Correo de reservas'),
  off('ResidentConsolidadoReport', 'Reporte consolidado de residentes'),
  off('LimitBitacora', 'Límite de bitácora'),
  off('JoinGuardBinnacle', 'Unir bitácoras de guardia'),
  off('Aprobadores', 'Aprobadores'),
  { name: 'DeleteGuards', label: 'Eliminar guardias', default: true },
  off('Supports', 'Soporte'),
  off('RostrosResidentes', 'Rostros de residentes'),
  off('Bloques', 'Bloques'),
  off('NoFamilyGuard', 'Ocultar familia a guardias'),
];

export type ModuleValues = Record<string, boolean>;

/** The catalogue plus the switches that plugins add, without duplicates (the catalogue wins). */
export function moduleCatalogue(extra: readonly ModuleSwitch[] = []): ModuleSwitch[] {
  const names = new Set(MODULE_SWITCHES.map((m) => m.name));
  return [...MODULE_SWITCHES, ...extra.filter((m) => !names.has(m.name))];
}

/** Every switch of the catalogue with the stored value, or its default. */
export function resolveModules(catalogue: readonly ModuleSwitch[], stored: ModuleValues | null | undefined): ModuleValues {
  const values: ModuleValues = {};
  for (const m of catalogue) values[m.name] = typeof stored?.[m.name] === 'boolean' ? stored[m.name] : m.default;
  return values;
}
