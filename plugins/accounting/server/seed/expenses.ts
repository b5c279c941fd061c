// What running the complex costs each month (suppliers' invoices, payroll, utilities, petty cash) and the money
// moved between its accounts. Amounts scale with the total fee; the walk in books.ts drops what cannot be paid.
import { newId, percentOf } from '@conjunto/core';
import { monthName } from '../receivables.ts';
import { at, CASH_FLOAT, type Line, type Year } from './year.ts';

/** Name | RUC | email | phone | address; power and water companies depend on the city. */
const SUPPLIERS = {
  security:
    'Seguridad Integral SEGINTSA Cía. Ltda.|1791234567001|facturacion@segintsa.com.ec|022456789|Av. 10 de Agosto N35-120, Quito',
  gardens: 'Jardines del Valle Cía. Ltda.|1792345678001|ventas@jardinesdelvalle.ec|022861234|Av. Ilaló y Río Pastaza, San Rafael',
  power: 'Empresa Eléctrica Quito S.A.|1790053881001|servicio@eeq.com.ec|023964700|Av. 10 de Agosto y Las Casas, Quito',
  water: 'EPMAPS Agua de Quito|1760005620001|servicio@aguaquito.gob.ec|023944400|Av. Mariana de Jesús y Alemania, Quito',
  hardware: 'Ferretería Kywi S.A.|1790041220001|ventas@kywi.com.ec|022981300|Av. 6 de Diciembre N42-20, Quito',
};
const COAST_SUPPLIERS = {
  power:
    'CNEL EP Unidad de Negocio Guayaquil|0968599020001|atencion@cnel.gob.ec|1800263500|Av. Carlos Julio Arosemena km 2.5, Guayaquil',
  water: 'Interagua C. Ltda.|0992115866001|clientes@interagua.com.ec|042680300|Av. Francisco de Orellana, Guayaquil',
};
export type SupplierKey = keyof typeof SUPPLIERS;
export type Suppliers = Record<SupplierKey, { id: string; name: string }>;
/** Ecuador's basic monthly salary (SBU) and the employer's IESS contribution. */
const BASIC_SALARY = 48_200;
const IESS_PERCENT = '11.15';

/** The complex's suppliers, as rows; answers their ids and names by key. */
export function addSuppliers(y: Year): Suppliers {
  const coast = y.complex.city === 'Guayaquil';
  const entries = Object.entries({ ...SUPPLIERS, ...(coast ? COAST_SUPPLIERS : {}) }).map(([key, text]) => {
    const [name, id_number, email, phone, address] = text.split('|');
    const id = newId();
    y.rows.suppliers.push({ id, name, id_number, email, phone, address, created_at: at(y.cutoff, 120) });
    return [key, { id, name }];
  });
  return Object.fromEntries(entries);
}

const line = (description: string, category: string, subcategory: string, cents: number): Line => ({
  description,
  category,
  subcategory,
  cents,
});
/** Rounded to whole dollars, as contracts are. */
const dollars = (cents: number) => Math.round(cents / 100) * 100;
/** How a bill differs from the usual: paid from the main account, without an invoice. */
type Options = { invoiced?: boolean; accountId?: string; security?: boolean };
const INVOICED = { invoiced: true };
const [UTILITIES, PAYROLL, UPKEEP] = ['Servicios Básicos', 'Sueldos y Salarios', 'Mantenimiento'];

/** Every month's bills, the façade painting paid from the reserve fund, and the transfers between accounts. */
export function planExpenses(y: Year, suppliers: Suppliers): void {
  const vary = (cents: number, spread = 0.15) => Math.round(cents * (1 - spread + 2 * spread * y.random()));
  const { totalFee, staff } = y.profile;
  const staffPay = staff * BASIC_SALARY;
  const payroll = staff > 1 ? 'Personal de conserjería' : 'Conserje';
  const administrator = y.complex.company_name ?? 'Administración Integral Cía. Ltda.';
  y.months.forEach((period, m) => {
    const [mes, month, year] = [monthName('{month}', period), Number(period.slice(5, 7)), period.slice(0, 4)];
    /** A bill to a supplier (by key) or a payee (by name), unless its day is still to come. */
    const bill = (
      day: number,
      description: string,
      method: string,
      payee: string | null,
      lines: Line[],
      options: Options = {},
    ) => {
      const date = y.day(period, day);
      if (!date) return;
      const supplierId = payee && payee in suppliers ? suppliers[payee as SupplierKey].id : null;
      const { invoiced, accountId = y.main, security } = options;
      const invoice = invoiced ? `001-00${y.int(1, 3)}-${y.digits(9)}` : null;
      const payeeName = supplierId ? null : payee;
      y.expenses.push({ id: newId(), accountId, date, description, method, supplierId, payeeName, invoice, lines, security });
    };
    const guards = line(`Guardianía 24 horas ${mes}`, 'Seguridad', 'Guardianía', dollars(totalFee * 0.3));
    bill(5, `Servicio de guardianía ${mes}`, 'Cheque en banco', 'security', [guards], { invoiced: true, security: true });
    const power = line('Energía eléctrica áreas comunales', UTILITIES, 'Energía eléctrica', vary(Math.round(totalFee * 0.05)));
    bill(8, `Planilla de energía eléctrica ${mes}`, 'Debito bancario', 'power', [power], INVOICED);
    const water = line('Agua potable áreas comunales', UTILITIES, 'Agua potable', vary(Math.round(totalFee * 0.03)));
    bill(9, `Planilla de agua potable ${mes}`, 'Debito bancario', 'water', [water], INVOICED);
    bill(
      12,
      `Internet portería ${mes}`,
      'Debito bancario',
      'CNT EP',
      [line('Plan de internet 100 Mbps', UTILITIES, 'Internet', 3_360)],
      INVOICED,
    );
    const gardens = line('Corte de césped y poda', 'Servicios', 'Jardinería', dollars(totalFee * 0.08));
    bill(15, `Mantenimiento de jardines ${mes}`, 'Cheque en banco', 'gardens', [gardens], INVOICED);
    const fees = line(`Administración ${mes}`, 'Administración', 'Honorarios de administración', Math.round(totalFee * 0.1));
    bill(20, `Honorarios de administración ${mes}`, 'Transferencia', administrator, [fees], INVOICED);
    const salaries = line(`Sueldos ${mes}`, PAYROLL, 'Sueldos', staffPay);
    const iess = line(`Aporte patronal IESS ${mes}`, PAYROLL, 'Aporte patronal IESS', percentOf(staffPay, IESS_PERCENT));
    bill(28, `Rol de pagos ${mes}`, 'Transferencia', payroll, [salaries, iess]);
    // Two extra salaries a year: the décimo tercero in December, the décimo cuarto in March on the coast, August in the highlands.
    const bonus = (name: string) => [line(name, PAYROLL, name, staffPay)];
    if (month === 12) bill(20, `Décimo tercer sueldo ${year}`, 'Transferencia', payroll, bonus('Décimo tercer sueldo'));
    if (month === (y.complex.city === 'Guayaquil' ? 3 : 8))
      bill(14, `Décimo cuarto sueldo ${year}`, 'Transferencia', payroll, bonus('Décimo cuarto sueldo'));
    const bankFee = line(
      'Comisión por mantenimiento de cuenta y transferencias',
      'Servicios Bancarios',
      'Comisiones bancarias',
      y.int(250, 480),
    );
    bill(30, `Comisiones bancarias ${mes}`, 'Nota de debito', 'Banco Pichincha', [bankFee]);
    if (m % 3 === 1) {
      const pipes = line('Tubería, llaves de paso y accesorios', UPKEEP, 'Materiales', vary(8_500, 0.3));
      const paint = line('Pintura de tráfico para parqueaderos', UPKEEP, 'Reparaciones', vary(4_200, 0.3));
      bill(17, 'Materiales para reparaciones menores', 'Transferencia', 'hardware', [pipes, paint], INVOICED);
      const pumps = line('Revisión y cambio de sellos mecánicos', UPKEEP, 'Bombas de agua', 18_000);
      bill(22, 'Mantenimiento preventivo de bombas de agua', 'Transferencia', 'Hidrobombas del Ecuador', [pumps], INVOICED);
    }
    if (m === 6) {
      // The façade painting, paid from the reserve fund with the extraordinary fee.
      const painting = line('Pintura exterior de fachadas', UPKEEP, 'Pintura', dollars(y.units.length * 5_000 * 0.9));
      const contractor = 'Construcciones y Acabados Paredes';
      bill(10, 'Pintura de fachadas, contrato aprobado en asamblea', 'Cheque en banco', contractor, [painting], {
        invoiced: true,
        accountId: y.savings,
      });
    }
    // Petty cash, from the box.
    const supplies = ['Focos y útiles de limpieza', 'Copias y útiles de oficina', 'Escobas y fundas de basura'][y.int(0, 2)];
    bill(y.int(3, 13), supplies, 'Efectivo', null, [line(supplies, 'Caja Chica', 'Gastos menores', vary(2_300, 0.4))], {
      accountId: y.cash,
    });
    const ride = line('Movilización del conserje', 'Caja Chica', 'Movilización', vary(1_200, 0.4));
    bill(y.int(14, 26), ride.description, 'Efectivo', null, [ride], { accountId: y.cash });
    // At each month's end the cash collected goes to the bank; each quarter a tenth of the fee goes to the reserve fund.
    const monthEnd = y.day(period, 31);
    if (!monthEnd) return;
    const deposit = `Depósito de la recaudación en efectivo de ${mes}`;
    y.transfers.push({ from: y.cash, to: y.main, date: monthEnd, description: deposit, keep: CASH_FLOAT });
    const reserve = `Aporte al fondo de reserva, trimestre a ${mes}`;
    if (m % 3 === 2)
      y.transfers.push({ from: y.main, to: y.savings, date: monthEnd, description: reserve, cents: Math.round(totalFee * 0.1) });
  });
}
