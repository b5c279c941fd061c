// accounting-dashboard: the figures of the administrator's Inicio, read-only (the board reads them too, as it
// reads the ledger's lists). Each answers one SQL aggregate of the request's complex.
import { ERROR_RESPONSES, type PluginApp } from '@conjunto/core';
import {
  DashboardArrearsSchema,
  DashboardBalancesSchema,
  DashboardBreakdownQuerySchema,
  DashboardBreakdownSchema,
  DashboardDayQuerySchema,
  DashboardMonthlySchema,
  DashboardMonthQuerySchema,
  DashboardMonthSchema,
} from '../../schemas.ts';
import { arrears, balances, breakdown, monthFigures, monthly } from '../dashboard.ts';
import { invalid, today } from '../ledger.ts';
import type { RouteKit } from './kit.ts';

/** The texts the answers carry (the groups without a name). */
export const DASHBOARD_TEXTS = {
  noSubcategory: 'Sin subrubro',
  noSupplier: 'Sin proveedor',
  supplierOfIncome: 'Los ingresos no tienen proveedor.',
  range: 'La fecha inicial no puede ser posterior a la final.',
  rangeTooLong: 'El período no puede superar 5 años.',
} as const;

export function dashboardRoutes(app: PluginApp, k: RouteKit) {
  const tags = ['accounting'];
  const base = '/accounting-dashboard';
  const monthOf = (month: string | undefined) => month ?? today().slice(0, 7);

  app.get(
    `${base}/month`,
    {
      schema: {
        tags,
        summary: 'Billed (receivables due in the month) and collected (incomes paid by units) in a month, default this one',
        querystring: DashboardMonthQuerySchema,
        response: { 200: DashboardMonthSchema, ...ERROR_RESPONSES },
      },
    },
    (request) => monthFigures(k.em(request), k.ctx(request).complexId, monthOf(request.query.month)),
  );

  app.get(
    `${base}/arrears`,
    {
      schema: {
        tags,
        summary: 'Unpaid balances past due on a day (default today), by days past due: 1-30, 31-60, 61-90, 90+',
        querystring: DashboardDayQuerySchema,
        response: { 200: DashboardArrearsSchema, ...ERROR_RESPONSES },
      },
    },
    (request) => arrears(k.em(request), k.ctx(request).complexId, request.query.date ?? today()),
  );

  app.get(
    `${base}/balances`,
    {
      schema: {
        tags,
        summary: 'The live balance of every account and cash box, and their total',
        response: { 200: DashboardBalancesSchema, ...ERROR_RESPONSES },
      },
    },
    (request) => balances(k.em(request), k.ctx(request).complexId),
  );

  app.get(
    `${base}/monthly`,
    {
      schema: {
        tags,
        summary: 'Incomes and expenses of each of the 12 months ending with a month (default this one)',
        querystring: DashboardMonthQuerySchema,
        response: { 200: DashboardMonthlySchema, ...ERROR_RESPONSES },
      },
    },
    (request) => monthly(k.em(request), k.ctx(request).complexId, monthOf(request.query.month)),
  );

  app.get(
    `${base}/breakdown`,
    {
      schema: {
        tags,
        summary: 'Incomes or expenses of a period grouped by rubro, subrubro, account, payment method or supplier',
        querystring: DashboardBreakdownQuerySchema,
        response: { 200: DashboardBreakdownSchema, ...ERROR_RESPONSES },
      },
    },
    (request) => {
      const q = request.query;
      if (q.kind === 'income' && q.by === 'supplier') throw invalid('by', DASHBOARD_TEXTS.supplierOfIncome);
      if (q.to < q.from) throw invalid('to', DASHBOARD_TEXTS.range);
      // Five years from the first day ('2020-03-15' reads up to '2025-03-14'): the cost of one aggregate is bounded.
      const fiveYearsOn = `${String(Number(q.from.slice(0, 4)) + 5).padStart(4, '0')}${q.from.slice(4)}`;
      if (q.to >= fiveYearsOn) throw invalid('from', DASHBOARD_TEXTS.rangeTooLong);
      return breakdown(k.em(request), k.ctx(request).complexId, q, DASHBOARD_TEXTS);
    },
  );
}
