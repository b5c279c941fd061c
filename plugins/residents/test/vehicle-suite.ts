// The API tests plates and tags share (spec 002 §2.5 screens 11-12, §3, §4, §5): CRUD, format, duplicates also
// under concurrency, block/unblock, switches, tenancy, the resident's own unit, the import's row errors and its
// all-or-nothing write, a junk sheet, and exports whose cells never become formulas.
import { listQuery, type MultipartPart, multipart, startTestServer, type TestServer } from '@conjunto/server/testing';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_MESSAGES, type VehicleKind } from '../vehicles.ts';

type Headers = { authorization: string };

export interface KindCase {
  kind: VehicleKind;
  /** A valid value as a user types it and as it is stored. */
  typed: string;
  stored: string;
  /** n-th fresh valid value (stored form). */
  fresh: (n: number) => string;
  invalid: string[];
  column: string;
  sheet: string;
}

export function vehicleSuite(c: KindCase) {
  const M = VEHICLE_MESSAGES[c.kind];
  let t: TestServer;
  let alamos: string;
  let bosque: string;
  let admin: Headers;
  let staff: Headers;
  let resident: Headers;
  let residentUnit: { id: string; number: string };
  let otherUnit: { id: string; number: string };
  let bosqueUnit: string;
  let neighbour: { id: string; name: string; email: string };
  let seq = 0;
  const next = () => c.fresh(++seq);

  const url = (complexId = alamos, path = '') => `/api/complexes/${complexId}/${c.kind}${path}`;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    headers: Headers,
    payload?: object,
    complexId = alamos,
  ) => t.app.inject({ method, url: url(complexId, path), headers, ...(payload && { payload }) });
  const create = (payload: object, headers = admin, complexId = alamos) => call('POST', '', headers, payload, complexId);
  const count = async (complexId = alamos) =>
    (await t.sql<{ n: number }>(`select count(*)::int as n from ${c.kind} where complex_id = ?`, [complexId]))[0].n;

  beforeAll(async () => {
    t = await startTestServer();
    alamos = await t.complexId('alamos');
    bosque = await t.complexId('bosque');
    admin = await t.login('admin@demo.test');
    staff = await t.login('superadmin@demo.test');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
    });
    resident = { authorization: `Bearer ${login.json().token}` };
    [residentUnit] = await t.sql(
      "select u.id, u.number from directory_people p join directory_units u on u.id = p.unit_id where p.email = 'residente@demo.test'",
    );
    [otherUnit] = await t.sql(
      'select id, number from directory_units where complex_id = ? and id <> ? order by number_sort limit 1',
      [alamos, residentUnit.id],
    );
    [{ id: bosqueUnit }] = await t.sql('select id from directory_units where complex_id = ? limit 1', [bosque]);
    [neighbour] = await t.sql('select id, name, email from directory_people where unit_id = ? limit 1', [otherUnit.id]);
  }, 120_000);
  afterAll(() => t?.close());

  describe(`${c.kind}: create, read, edit, delete`, () => {
    it('the demo holds them for many units of its residents, a few blocked with their observation', async () => {
      const [demo] = await t.sql<{ units: number; blocked: number; reasons: number }>(
        `select count(distinct unit_id)::int as units, count(*) filter (where status = 'blocked')::int as blocked,
                count(block_reason)::int as reasons
           from ${c.kind} where complex_id = ? and resident_id is not null`,
        [alamos],
      );
      expect(demo.units).toBeGreaterThan(5);
      expect(demo.blocked).toBeGreaterThan(0);
      expect(demo.reasons).toBe(demo.blocked);
    });

    it('creates with the value normalised, reads, edits and deletes, each write audited', async () => {
      const res = await create({ value: c.typed, unitId: otherUnit.id, residentId: neighbour.id });
      expect(res.statusCode, res.body).toBe(201);
      const made = res.json();
      expect(made).toMatchObject({
        value: c.stored,
        status: 'active',
        unitId: otherUnit.id,
        unitNumber: otherUnit.number,
        residentId: neighbour.id,
        residentName: neighbour.name,
        blockReason: null,
      });
      expect((await call('GET', `/${made.id}`, admin)).json()).toEqual(made);
      const list = await call('GET', listQuery({ filter: { q: c.stored.slice(0, 5), unitId: otherUnit.id } }), admin);
      expect(list.json().map((v: { id: string }) => v.id)).toContain(made.id);
      const edited = await call('PUT', `/${made.id}`, admin, { status: 'inactive', residentId: null });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ status: 'inactive', residentId: null, residentName: null });
      expect((await call('DELETE', `/${made.id}`, admin)).statusCode).toBe(200);
      expect((await call('GET', `/${made.id}`, admin)).statusCode).toBe(404);
      const actions = await t.sql<{ action: string }>('select action from audit_logs where record_id = ? order by at', [made.id]);
      expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    });

    it('refuses a value of the wrong format with 400 and the format message', async () => {
      for (const value of c.invalid) {
        const res = await create({ value, unitId: otherUnit.id });
        expect(res.statusCode, value).toBe(400);
        expect(res.json().errors).toEqual({ value: M.format });
      }
    });

    it('refuses a destination of another complex and a resident of another unit (400), a closed body and a NUL byte', async () => {
      const foreign = await create({ value: next(), unitId: bosqueUnit });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual({ unitId: VEHICLE_MESSAGES.unitUnknown });
      const [me] = await t.sql<{ id: string }>("select id from directory_people where email = 'residente@demo.test'");
      const wrongResident = await create({ value: next(), unitId: otherUnit.id, residentId: me.id });
      expect(wrongResident.statusCode).toBe(400);
      expect(wrongResident.json().errors).toEqual({ residentId: VEHICLE_MESSAGES.residentUnknown });
      // A body's complexId is not a field of the write: the record belongs to the complex of the path.
      const smuggled = await create({ value: next(), unitId: otherUnit.id, complexId: bosque, id: otherUnit.id });
      if (smuggled.statusCode === 201) {
        expect(smuggled.json().id).not.toBe(otherUnit.id);
        const [row] = await t.sql<{ complex_id: string }>(`select complex_id from ${c.kind} where id = ?`, [smuggled.json().id]);
        expect(row.complex_id).toBe(alamos);
      } else expect(smuggled.statusCode).toBe(400);
      expect((await create({ value: next(), unitId: otherUnit.id, status: 'blocked' })).statusCode).toBe(400);
      expect((await create({ value: `${next()}\u0000`, unitId: otherUnit.id })).statusCode).toBe(400);
      expect((await create({ value: { $ne: null }, unitId: otherUnit.id })).statusCode).toBe(400);
    });
  });

  describe(`${c.kind}: one value per complex`, () => {
    it(`answers 409 '${M.duplicate}' for a value the complex holds; another complex may hold it`, async () => {
      const value = next();
      expect((await create({ value, unitId: otherUnit.id })).statusCode).toBe(201);
      const again = await create({ value: value.toLowerCase(), unitId: residentUnit.id });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: M.duplicate, errors: { value: M.duplicate } });
      expect((await create({ value, unitId: bosqueUnit }, admin, bosque)).statusCode).toBe(201);
      // Renaming onto it too.
      const other = (await create({ value: next(), unitId: otherUnit.id })).json();
      expect((await call('PUT', `/${other.id}`, admin, { value })).statusCode).toBe(409);
    });

    it('20 concurrent creates of the same value: exactly one 201, the others 409', async () => {
      const value = next();
      const answers = await Promise.all(Array.from({ length: 20 }, () => create({ value, unitId: otherUnit.id })));
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes.filter((s) => s === 201)).toHaveLength(1);
      expect(codes.filter((s) => s === 409)).toHaveLength(19);
      for (const a of answers.filter((r) => r.statusCode === 409)) expect(a.json().message).toBe(M.duplicate);
      expect((await t.sql(`select 1 from ${c.kind} where complex_id = ? and value = ?`, [alamos, value])).length).toBe(1);
    });
  });

  describe(`${c.kind}: block and unblock`, () => {
    it('blocks with a reason (required), keeps the status until unblocked, unblocks', async () => {
      const made = (await create({ value: next(), unitId: otherUnit.id })).json();
      for (const reason of ['', '   '])
        expect((await call('POST', `/${made.id}/block`, admin, { reason })).statusCode, JSON.stringify(reason)).toBe(400);
      const blocked = await call('POST', `/${made.id}/block`, admin, { reason: 'Vehículo vendido' });
      expect(blocked.statusCode).toBe(200);
      expect(blocked.json()).toMatchObject({ status: 'blocked', blockReason: 'Vehículo vendido' });
      expect(blocked.json().blockedAt).toEqual(expect.any(String));
      const edit = await call('PUT', `/${made.id}`, admin, { status: 'active' });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toBe(M.blocked);
      const unblocked = await call('POST', `/${made.id}/unblock`, admin);
      expect(unblocked.json()).toMatchObject({ status: 'active', blockReason: null, blockedAt: null });
      const actions = await t.sql<{ action: string }>('select action from audit_logs where record_id = ? order by at', [made.id]);
      expect(actions.map((a) => a.action)).toEqual(['create', 'block', 'unblock']);
      // The board reads but does not block.
      expect((await call('POST', `/${made.id}/block`, await t.login('directiva@demo.test'), { reason: 'x' })).statusCode).toBe(
        403,
      );
    });
  });

  describe(`${c.kind}: tenancy, switch and roles`, () => {
    it("answers 404 for another complex's record on every route", async () => {
      const theirs = (await create({ value: next(), unitId: bosqueUnit }, admin, bosque)).json();
      expect((await call('GET', `/${theirs.id}`, admin)).statusCode).toBe(404);
      expect((await call('PUT', `/${theirs.id}`, admin, { status: 'inactive' })).statusCode).toBe(404);
      expect((await call('POST', `/${theirs.id}/block`, admin, { reason: 'x' })).statusCode).toBe(404);
      expect((await call('POST', `/${theirs.id}/unblock`, admin)).statusCode).toBe(404);
      expect((await call('DELETE', `/${theirs.id}`, admin)).statusCode).toBe(404);
      expect((await call('GET', listQuery({ filter: { id: [theirs.id] } }), admin)).json()).toEqual([]);
    });

    it('answers 404 on every route while the switch is off for the complex', async () => {
      const name = c.kind === 'plates' ? 'PlacasResidentes' : 'TagsResidentes';
      const made = (await create({ value: next(), unitId: bosqueUnit }, admin, bosque)).json();
      const off = await t.app.inject({
        method: 'PUT',
        url: `/api/complexes/${bosque}/modules`,
        headers: staff,
        payload: { [name]: false },
      });
      expect(off.statusCode).toBe(200);
      try {
        expect((await call('GET', '', admin, undefined, bosque)).statusCode).toBe(404);
        expect((await call('GET', `/${made.id}`, admin, undefined, bosque)).statusCode).toBe(404);
        expect((await create({ value: next(), unitId: bosqueUnit }, admin, bosque)).statusCode).toBe(404);
        expect((await call('GET', '/report', admin, undefined, bosque)).statusCode).toBe(404);
        // The other resource's switch is its own.
        const other = c.kind === 'plates' ? 'tags' : 'plates';
        expect((await t.app.inject({ method: 'GET', url: `/api/complexes/${bosque}/${other}`, headers: admin })).statusCode).toBe(
          200,
        );
      } finally {
        await t.app.inject({ method: 'PUT', url: `/api/complexes/${bosque}/modules`, headers: staff, payload: { [name]: true } });
      }
      expect((await call('GET', `/${made.id}`, admin, undefined, bosque)).statusCode).toBe(200);
    });

    it("a resident lists and reads only their own unit's; another unit's id is 404; they write nothing", async () => {
      const mine = (await create({ value: next(), unitId: residentUnit.id })).json();
      const theirs = (await create({ value: next(), unitId: otherUnit.id })).json();
      const list = await call('GET', listQuery({ range: [0, 99] }), resident);
      expect(list.statusCode).toBe(200);
      const rows = list.json() as { id: string; unitId: string }[];
      expect(rows.map((r) => r.id)).toContain(mine.id);
      expect(rows.every((r) => r.unitId === residentUnit.id)).toBe(true);
      const [{ n }] = await t.sql<{ n: number }>(`select count(*)::int as n from ${c.kind} where unit_id = ?`, [residentUnit.id]);
      expect(list.headers['content-range']).toMatch(new RegExp(`/${n}$`));
      // Asking for another unit's by filter or by id changes nothing.
      expect((await call('GET', listQuery({ filter: { unitId: otherUnit.id } }), resident)).json()).toEqual([]);
      expect((await call('GET', listQuery({ filter: { id: [theirs.id] } }), resident)).json()).toEqual([]);
      expect((await call('GET', `/${theirs.id}`, resident)).statusCode).toBe(404);
      expect((await call('GET', `/${mine.id}`, resident)).statusCode).toBe(200);
      expect((await create({ value: next(), unitId: residentUnit.id }, resident)).statusCode).toBe(403);
      expect((await call('PUT', `/${mine.id}`, resident, { status: 'inactive' })).statusCode).toBe(403);
      expect((await call('POST', `/${mine.id}/block`, resident, { reason: 'x' })).statusCode).toBe(403);
      expect((await call('DELETE', `/${mine.id}`, resident)).statusCode).toBe(403);
      expect((await call('GET', '/report', resident)).statusCode).toBe(403);
      // Their export holds their unit's only.
      const csv = await call('GET', '/export?format=csv', resident);
      if (csv.statusCode === 200) {
        expect(csv.body).toContain(mine.value);
        expect(csv.body).not.toContain(theirs.value);
      } else expect(csv.statusCode).toBe(403);
    });

    it('the board reads every unit and the report, and writes nothing', async () => {
      const board = await t.login('directiva@demo.test');
      const list = await call('GET', listQuery({ range: [0, 0] }), board);
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-range']).toMatch(new RegExp(`/${await count()}$`));
      expect((await call('GET', '/report?format=xlsx', board)).statusCode).toBe(200);
      expect((await create({ value: next(), unitId: otherUnit.id }, board)).statusCode).toBe(403);
    });
  });

  describe(`${c.kind}: exports and the report`, () => {
    it("writes text cells: a blocking observation '=1+2' is never a formula (CSV and .xlsx)", async () => {
      const made = (await create({ value: next(), unitId: otherUnit.id })).json();
      await call('POST', `/${made.id}/block`, admin, { reason: '=1+2' });
      const filter = encodeURIComponent(JSON.stringify({ q: made.value }));
      const csv = await call('GET', `/export?format=csv&filter=${filter}`, admin);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(c.column);
      expect(csv.body).toContain("'=1+2");
      expect(csv.body).toContain('Bloqueado');
      for (const path of [`/export?format=xlsx&filter=${filter}`, `/report?format=xlsx&status=blocked`]) {
        const res = await t.app.inject({ method: 'GET', url: url(alamos, path), headers: admin });
        expect(res.statusCode, path).toBe(200);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(res.rawPayload as never);
        const sheet = book.worksheets[0];
        const header = sheet.getRow(1);
        expect(header.getCell(1).value).toBe(c.column);
        expect((header.getCell(1).fill as { fgColor?: { argb?: string } }).fgColor?.argb).toMatch(/1E3A8A$/i);
        let found = false;
        sheet.eachRow((row) =>
          row.eachCell((cell) => {
            expect(cell.formula, path).toBeUndefined();
            if (typeof cell.value === 'string' && cell.value.includes('=1+2')) found = true;
          }),
        );
        expect(found, path).toBe(true);
      }
    });
  });

  describe(`${c.kind}: bulk import (the host's: /import/template, /import/preview, /import)`, () => {
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const HEAD = [c.column, 'Estado', 'Destino', 'Residente', 'Observación'];
    async function sheet(rows: unknown[][], head = HEAD) {
      const book = new ExcelJS.Workbook();
      const s = book.addWorksheet(c.sheet);
      s.addRow(head);
      for (const r of rows) s.addRow(r);
      return Buffer.from(await book.xlsx.writeBuffer());
    }
    type Mode = 'preview' | 'import' | 'skipInvalid';
    const upload = async (data: Buffer | string, mode: Mode, headers = admin, filename = `${c.kind}.xlsx`) => {
      const parts: MultipartPart[] = [
        ...(mode === 'skipInvalid' ? [{ name: 'skipInvalid', data: 'true' }] : []),
        { name: 'file', filename, contentType: filename.endsWith('.xlsx') ? XLSX : 'text/csv', data },
      ];
      const body = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: url(alamos, mode === 'preview' ? '/import/preview' : '/import'),
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const errorsByRow = (errores: { fila: number; errores: string[] }[]) =>
      Object.fromEntries(errores.map((e) => [e.fila, e.errores.join(' | ')]));

    it('previews the row errors of every kind (spec 002 §5) and writes nothing; a confirm with errors writes nothing; skipping them writes the valid rows', async () => {
      const taken = next();
      await create({ value: taken, unitId: otherUnit.id });
      const [ok1, ok2, ok3, repeated] = [next(), next(), next(), next()];
      const data = await sheet([
        [ok1, 'Activo', otherUnit.number, neighbour.email, ''], // row 2: valid, with its resident
        ['12-AB', 'Activo', otherUnit.number, '', ''], // 3: incorrect format
        [ok2, 'Perdido', otherUnit.number, '', ''], // 4: incorrect status
        [next(), 'Activo', 'No-existe-999', '', ''], // 5: destination does not exist
        [taken, 'Activo', otherUnit.number, '', ''], // 6: value already exists (stored)
        [repeated, 'inactivo', otherUnit.number, '', ''], // 7: valid
        [repeated, 'Activo', otherUnit.number, '', ''], // 8: value already exists (earlier in the file)
        [next(), 'Activo', otherUnit.number, 'nadie@ninguna.parte', ''], // 9: resident does not exist
        [ok3, 'Bloqueado', otherUnit.number, '', 'Deuda'], // 10: valid, blocked with its observation
        [null, null, null, null, null], // an empty row is skipped
      ]);
      const before = await count();
      const preview = await upload(data, 'preview');
      expect(preview.statusCode, preview.body).toBe(200);
      const body = preview.json();
      expect(body).toMatchObject({ total: 9, valid: 3, invalid: 6 });
      const errors = errorsByRow(body.errores);
      expect(Object.keys(errors).map(Number)).toEqual([3, 4, 5, 6, 8, 9]);
      expect(errors[3]).toMatch(/formato incorrecto/);
      expect(errors[4]).toMatch(/estado incorrecto/);
      expect(errors[5]).toMatch(/no existe/);
      expect(errors[6]).toBe(M.duplicate);
      expect(errors[8]).toMatch(/fila 7/);
      expect(errors[9]).toMatch(/no es residente/);
      expect(await count()).toBe(before);

      // All or nothing: rows with errors refuse the whole file unless the user skips them.
      const refused = await upload(data, 'import');
      expect(refused.statusCode, refused.body).toBe(422);
      expect(errorsByRow(refused.json().errores)).toEqual(errors);
      expect(await count()).toBe(before);

      const confirmed = await upload(data, 'skipInvalid');
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ created: 3, total: 9 });
      expect(await count()).toBe(before + 3);
      const stored = await t.sql<{
        id: string;
        value: string;
        status: string;
        block_reason: string | null;
        blocked_at: Date | null;
        resident_id: string | null;
      }>(
        `select id, value, status, block_reason, blocked_at, resident_id from ${c.kind} where complex_id = ? and value in (?, ?, ?) order by value`,
        [alamos, ok1, repeated, ok3],
      );
      expect(stored).toHaveLength(3);
      expect(stored.find((s) => s.value === ok1)?.resident_id).toBe(neighbour.id);
      expect(stored.find((s) => s.value === ok3)).toMatchObject({ status: 'blocked', block_reason: 'Deuda' });
      expect(stored.find((s) => s.value === ok3)?.blocked_at).toBeTruthy();
      expect(stored.find((s) => s.value === repeated)?.status).toBe('inactive');
      // Each row audited as a create, and the import once.
      const audited = await t.sql<{ n: number }>(
        `select count(*)::int as n from audit_logs where action = 'create' and record_id in (?, ?, ?)`,
        stored.map((s) => s.id),
      );
      expect(audited[0].n).toBe(3);
      const imports = await t.sql<{ n: number }>(
        `select count(*)::int as n from audit_logs where resource = ? and action = 'import' and complex_id = ?`,
        [c.kind, alamos],
      );
      expect(imports[0].n).toBe(1);
      // The same file again: every row now exists.
      const again = await upload(data, 'preview');
      expect(again.json()).toMatchObject({ total: 9, valid: 0, invalid: 9 });
    });

    it('imports a CSV file (Excel in Spanish: semicolons) through the same checks', async () => {
      const [a, b] = [next(), next()];
      const csv = `${HEAD.join(';')}\r\n${a};Activo;${otherUnit.number};;\r\n${b};Bloqueado;${otherUnit.number};${neighbour.email};Robo\r\n`;
      const preview = await upload(csv, 'preview', admin, `${c.kind}.csv`);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ total: 2, valid: 2, invalid: 0 });
      const done = await upload(csv, 'import', admin, `${c.kind}.csv`);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().created).toBe(2);
      const [row] = await t.sql<{ status: string; resident_id: string }>(
        `select status, resident_id from ${c.kind} where complex_id = ? and value = ?`,
        [alamos, b],
      );
      expect(row).toEqual({ status: 'blocked', resident_id: neighbour.id });
    });

    it('writes all or nothing: a value taken as the rows are written refuses the whole set (409, naming the row)', async () => {
      const [a, b, clash] = [next(), next(), next()];
      // As if another request wrote `clash` between the check and the write: the unique index fires mid-way.
      await t.sql(`create or replace function vehicle_race() returns trigger language plpgsql as $$
        begin
          if new.value = '${clash}' then
            raise exception 'duplicate key value violates unique constraint "${c.kind}_complex_value_unique"' using errcode = '23505';
          end if;
          return new;
        end $$`);
      await t.sql(`create trigger vehicle_race before insert on ${c.kind} for each row execute function vehicle_race()`);
      try {
        const before = await count();
        const res = await upload(
          await sheet([
            [a, '', otherUnit.number],
            [clash, '', otherUnit.number],
            [b, '', otherUnit.number],
          ]),
          'import',
        );
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().errores).toEqual([{ fila: 3, errores: [M.duplicate] }]);
        expect(res.json().message).toContain(M.duplicate);
        expect(await count()).toBe(before);
      } finally {
        await t.sql(`drop trigger vehicle_race on ${c.kind}`);
      }
    });

    it('a sheet of 10,000 junk rows is refused and nothing is written; 3,000 junk rows are all row errors', async () => {
      const before = await count();
      const junk = (n: number) => Array.from({ length: n }, (_, i) => [`junk-${i}`, 'x', 'y', 'z', '=1+2']);
      const big = await upload(await sheet(junk(10_000)), 'import');
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('El archivo tiene más de 5000 filas.');
      const medium = await sheet(junk(3000));
      const preview = await upload(medium, 'preview');
      expect(preview.statusCode).toBe(200);
      // Every row counted; the answer lists the first 1,000.
      expect(preview.json()).toMatchObject({ total: 3000, valid: 0, invalid: 3000 });
      expect(preview.json().errores).toHaveLength(1000);
      for (const mode of ['import', 'skipInvalid'] as const) expect((await upload(medium, mode)).statusCode, mode).toBe(422);
      expect(await count()).toBe(before);
    }, 60_000);

    it('refuses a file that is neither .xlsx nor .csv, a sheet without its columns, and a resident or the board importing', async () => {
      for (const filename of ['x.pdf', 'x.xls']) {
        const res = await upload('a,b', 'preview', admin, filename);
        expect(res.statusCode, filename).toBe(415);
      }
      const noColumns = await upload(await sheet([['x']], ['Otra']), 'preview');
      expect(noColumns.statusCode).toBe(400);
      expect(noColumns.json().message).toMatch(/Faltan columnas/);
      const data = await sheet([[next(), 'Activo', otherUnit.number]]);
      const board = await t.login('directiva@demo.test');
      for (const headers of [resident, board]) {
        expect((await upload(data, 'preview', headers)).statusCode).toBe(403);
        expect((await upload(data, 'import', headers)).statusCode).toBe(403);
        expect((await call('GET', '/import/template', headers)).statusCode).toBe(403);
      }
    });

    it('offers its template with the import columns', async () => {
      const res = await call('GET', '/import/template', admin);
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as never);
      expect(book.worksheets[0].getRow(1).values).toEqual([undefined, ...HEAD]);
    });
  });
}
