// Demo data: the Contabilidad switch on and a realistic year of accounting for each demo complex, ending today.
// The year is simulated in memory and written with a few multi-row inserts per table: every test file seeds
// the demo database, so the seed must stay fast.
import { businessDay, centsToDecimal, type DemoSeedContext, newId, percentOf } from '@conjunto/core';
import { INCOME_PURPOSES, INITIAL_BALANCE } from '../manifest.ts';
import { addDays, monthName } from './receivables.ts';

type Em = DemoSeedContext['em'];

interface ComplexRow {
  id: string;
  name: string;
  ruc: string | null;
  city: string | null;
  contact_email: string | null;
  company_name: string | null;
}
interface UnitRow {
  id: string;
  complex_id: string;
  number: string;
  aliquot: string;
  user_id: string | null;
  user_name: string | null;
}
interface Receivable {
  id: string;
  unit: UnitRow;
  kind: 'fee' | 'extraordinary';
  period: string | null;
  name: string;
  description: string | null;
  category: string;
  subcategory: string;
  cents: number;
  discount: number;
  paid: number;
  dueDate: string;
  /** When it becomes payable (the month it is charged). */
  from: string;
}
interface Line {
  receivable: Receivable | null;
  description: string;
  category: string;
  subcategory: string;
  cents: number;
}
interface Income {
  id: string;
  accountId: string;
  date: string;
  seq: number;
  description: string;
  method: string;
  balance: number;
  unit: UnitRow | null;
  reference: string | null;
  lines: Line[];
  initial?: boolean;
  annulledAt?: string;
  receipt?: number | null;
  reconciliationId?: string | null;
}
interface Expense {
  id: string;
  accountId: string;
  date: string;
  description: string;
  method: string;
  supplierId: string | null;
  payeeName: string | null;
  invoice: string | null;
  cheque?: number | null;
  payableId?: string | null;
  lines: { description: string; category: string; subcategory: string; cents: number }[];
  receipt?: number;
  reconciliationId?: string | null;
  tag?: string;
}
interface Transfer {
  from: string;
  to: string;
  date: string;
  description: string;
  /** Fixed amount, or computed at its date from the source's balance (the cash collected). */
  cents?: number;
  keep?: number;
}

/** Settings of the known demo complexes; any other complex gets $100 per unit. */
const PROFILES: Record<string, { totalFee: number; chequeStart?: number; staff: number }> = {
  'Conjunto Los Álamos': { totalFee: 360_000, chequeStart: 1001, staff: 2 },
  'Conjunto El Bosque': { totalFee: 320_000, staff: 1 },
  'Conjunto La Colina': { totalFee: 270_000, staff: 1 },
};
const GRACE_DAYS = 10;
const FEE_DAY = 5;
/** Ecuador's basic monthly salary (SBU) and the employer's IESS contribution. */
const BASIC_SALARY = 48_200;
const IESS_PERCENT = '11.15';
const CASH_FLOAT = 15_000;

const FEE = INCOME_PURPOSES.Expensas;
const ADVANCE = INCOME_PURPOSES['Saldos a favor'];

const SUPPLIERS = (city: string) => {
  const coast = city === 'Guayaquil';
  return {
    security: {
      name: 'Seguridad Integral SEGINTSA Cía. Ltda.',
      ruc: '1791234567001',
      email: 'facturacion@segintsa.com.ec',
      phone: '022456789',
      address: 'Av. 10 de Agosto N35-120, Quito',
    },
    gardens: {
      name: 'Jardines del Valle Cía. Ltda.',
      ruc: '1792345678001',
      email: 'ventas@jardinesdelvalle.ec',
      phone: '022861234',
      address: 'Av. Ilaló y Río Pastaza, San Rafael',
    },
    power: coast
      ? {
          name: 'CNEL EP Unidad de Negocio Guayaquil',
          ruc: '0968599020001',
          email: 'atencion@cnel.gob.ec',
          phone: '1800263500',
          address: 'Av. Carlos Julio Arosemena km 2.5, Guayaquil',
        }
      : {
          name: 'Empresa Eléctrica Quito S.A.',
          ruc: '1790053881001',
          email: 'servicio@eeq.com.ec',
          phone: '023964700',
          address: 'Av. 10 de Agosto y Las Casas, Quito',
        },
    water: coast
      ? {
          name: 'Interagua C. Ltda.',
          ruc: '0992115866001',
          email: 'clientes@interagua.com.ec',
          phone: '042680300',
          address: 'Av. Francisco de Orellana, Guayaquil',
        }
      : {
          name: 'EPMAPS Agua de Quito',
          ruc: '1760005620001',
          email: 'servicio@aguaquito.gob.ec',
          phone: '023944400',
          address: 'Av. Mariana de Jesús y Alemania, Quito',
        },
    hardware: {
      name: 'Ferretería Kywi S.A.',
      ruc: '1790041220001',
      email: 'ventas@kywi.com.ec',
      phone: '022981300',
      address: 'Av. 6 de Diciembre N42-20, Quito',
    },
  };
};

/** `today` ('YYYY-MM-DD', Guayaquil) ends the year; tests may pass another day. */
export async function seedAccounting(ctx: DemoSeedContext, today = businessDay()): Promise<void> {
  const em = ctx.em as Em;
  const ids = ctx.complexes.map((c) => c.id);
  if (!ids.length) return;
  const random = () => ctx.random();
  const months: string[] = [];
  const [ty, tm] = today.split('-').map(Number);
  for (let i = 11; i >= 0; i--) months.push(new Date(Date.UTC(ty, tm - 1 - i, 1)).toISOString().slice(0, 7));
  const cutoff = addDays(`${months[0]}-01`, -1);
  const now = Date.now();
  /** A moment of a business day, 08:00 Guayaquil plus some minutes, never in the future. */
  const at = (date: string, minutes = 60) =>
    new Date(Math.min(Date.parse(`${date}T08:00:00-05:00`) + minutes * 60_000, now)).toISOString();
  const lastDay = (period: string) =>
    new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const dayOf = (period: string, day: number) => {
    const date = `${period}-${String(Math.min(day, Number(lastDay(period).slice(8)))).padStart(2, '0')}`;
    return date <= today ? date : null;
  };
  const int = (from: number, to: number) => from + Math.floor(random() * (to - from + 1));
  const vary = (cents: number, spread = 0.15) => Math.round(cents * (1 - spread + 2 * spread * random()));
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');

  const complexes = (await em.execute(
    `select c.id, c.name, c.ruc, c.city, c.contact_email, (select co.name from companies co where co.id = c.company_id) as company_name
       from complexes c where c.id in (?)`,
    [ids],
  )) as ComplexRow[];
  const units = (await em.execute(
    `select un.id, un.complex_id, un.number, un.aliquot::text as aliquot, coalesce(un.owner_id, un.tenant_id) as user_id,
            (select u.first_name || ' ' || u.last_name from users u where u.id = coalesce(un.owner_id, un.tenant_id)) as user_name
       from units un where un.complex_id in (?) and un.is_active order by un.number_sort`,
    [ids],
  )) as UnitRow[];
  const banks = new Map(
    (
      (await em.execute("select id, name from banks where name in ('Banco Pichincha', 'Produbanco')")) as {
        id: string;
        name: string;
      }[]
    ).map((b) => [b.name, b.id]),
  );
  const admins = new Map(
    (
      (await em.execute(
        `select distinct on (uc.complex_id) uc.complex_id, u.id, u.first_name || ' ' || u.last_name as name
           from user_complexes uc join users u on u.id = uc.user_id
          where uc.complex_id in (?) and u.is_active and u.roles @> '["administrador"]'::jsonb order by uc.complex_id, u.email`,
        [ids],
      )) as { complex_id: string; id: string; name: string }[]
    ).map((a) => [a.complex_id, a]),
  );

  const rows: Record<string, unknown[][]> = {};
  const add = (table: string, row: unknown[]) => {
    rows[table] ??= [];
    rows[table].push(row);
  };
  const settings: unknown[][] = [];
  const counters: unknown[][] = [];

  for (const complex of ctx.complexes.map((c) => complexes.find((row) => row.id === c.id)!)) {
    const complexId = complex.id;
    const complexUnits = units.filter((u) => u.complex_id === complexId);
    if (!complexUnits.length) continue;
    const profile = PROFILES[complex.name] ?? { totalFee: complexUnits.length * 10_000, staff: 1 };
    settings.push([
      complexId,
      centsToDecimal(profile.totalFee),
      GRACE_DAYS,
      profile.chequeStart != null,
      profile.chequeStart ?? null,
    ]);

    // Accounts: the main current account, the reserve fund's savings account and the cash box.
    const main = newId();
    const savings = newId();
    const cash = newId();
    const email = complex.contact_email && complex.contact_email.length <= 50 ? complex.contact_email : null;
    const accounts = [
      [
        main,
        'Cuenta Bancaria',
        'Cuenta corriente Pichincha',
        `2100${digits(6)}`,
        'Ruc',
        'Corriente',
        complex.ruc,
        email,
        banks.get('Banco Pichincha') ?? null,
        2 * profile.totalFee,
      ],
      [
        savings,
        'Cuenta Bancaria',
        'Fondo de reserva Produbanco',
        `1205${digits(6)}`,
        'Ruc',
        'Ahorros',
        complex.ruc,
        email,
        banks.get('Produbanco') ?? null,
        4 * profile.totalFee,
      ],
      [cash, 'Caja', 'Caja general', null, null, null, null, null, null, CASH_FLOAT],
    ] as const;
    const incomes: Income[] = [];
    let seq = 0;
    for (const [id, type, name, number, idType, accountType, idNumber, mail, bankId, cents] of accounts) {
      add('bank_accounts', [
        id,
        complexId,
        type,
        name,
        number,
        idType,
        accountType,
        idNumber,
        mail,
        bankId,
        centsToDecimal(cents),
        cutoff,
        at(cutoff),
      ]);
      incomes.push({
        id: newId(),
        accountId: id,
        date: cutoff,
        seq: seq++,
        description: 'Saldo inicial',
        method: type === 'Caja' ? 'Efectivo' : 'Deposito',
        balance: 0,
        unit: null,
        reference: null,
        initial: true,
        lines: [
          {
            receivable: null,
            description: 'Saldo inicial',
            category: INITIAL_BALANCE.category,
            subcategory: INITIAL_BALANCE.subcategory,
            cents,
          },
        ],
      });
    }

    const suppliers = SUPPLIERS(complex.city ?? 'Quito');
    const supplierIds = Object.fromEntries(Object.keys(suppliers).map((key) => [key, newId()])) as Record<
      keyof typeof suppliers,
      string
    >;
    for (const [key, s] of Object.entries(suppliers)) {
      add('suppliers', [
        supplierIds[key as keyof typeof suppliers],
        complexId,
        s.name,
        s.ruc,
        s.email,
        s.phone,
        s.address,
        at(cutoff, 120),
      ]);
    }

    // Receivables: a monthly fee per unit (its aliquot of the total fee), the façade painting and two fines.
    const receivables: Receivable[] = [];
    const byUnit = new Map<string, Receivable[]>(complexUnits.map((u) => [u.id, []]));
    const charge = (r: Omit<Receivable, 'id' | 'paid' | 'discount'>) => {
      const created = { ...r, id: newId(), paid: 0, discount: 0 };
      receivables.push(created);
      byUnit.get(r.unit.id)!.push(created);
      return created;
    };
    months.forEach((period, m) => {
      for (const unit of complexUnits) {
        const cents = percentOf(profile.totalFee, unit.aliquot);
        if (cents > 0) {
          const dueDate = addDays(`${period}-${String(FEE_DAY).padStart(2, '0')}`, GRACE_DAYS);
          charge({
            unit,
            kind: 'fee',
            period,
            name: monthName('Expensa {month}', period),
            description: null,
            category: FEE.category,
            subcategory: FEE.subcategory,
            cents,
            dueDate,
            from: `${period}-01`,
          });
        }
      }
      if (m === 4) {
        for (const unit of complexUnits) {
          charge({
            unit,
            kind: 'extraordinary',
            period: null,
            name: 'Cuota extraordinaria pintura fachada',
            description: 'Aprobada en asamblea general de copropietarios',
            category: 'Ingresos Extraordinarios',
            subcategory: 'Cuota extraordinaria',
            cents: 5_000,
            dueDate: lastDay(period),
            from: `${period}-01`,
          });
        }
      }
      if (m === 7) {
        for (const unit of [complexUnits[int(1, complexUnits.length - 1)], complexUnits[int(1, complexUnits.length - 1)]]) {
          if (byUnit.get(unit.id)!.some((r) => r.subcategory === 'Multas')) continue;
          charge({
            unit,
            kind: 'extraordinary',
            period: null,
            name: 'Multa por ruido excesivo',
            description: 'Reglamento interno, art. 24',
            category: 'Ingresos Ordinarios',
            subcategory: 'Multas',
            cents: 2_500,
            dueDate: addDays(`${period}-10`, 15),
            from: `${period}-10`,
          });
        }
      }
    });
    // A discount the board granted on one fee.
    const discounted = byUnit.get(complexUnits[Math.min(2, complexUnits.length - 1)].id)!.find((r) => r.period === months[2]);
    if (discounted) discounted.discount = Math.min(1_000, discounted.cents);

    // Payments: most units pay every month (catching up what they missed), 3-4 units fall into chronic
    // arrears, and the last two months are still being collected.
    const chronic = new Set<string>();
    const chronicCount = Math.min(complexUnits.length - 1, 3 + (random() < 0.5 ? 1 : 0));
    while (chronic.size < chronicCount) chronic.add(complexUnits[int(1, complexUnits.length - 1)].id);
    const line = (r: Receivable, cents: number): Line => ({
      receivable: r,
      description: r.name,
      category: r.category,
      subcategory: r.subcategory,
      cents,
    });
    const payment = (unit: UnitRow, date: string, draw: number, description: string, lines: Line[]): Income => {
      const method = draw < 0.55 ? 'Transferencia' : draw < 0.78 ? 'Deposito' : 'Efectivo';
      return {
        id: newId(),
        accountId: method === 'Efectivo' ? cash : main,
        date,
        seq: seq++,
        description,
        method,
        balance: 0,
        unit,
        reference: method === 'Efectivo' ? null : digits(8),
        lines,
      };
    };
    const paymentsOf = new Map<string, Income[]>();
    for (const unit of complexUnits) {
      const arrearsFrom = chronic.has(unit.id) ? int(3, 6) : 99;
      const mine: Income[] = [];
      months.forEach((period, m) => {
        const chance = m >= arrearsFrom ? 0 : m === 11 ? 0.45 : m === 10 ? 0.75 : 0.9;
        const pays = random() < chance;
        const day = int(1, 26);
        const methodDraw = random();
        const date = dayOf(period, day);
        const open = byUnit.get(unit.id)!.filter((r) => r.from <= (date ?? '') && r.cents - r.discount - r.paid > 0);
        if (m === arrearsFrom + 2 && date && open.length) {
          // A chronic debtor's partial payment (abono) on the oldest debt.
          const oldest = open[0];
          const cents = Math.min(
            oldest.cents - oldest.discount - oldest.paid,
            Math.round((oldest.cents - oldest.discount) / 200) * 100,
          );
          if (cents > 0) {
            oldest.paid += cents;
            mine.push(payment(unit, date, methodDraw, 'Abono a expensas atrasadas', [line(oldest, cents)]));
          }
          return;
        }
        if (!pays || !date || !open.length) return;
        const lines = open.map((r) => {
          const cents = r.cents - r.discount - r.paid;
          r.paid += cents;
          return line(r, cents);
        });
        const description =
          lines.length === 1
            ? `Pago ${lines[0].description.charAt(0).toLowerCase()}${lines[0].description.slice(1)}`
            : 'Pago de expensas y valores pendientes';
        mine.push(payment(unit, date, methodDraw, description, lines));
      });
      paymentsOf.set(unit.id, mine);
      incomes.push(...mine);
    }
    // Two residents paid ahead: their latest payment keeps two months' fee in their favour.
    const regular = complexUnits.filter((u) => !chronic.has(u.id));
    let advances = 0;
    for (const unit of [...regular].reverse()) {
      const latest = paymentsOf.get(unit.id)!.at(-1);
      if (advances >= 2 || !latest || latest.method === 'Efectivo' || latest.date < `${months[9]}-01`) continue;
      latest.balance = 2 * percentOf(profile.totalFee, unit.aliquot);
      latest.lines.push({
        receivable: null,
        description: 'Saldo a favor',
        category: ADVANCE.category,
        subcategory: ADVANCE.subcategory,
        cents: latest.balance,
      });
      latest.description = 'Pago de expensas y anticipo';
      advances++;
    }
    // One income annulled (wrong amount) and issued again the same day.
    const redone = regular
      .map((u) => paymentsOf.get(u.id)!.find((i) => i.date.startsWith(months[6]) && i.method !== 'Efectivo'))
      .find(Boolean);
    if (redone) {
      incomes.push({
        ...redone,
        id: newId(),
        seq: redone.seq - 0.5,
        description: 'Anulación',
        balance: 0,
        annulledAt: at(redone.date, 300),
        lines: redone.lines.map((l) => ({ ...l, cents: 0 })),
      });
    }
    // Two deposits nobody has identified yet.
    for (const [m, cents] of [
      [9, percentOf(profile.totalFee, complexUnits[0].aliquot)],
      [11, 4_500],
    ] as const) {
      const date = dayOf(months[m], 3) ?? today;
      incomes.push({
        id: newId(),
        accountId: main,
        date,
        seq: seq++,
        description: 'Depósito no identificado',
        method: 'Deposito',
        balance: 0,
        unit: null,
        reference: digits(8),
        lines: [
          {
            receivable: null,
            description: 'Depósito no identificado',
            category: FEE.category,
            subcategory: FEE.subcategory,
            cents,
          },
        ],
      });
    }

    // Expenses of each month, and the transfers: the cash collected to the bank, a quarterly reserve fund.
    const expenses: Expense[] = [];
    const transfers: Transfer[] = [];
    const coast = complex.city === 'Guayaquil';
    const administrator = complex.company_name ?? 'Administración Integral Cía. Ltda.';
    const invoice = () => `001-${String(int(1, 3)).padStart(3, '0')}-${digits(9)}`;
    const expense = (date: string | null, e: Omit<Expense, 'id' | 'date'>) => {
      if (date) expenses.push({ ...e, id: newId(), date });
    };
    const security = Math.round((profile.totalFee * 0.3) / 100) * 100;
    const gardens = Math.round((profile.totalFee * 0.08) / 100) * 100;
    const staffPay = profile.staff * BASIC_SALARY;
    months.forEach((period, m) => {
      const mes = monthName('{month}', period);
      const month = Number(period.slice(5, 7));
      expense(dayOf(period, 5), {
        accountId: main,
        description: `Servicio de guardianía ${mes}`,
        method: 'Cheque en banco',
        supplierId: supplierIds.security,
        payeeName: null,
        invoice: invoice(),
        lines: [{ description: `Guardianía 24 horas ${mes}`, category: 'Seguridad', subcategory: 'Guardianía', cents: security }],
        tag: 'security',
      });
      expense(dayOf(period, 8), {
        accountId: main,
        description: `Planilla de energía eléctrica ${mes}`,
        method: 'Debito bancario',
        supplierId: supplierIds.power,
        payeeName: null,
        invoice: invoice(),
        lines: [
          {
            description: 'Energía eléctrica áreas comunales',
            category: 'Servicios Básicos',
            subcategory: 'Energía eléctrica',
            cents: vary(Math.round(profile.totalFee * 0.05)),
          },
        ],
      });
      expense(dayOf(period, 9), {
        accountId: main,
        description: `Planilla de agua potable ${mes}`,
        method: 'Debito bancario',
        supplierId: supplierIds.water,
        payeeName: null,
        invoice: invoice(),
        lines: [
          {
            description: 'Agua potable áreas comunales',
            category: 'Servicios Básicos',
            subcategory: 'Agua potable',
            cents: vary(Math.round(profile.totalFee * 0.03)),
          },
        ],
      });
      expense(dayOf(period, 12), {
        accountId: main,
        description: `Internet portería ${mes}`,
        method: 'Debito bancario',
        supplierId: null,
        payeeName: 'CNT EP',
        invoice: invoice(),
        lines: [
          { description: 'Plan de internet 100 Mbps', category: 'Servicios Básicos', subcategory: 'Internet', cents: 3_360 },
        ],
      });
      expense(dayOf(period, 15), {
        accountId: main,
        description: `Mantenimiento de jardines ${mes}`,
        method: 'Cheque en banco',
        supplierId: supplierIds.gardens,
        payeeName: null,
        invoice: invoice(),
        lines: [{ description: 'Corte de césped y poda', category: 'Servicios', subcategory: 'Jardinería', cents: gardens }],
      });
      expense(dayOf(period, 20), {
        accountId: main,
        description: `Honorarios de administración ${mes}`,
        method: 'Transferencia',
        supplierId: null,
        payeeName: administrator,
        invoice: invoice(),
        lines: [
          {
            description: `Administración ${mes}`,
            category: 'Administración',
            subcategory: 'Honorarios de administración',
            cents: Math.round(profile.totalFee * 0.1),
          },
        ],
      });
      const iess = percentOf(staffPay, IESS_PERCENT);
      expense(dayOf(period, 28), {
        accountId: main,
        description: `Rol de pagos ${mes}`,
        method: 'Transferencia',
        supplierId: null,
        payeeName: profile.staff > 1 ? 'Personal de conserjería' : 'Conserje',
        invoice: null,
        lines: [
          { description: `Sueldos ${mes}`, category: 'Sueldos y Salarios', subcategory: 'Sueldos', cents: staffPay },
          {
            description: `Aporte patronal IESS ${mes}`,
            category: 'Sueldos y Salarios',
            subcategory: 'Aporte patronal IESS',
            cents: iess,
          },
        ],
      });
      if (month === 12) {
        expense(dayOf(period, 20), {
          accountId: main,
          description: `Décimo tercer sueldo ${period.slice(0, 4)}`,
          method: 'Transferencia',
          supplierId: null,
          payeeName: profile.staff > 1 ? 'Personal de conserjería' : 'Conserje',
          invoice: null,
          lines: [
            {
              description: 'Décimo tercer sueldo',
              category: 'Sueldos y Salarios',
              subcategory: 'Décimo tercer sueldo',
              cents: staffPay,
            },
          ],
        });
      }
      // Décimo cuarto: March on the coast, August in the highlands.
      if (month === (coast ? 3 : 8)) {
        expense(dayOf(period, 14), {
          accountId: main,
          description: `Décimo cuarto sueldo ${period.slice(0, 4)}`,
          method: 'Transferencia',
          supplierId: null,
          payeeName: profile.staff > 1 ? 'Personal de conserjería' : 'Conserje',
          invoice: null,
          lines: [
            {
              description: 'Décimo cuarto sueldo',
              category: 'Sueldos y Salarios',
              subcategory: 'Décimo cuarto sueldo',
              cents: staffPay,
            },
          ],
        });
      }
      expense(dayOf(period, 30), {
        accountId: main,
        description: `Comisiones bancarias ${mes}`,
        method: 'Nota de debito',
        supplierId: null,
        payeeName: 'Banco Pichincha',
        invoice: null,
        lines: [
          {
            description: 'Comisión por mantenimiento de cuenta y transferencias',
            category: 'Servicios Bancarios',
            subcategory: 'Comisiones bancarias',
            cents: int(250, 480),
          },
        ],
      });
      if (m % 3 === 1) {
        expense(dayOf(period, 17), {
          accountId: main,
          description: 'Materiales para reparaciones menores',
          method: 'Transferencia',
          supplierId: supplierIds.hardware,
          payeeName: null,
          invoice: invoice(),
          lines: [
            {
              description: 'Tubería, llaves de paso y accesorios',
              category: 'Mantenimiento',
              subcategory: 'Materiales',
              cents: vary(8_500, 0.3),
            },
            {
              description: 'Pintura de tráfico para parqueaderos',
              category: 'Mantenimiento',
              subcategory: 'Reparaciones',
              cents: vary(4_200, 0.3),
            },
          ],
        });
        expense(dayOf(period, 22), {
          accountId: main,
          description: 'Mantenimiento preventivo de bombas de agua',
          method: 'Transferencia',
          supplierId: null,
          payeeName: 'Hidrobombas del Ecuador',
          invoice: invoice(),
          lines: [
            {
              description: 'Revisión y cambio de sellos mecánicos',
              category: 'Mantenimiento',
              subcategory: 'Bombas de agua',
              cents: 18_000,
            },
          ],
        });
      }
      if (m === 6) {
        // The façade painting, paid from the reserve fund with the extraordinary fee.
        expense(dayOf(period, 10), {
          accountId: savings,
          description: 'Pintura de fachadas, contrato aprobado en asamblea',
          method: 'Cheque en banco',
          supplierId: null,
          payeeName: 'Construcciones y Acabados Paredes',
          invoice: invoice(),
          lines: [
            {
              description: 'Pintura exterior de fachadas',
              category: 'Mantenimiento',
              subcategory: 'Pintura',
              cents: Math.round((complexUnits.length * 5_000 * 0.9) / 100) * 100,
            },
          ],
        });
      }
      for (const [day, description, subcategory] of [
        [
          int(3, 13),
          ['Focos y útiles de limpieza', 'Copias y útiles de oficina', 'Escobas y fundas de basura'][int(0, 2)],
          'Gastos menores',
        ],
        [int(14, 26), 'Movilización del conserje', 'Movilización'],
      ] as const) {
        expense(dayOf(period, day), {
          accountId: cash,
          description,
          method: 'Efectivo',
          supplierId: null,
          payeeName: null,
          invoice: null,
          lines: [
            {
              description,
              category: 'Caja Chica',
              subcategory,
              cents: vary(subcategory === 'Movilización' ? 1_200 : 2_300, 0.4),
            },
          ],
        });
      }
      const monthEnd = lastDay(period);
      if (monthEnd <= today) {
        transfers.push({
          from: cash,
          to: main,
          date: monthEnd,
          description: `Depósito de la recaudación en efectivo de ${mes}`,
          keep: CASH_FLOAT,
        });
        if (m % 3 === 2)
          transfers.push({
            from: main,
            to: savings,
            date: monthEnd,
            description: `Aporte al fondo de reserva, trimestre a ${mes}`,
            cents: Math.round(profile.totalFee * 0.1),
          });
      }
    });

    // Walk the year day by day: what leaves an account first, then what enters it, so no account is ever
    // overdrawn (an expense the account cannot afford is left out).
    const balances = new Map<string, number>([
      [main, 0],
      [savings, 0],
      [cash, 0],
    ]);
    const dates = [
      ...new Set([...incomes.map((i) => i.date), ...expenses.map((e) => e.date), ...transfers.map((t) => t.date)]),
    ].sort();
    const keptExpenses: Expense[] = [];
    const keptTransfers: (Transfer & { cents: number })[] = [];
    for (const date of dates) {
      for (const e of expenses.filter((x) => x.date === date)) {
        const cents = e.lines.reduce((s, l) => s + l.cents, 0);
        if (balances.get(e.accountId)! < cents) continue;
        balances.set(e.accountId, balances.get(e.accountId)! - cents);
        keptExpenses.push(e);
      }
      for (const t of transfers.filter((x) => x.date === date)) {
        const cents = t.cents ?? balances.get(t.from)! - (t.keep ?? 0);
        if (cents <= 0 || balances.get(t.from)! < cents) continue;
        balances.set(t.from, balances.get(t.from)! - cents);
        balances.set(t.to, balances.get(t.to)! + cents);
        keptTransfers.push({ ...t, cents });
      }
      for (const i of incomes.filter((x) => x.date === date)) {
        if (!i.annulledAt) balances.set(i.accountId, balances.get(i.accountId)! + i.lines.reduce((s, l) => s + l.cents, 0));
      }
    }

    // Receipt numbers in date order; cheques numbered from the configured start; the latest security
    // invoice settles a recurring payable whose next period is due soon.
    const receipted = incomes
      .filter((i) => !i.initial)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq));
    receipted.forEach((i, n) => {
      i.receipt = n + 1;
    });
    keptExpenses.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    let cheque = profile.chequeStart ?? 1;
    keptExpenses.forEach((e, n) => {
      e.receipt = n + 1;
      if (e.method === 'Cheque en banco') e.cheque = cheque++;
    });
    counters.push([complexId, receipted.length + 1, keptExpenses.length + 1]);

    const lastSecurity = keptExpenses.filter((e) => e.tag === 'security').at(-1);
    if (lastSecurity) {
      const paid = newId();
      lastSecurity.payableId = paid;
      const detail = 'Servicio mensual de guardianía 24 horas';
      add('payables', [
        paid,
        complexId,
        supplierIds.security,
        suppliers.security.name,
        detail,
        centsToDecimal(security),
        lastSecurity.date,
        30,
        at(lastSecurity.date, 240),
        lastSecurity.id,
        at(addDays(lastSecurity.date, -30)),
      ]);
      add('payables', [
        newId(),
        complexId,
        supplierIds.security,
        suppliers.security.name,
        detail,
        centsToDecimal(security),
        addDays(lastSecurity.date, 30),
        30,
        null,
        null,
        at(lastSecurity.date, 240),
      ]);
    }
    add('payables', [
      newId(),
      complexId,
      null,
      'Hidrobombas del Ecuador',
      'Cambio de tablero de control de bombas de agua',
      '640.00',
      addDays(today, 12),
      null,
      null,
      null,
      at(addDays(today, -3)),
    ]);
    add('payables', [
      newId(),
      complexId,
      supplierIds.hardware,
      suppliers.hardware.name,
      'Materiales para reparación del cerramiento posterior',
      '385.40',
      addDays(today, 45),
      null,
      null,
      null,
      at(addDays(today, -1)),
    ]);

    // The main account reconciled up to the end of the month two months ago.
    const until = lastDay(months[9]);
    const reconciliationId = newId();
    let incomeCount = 0;
    let incomeTotal = 0;
    let expenseCount = 0;
    let expenseTotal = 0;
    for (const i of incomes) {
      if (i.accountId !== main || i.date > until || i.annulledAt) continue;
      i.reconciliationId = reconciliationId;
      incomeCount++;
      incomeTotal += i.lines.reduce((s, l) => s + l.cents, 0);
    }
    for (const e of keptExpenses) {
      if (e.accountId !== main || e.date > until) continue;
      e.reconciliationId = reconciliationId;
      expenseCount++;
      expenseTotal += e.lines.reduce((s, l) => s + l.cents, 0);
    }
    const admin = admins.get(complexId);
    add('reconciliations', [
      reconciliationId,
      complexId,
      main,
      until,
      incomeCount,
      expenseCount,
      centsToDecimal(incomeTotal),
      centsToDecimal(expenseTotal),
      admin?.id ?? null,
      admin?.name ?? 'Administración',
      at(addDays(until, 8), 180),
    ]);

    // Two residents in arrears reported transfers for their oldest debts, waiting for approval.
    let reported = 0;
    for (const unit of complexUnits.filter((u) => chronic.has(u.id))) {
      const open = byUnit
        .get(unit.id)!
        .filter((r) => r.cents - r.discount - r.paid > 0)
        .slice(0, 2);
      if (reported >= 2 || !open.length) continue;
      const cents = open.reduce((s, r) => s + r.cents - r.discount - r.paid, 0);
      add('pending_transfers', [
        newId(),
        complexId,
        unit.user_id,
        unit.id,
        centsToDecimal(cents),
        `Transferencia desde ${reported ? 'Banco Guayaquil' : 'Banco del Pacífico'} por ${open.map((r) => r.name.toLowerCase()).join(' y ')}`,
        digits(9),
        JSON.stringify(open.map((r) => r.id)),
        'Pendiente',
        at(addDays(today, -1 - reported), 90),
      ]);
      reported++;
    }

    for (const r of receivables) {
      add('receivables', [
        r.id,
        complexId,
        r.unit.id,
        r.unit.user_id,
        r.kind,
        r.period,
        r.name,
        r.description,
        r.category,
        r.subcategory,
        centsToDecimal(r.cents),
        centsToDecimal(r.discount),
        centsToDecimal(r.cents - r.discount - r.paid),
        r.dueDate,
        at(r.from, 0),
      ]);
    }
    for (const i of incomes) {
      const total = i.lines.reduce((s, l) => s + l.cents, 0);
      add('incomes', [
        i.id,
        complexId,
        i.accountId,
        i.receipt ?? null,
        i.date,
        i.description,
        i.method,
        centsToDecimal(total),
        '0.00',
        centsToDecimal(i.balance),
        i.balance > 0,
        i.initial ?? false,
        i.unit?.id ?? null,
        i.unit?.user_id ?? null,
        i.unit?.user_name ?? null,
        i.reference,
        i.annulledAt != null || i.reconciliationId != null,
        i.reconciliationId ?? null,
        i.annulledAt ?? null,
        i.initial ? at(i.date) : at(i.date, 60 + int(0, 540)),
      ]);
      i.lines.forEach((l, position) => {
        add('income_lines', [
          newId(),
          complexId,
          i.id,
          position,
          i.unit?.id ?? null,
          l.receivable?.id ?? null,
          l.description,
          l.category,
          l.subcategory,
          centsToDecimal(l.cents),
        ]);
      });
    }
    for (const e of keptExpenses) {
      add('expenses', [
        e.id,
        complexId,
        e.accountId,
        e.receipt,
        e.date,
        e.description,
        e.method,
        centsToDecimal(e.lines.reduce((s, l) => s + l.cents, 0)),
        e.supplierId,
        e.payeeName,
        e.invoice,
        e.cheque ?? null,
        e.payableId ?? null,
        e.reconciliationId != null,
        e.reconciliationId ?? null,
        at(e.date, 120 + int(0, 420)),
      ]);
      e.lines.forEach((l, position) => {
        add('expense_lines', [
          newId(),
          complexId,
          e.id,
          position,
          l.description,
          l.category,
          l.subcategory,
          centsToDecimal(l.cents),
        ]);
      });
    }
    for (const t of keptTransfers)
      add('transfers', [newId(), complexId, t.from, t.to, centsToDecimal(t.cents), t.date, t.description, at(t.date, 540)]);
  }

  await em.execute(`update complexes set modules = modules || '{"Contabilidad": true}'::jsonb where id in (?)`, [ids]);
  // Settings and the next receipt numbers of the complexes that got a ledger (those with units).
  if (settings.length) {
    await em.execute(
      `update accounting_settings s set total_fee = v.total_fee::numeric, grace_days = v.grace_days::integer,
              cheque_numbering = v.cheque_numbering::boolean, cheque_start = v.cheque_start::integer
         from (values ${settings.map(() => '(?, ?, ?, ?, ?)').join(', ')}) v(complex_id, total_fee, grace_days, cheque_numbering, cheque_start)
        where s.complex_id = v.complex_id::uuid`,
      settings.flat(),
    );
    await em.execute(
      `update complexes c set receipt_number = v.receipt::integer, expense_receipt_number = v.expense_receipt::integer
         from (values ${counters.map(() => '(?, ?, ?)').join(', ')}) v(id, receipt, expense_receipt) where c.id = v.id::uuid`,
      counters.flat(),
    );
  }
  for (const [table, columns] of Object.entries(COLUMNS)) await insertRows(em, table, columns, rows[table] ?? []);
}

const COLUMNS: Record<string, string[]> = {
  bank_accounts: [
    'id',
    'complex_id',
    'method_type',
    'name',
    'number',
    'id_type',
    'account_type',
    'id_number',
    'email',
    'bank_id',
    'initial_balance',
    'cutoff_date',
    'created_at',
  ],
  suppliers: ['id', 'complex_id', 'name', 'id_number', 'email', 'phone', 'address', 'created_at'],
  receivables: [
    'id',
    'complex_id',
    'unit_id',
    'user_id',
    'kind',
    'period',
    'name',
    'description',
    'category',
    'subcategory',
    'original_amount',
    'discount',
    'balance',
    'due_date',
    'created_at',
  ],
  reconciliations: [
    'id',
    'complex_id',
    'account_id',
    'until_date',
    'income_count',
    'expense_count',
    'income_total',
    'expense_total',
    'user_id',
    'user_name',
    'created_at',
  ],
  incomes: [
    'id',
    'complex_id',
    'account_id',
    'receipt_number',
    'date',
    'description',
    'method',
    'amount',
    'discount',
    'balance',
    'is_advance',
    'is_initial_balance',
    'unit_id',
    'user_id',
    'payer_name',
    'transaction_reference',
    'reconciled',
    'reconciliation_id',
    'annulled_at',
    'created_at',
  ],
  income_lines: [
    'id',
    'complex_id',
    'income_id',
    'position',
    'unit_id',
    'receivable_id',
    'description',
    'category',
    'subcategory',
    'amount',
  ],
  payables: [
    'id',
    'complex_id',
    'supplier_id',
    'supplier_name',
    'detail',
    'amount',
    'due_date',
    'recurrence_days',
    'paid_at',
    'expense_id',
    'created_at',
  ],
  expenses: [
    'id',
    'complex_id',
    'account_id',
    'receipt_number',
    'date',
    'description',
    'method',
    'amount',
    'supplier_id',
    'payee_name',
    'invoice',
    'cheque_number',
    'payable_id',
    'reconciled',
    'reconciliation_id',
    'created_at',
  ],
  expense_lines: ['id', 'complex_id', 'expense_id', 'position', 'description', 'category', 'subcategory', 'amount'],
  transfers: ['id', 'complex_id', 'from_account_id', 'to_account_id', 'amount', 'date', 'description', 'created_at'],
  pending_transfers: [
    'id',
    'complex_id',
    'user_id',
    'unit_id',
    'amount',
    'detail',
    'reference',
    'receivable_ids',
    'status',
    'created_at',
  ],
};

/** One insert per table (in chunks of 1,000 rows); the driver inlines the values. */
async function insertRows(em: Em, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const row = `(${columns.map((c) => (c === 'receivable_ids' ? '?::jsonb' : '?')).join(', ')})`;
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000);
    await em.execute(`insert into ${table} (${columns.join(', ')}) values ${chunk.map(() => row).join(', ')}`, chunk.flat());
  }
}
