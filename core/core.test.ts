import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { isUuid, newId } from './ids.ts';
import { MODULE_SWITCHES, moduleCatalogue, resolveModules } from './modules.ts';
import { uses } from './plugin.ts';
import { contentRange, MAX_PAGE_SIZE, parseListQuery } from './rest.ts';
import { AREA_HOME_ROUTES, backOfficeRoles, HOME_ROUTES, homeAreaRole, primaryRole, routeAction } from './roles.ts';

describe('roles (spec 002 §6)', () => {
  it('picks the primary role by precedence and maps it to its home route', () => {
    expect(primaryRole(['directiva', 'supervisor', 'administrador'])).toBe('administrador');
    expect(primaryRole(['puntoVenta', 'empresa'])).toBe('empresa');
    expect(primaryRole(['residente', 'test'])).toBeUndefined();
    expect(backOfficeRoles(['directiva', 'residente', 'supervisor'])).toEqual(['supervisor', 'directiva']);
    expect(HOME_ROUTES.supervisor).toBe('/guardia');
  });

  it('lands a resident on /residente, after any back-office role they also hold (issue 12)', () => {
    expect(homeAreaRole(['residente', 'test'])).toBe('residente');
    expect(AREA_HOME_ROUTES.residente).toBe('/residente');
    expect(homeAreaRole(['residente', 'directiva'])).toBe('directiva');
    expect(homeAreaRole(['test'])).toBeUndefined();
  });
});

describe('routeAction (the access table row of a route)', () => {
  it('reads the verb segment, else the method: HEAD as its GET', () => {
    expect(routeAction('GET', '/panic-alerts')).toEqual({ resource: 'panic-alerts', action: 'list' });
    expect(routeAction('HEAD', '/panic-alerts/:id')).toEqual({ resource: 'panic-alerts', action: 'show' });
    expect(routeAction('POST', '/panic-alerts/:id/close')).toEqual({ resource: 'panic-alerts', action: 'close' });
    expect(routeAction('PUT', '/panic-alerts/:id')).toEqual({ resource: 'panic-alerts', action: 'edit' });
  });
});

describe('module switches', () => {
  it('has the 35 switches of spec 002, all off but DeleteGuards', () => {
    expect(MODULE_SWITCHES).toHaveLength(35);
    expect(MODULE_SWITCHES.filter((m) => m.default).map((m) => m.name)).toEqual(['DeleteGuards']);
    expect(new Set(MODULE_SWITCHES.map((m) => m.name)).size).toBe(35);
  });

  it('adds plugin switches without duplicating catalogue ones and resolves stored values over defaults', () => {
    const catalogue = moduleCatalogue([
      { name: 'Encuestas', label: 'Encuestas', default: true },
      { name: 'Pets', label: 'x', default: true },
    ]);
    expect(catalogue).toHaveLength(36);
    const values = resolveModules(catalogue, { Pets: true, DeleteGuards: false, Bogus: true, QrPrint: 'yes' as never });
    expect(values).toMatchObject({ Pets: true, DeleteGuards: false, Encuestas: true, QrPrint: false });
    expect(values).not.toHaveProperty('Bogus');
  });
});

describe('list protocol', () => {
  it('parses sort, range and filter', () => {
    expect(parseListQuery({ sort: '["title","desc"]', range: '[10,19]', filter: '{"q":"x"}' })).toEqual({
      sort: { field: 'title', order: 'DESC' },
      offset: 10,
      limit: 10,
      filter: { q: 'x' },
    });
    expect(parseListQuery({})).toEqual({ sort: undefined, offset: 0, limit: MAX_PAGE_SIZE, filter: {} });
    expect(parseListQuery({ range: '[0,99999]' }).limit).toBe(MAX_PAGE_SIZE);
  });

  it('refuses malformed input with a 400 ApiError', () => {
    for (const q of [
      { sort: '[' },
      { sort: '[1,"ASC"]' },
      { range: '[3,1]' },
      { range: '[0.5,2]' },
      { filter: '"x"' },
      { filter: '[1]' },
    ]) {
      expect(() => parseListQuery(q)).toThrow(ApiError);
    }
  });

  it('formats Content-Range', () => {
    expect(contentRange('surveys', 0, 25, 319)).toBe('surveys 0-24/319');
    expect(contentRange('surveys', 50, 0, 10)).toBe('surveys */10');
  });
});

describe('ids', () => {
  it('makes time-ordered UUID v7s', async () => {
    const a = newId();
    await new Promise((r) => setTimeout(r, 2));
    const b = newId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
  });

  it('tells a UUID from anything else', () => {
    expect(isUuid(newId())).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-00000000000G')).toBe(false);
    expect(isUuid(`${newId()}\0`)).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});

describe('formats', () => {
  it('formats money as $0,0.00 with half-up cents and Guayaquil dates', async () => {
    const { formatMoney, formatDateTime, formatPercentage } = await import('./format.ts');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney(-3)).toBe('-$3.00');
    expect(formatMoney(null)).toBe('');
    expect(formatDateTime(new Date('2026-11-21T04:59:00Z'))).toBe('20/11/2026 23:59');
    // One decimal point in both languages, as money (not '2,7778 %' here and '2.7778' there).
    expect(formatPercentage(66.666, 'es')).toBe('66.67 %');
    expect(formatPercentage(2.77777, 'es', 4)).toBe('2.7778 %');
    expect(formatPercentage(1234.5, 'en')).toBe('1,234.5%');
  });

  it('reads days typed as DD/MM/YYYY', async () => {
    const { parseDayMonthYear, isDay } = await import('./format.ts');
    expect([isDay('2028-02-29'), isDay('2026-02-29'), isDay('15/01/2026'), isDay(null)]).toEqual([true, false, false, false]);
    expect(parseDayMonthYear('15/01/2026')).toBe('2026-01-15');
    expect(parseDayMonthYear(' 5-1-2026 ')).toBe('2026-01-05');
    expect(parseDayMonthYear('29/02/2028')).toBe('2028-02-29');
    expect(parseDayMonthYear('29/02/2026')).toBeUndefined();
    expect(parseDayMonthYear('01/13/2026')).toBeUndefined();
    expect(parseDayMonthYear('2026-01-15')).toBeUndefined();
    expect(parseDayMonthYear('')).toBeUndefined();
  });
});

describe('money', () => {
  it('parses exact cents, rounds percentages half-up and prints SQL decimals', async () => {
    const { toCents, centsToDecimal, percentOf, hasTwoDecimals, mulDivHalfUp } = await import('./money.ts');
    const { businessDay, formatDate, formatTime } = await import('./format.ts');
    expect(toCents('12.30')).toBe(1230);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(100); // 1.005 is 1.00499.. in binary: the number the user typed is not 1.005
    expect(toCents('1.005')).toBe(100);
    expect(toCents('-4')).toBe(-400);
    expect(centsToDecimal(-405)).toBe('-4.05');
    expect(centsToDecimal(99_999_999_999_999)).toBe('999999999999.99');
    // 2.7778 % of $1,000.00 = $27.778 -> $27.78; half-up at exactly half a cent.
    expect(percentOf(100_000, '2.7778')).toBe(2778);
    expect(mulDivHalfUp(5, 1n, 2n)).toBe(3);
    expect(mulDivHalfUp(-5, 1n, 2n)).toBe(-3);
    expect(hasTwoDecimals(10.25)).toBe(true);
    expect(hasTwoDecimals(10.255)).toBe(false);
    expect(hasTwoDecimals('10.2')).toBe(true);
    expect(businessDay(new Date('2026-11-21T04:59:00Z'))).toBe('2026-11-20');
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    // The time of Guayaquil, whatever the browser's zone.
    expect(formatTime('2026-11-21T04:59:00Z')).toBe('23:59');
    expect(formatTime(null)).toBe('');
  });
});

describe('admin helpers', () => {
  it("reads the API's error answers and refuses a dataProvider that is not the shell's", async () => {
    const { refusalMessage, serverMessage, serverFieldErrors, shellCalls } = await import('./admin.ts');
    const refused = {
      status: 400,
      body: { message: 'Datos inválidos.', errors: { amount: 'El valor supera el saldo de la deuda.' } },
    };
    expect(refusalMessage(refused)).toBe('El valor supera el saldo de la deuda.');
    expect(refusalMessage({ status: 409, body: { message: 'Saldo insuficiente para realizar esta transacción.' } })).toBe(
      'Saldo insuficiente para realizar esta transacción.',
    );
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(serverFieldErrors(refused)).toEqual({ amount: 'El valor supera el saldo de la deuda.' });
    expect(() => shellCalls({ getList() {} })).toThrow();
  });
});

describe('uses (a manifest declaring another plugin)', () => {
  it('is true for dependsOn and optionalDependsOn, false otherwise and without a manifest', () => {
    const manifest = { dependsOn: ['a'], optionalDependsOn: ['c'] };
    expect([uses(manifest, 'a'), uses(manifest, 'c'), uses(manifest, 'd'), uses(undefined, 'a')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
