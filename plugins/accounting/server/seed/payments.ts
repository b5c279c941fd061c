// What the residents owe and pay over the year: the monthly fees and one extraordinary charge, the payments
// (regular payers, chronic debtors, the months still being collected) and the special cases the screens show.
import { newId } from '@conjunto/core';
import { INCOME_PURPOSES } from '../../manifest.ts';
import { addDays, monthName } from '../receivables.ts';
import { at, GRACE_DAYS, type Income, type Line, lastDay, owed, type Receivable, type UnitRow, type Year } from './year.ts';

const FEE = INCOME_PURPOSES.Expensas;
const FACADE = { category: 'Ingresos Extraordinarios', subcategory: 'Cuota extraordinaria' };

/** Each unit's aliquot of the total fee every month, the façade painting voted in month 5, and a discount. */
export function chargeFees(y: Year): void {
  const charge = (unit: UnitRow, r: Omit<Receivable, 'id' | 'unit' | 'paid' | 'discount'>) =>
    y.receivables.push({ ...r, id: newId(), unit, paid: 0, discount: 0 });
  y.months.forEach((period, m) => {
    const [name, from, dueDate] = [monthName('Expensa {month}', period), `${period}-01`, addDays(`${period}-05`, GRACE_DAYS)];
    for (const unit of y.units) {
      if (y.feeOf(unit) > 0)
        charge(unit, { kind: 'fee', period, name, description: null, ...FEE, cents: y.feeOf(unit), from, dueDate });
      if (m !== 4) continue;
      const [facade, approved] = ['Cuota extraordinaria pintura fachada', 'Aprobada en asamblea general de copropietarios'];
      charge(unit, {
        kind: 'extraordinary',
        period: null,
        name: facade,
        description: approved,
        ...FACADE,
        cents: 5_000,
        from,
        dueDate: lastDay(period),
      });
    }
  });
  // The board forgave $10 of one fee.
  const discounted = y.receivables.find((r) => r.unit === y.units[Math.min(2, y.units.length - 1)] && r.period === y.months[2]);
  if (discounted) discounted.discount = Math.min(1_000, discounted.cents);
}

/**
 * Most units pay every month all they owe by then; about one in ten (3 or 4) falls into chronic arrears, with one
 * partial payment; the last two months are still being collected. So 87-89% of the fees end up paid.
 */
export function collectPayments(y: Year): void {
  const others = y.units.slice(1); // the first unit is the demo resident's (residente@demo.test): kept up to date
  const chronicCount = Math.min(others.length, 4, Math.max(3, Math.round(y.units.length / 10)));
  while (y.chronic.size < chronicCount) y.chronic.add(others[y.int(0, others.length - 1)]);
  for (const unit of y.units) {
    const debts = y.receivables.filter((r) => r.unit === unit);
    const arrearsFrom = y.chronic.has(unit) ? y.int(3, 6) : 12;
    y.months.forEach((period, m) => {
      const date = y.day(period, y.int(1, 26));
      const open = debts.filter((r) => date && r.from <= date && owed(r) > 0);
      if (!date || !open.length) return;
      if (m === arrearsFrom + 2) {
        const oldest = open[0];
        const half = Math.min(owed(oldest), Math.round((oldest.cents - oldest.discount) / 200) * 100);
        pay(y, unit, date, 'Abono a expensas atrasadas', [settle(oldest, half)]);
      } else if (m < arrearsFrom && y.random() < (m === 11 ? 0.45 : m === 10 ? 0.75 : 0.9)) {
        const lines = open.map((r) => settle(r, owed(r)));
        const only = lines.length === 1 ? lines[0].description : null;
        pay(
          y,
          unit,
          date,
          only ? `Pago ${only[0].toLowerCase()}${only.slice(1)}` : 'Pago de expensas y valores pendientes',
          lines,
        );
      }
    });
  }
}

/** What the income screens filter by: two advances, one annulled income and two deposits nobody has identified. */
export function addSpecialIncomes(y: Year): void {
  const regular = y.units.filter((u) => !y.chronic.has(u));
  const banked = (unit: UnitRow) => y.incomes.filter((i) => i.unit === unit && i.method !== 'Efectivo');
  // Two residents paid ahead: their latest recent payment keeps two months' fee in their favour.
  const latest = regular.map((u) => banked(u).at(-1)).filter((i): i is Income => !!i && i.date >= `${y.months[9]}-01`);
  for (const income of latest.slice(-2)) {
    income.advance = 2 * y.feeOf(income.unit!);
    income.lines.push({ ...INCOME_PURPOSES['Saldos a favor'], description: 'Saldo a favor', cents: income.advance });
    income.description = 'Pago de expensas y anticipo';
  }
  // One income annulled (wrong amount) and issued again the same day, just after it.
  const redone = regular.map((u) => banked(u).find((i) => i.date.startsWith(y.months[6]))).find(Boolean);
  if (redone) {
    const lines = redone.lines.map((l) => ({ ...l, cents: 0 }));
    const annulledFrom = { description: redone.description, lines: redone.lines, advance: redone.advance };
    const annulled = {
      ...redone,
      id: newId(),
      description: 'Anulación',
      lines,
      advance: 0,
      annulledAt: at(redone.date, 300),
      annulledFrom,
    };
    y.incomes.splice(y.incomes.indexOf(redone), 0, annulled);
  }
  // Two deposits nobody has identified yet.
  for (const [m, cents] of [
    [9, y.feeOf(y.units[0])],
    [11, 4_500],
  ]) {
    const date = y.day(y.months[m], 3) ?? y.today;
    const deposit = { id: newId(), accountId: y.main, date, description: 'Depósito no identificado', method: 'Deposito' };
    y.incomes.push({
      ...deposit,
      unit: null,
      reference: y.digits(8),
      lines: [{ ...FEE, description: deposit.description, cents }],
      advance: 0,
    });
  }
}

/** A line that pays `cents` of a receivable. */
function settle(r: Receivable, cents: number): Line {
  r.paid += cents;
  return { receivable: r, description: r.name, category: r.category, subcategory: r.subcategory, cents };
}

/** A resident's payment by transfer, deposit or cash (cash goes to the box, the rest to the bank). */
function pay(y: Year, unit: UnitRow, date: string, description: string, lines: Line[]): void {
  const draw = y.random();
  const method = draw < 0.55 ? 'Transferencia' : draw < 0.78 ? 'Deposito' : 'Efectivo';
  const cash = method === 'Efectivo';
  const reference = cash ? null : y.digits(8);
  y.incomes.push({
    id: newId(),
    accountId: cash ? y.cash : y.main,
    date,
    description,
    method,
    unit,
    reference,
    lines,
    advance: 0,
  });
}
