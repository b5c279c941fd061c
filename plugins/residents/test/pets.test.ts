// Pets (mascotas): CRUD, the owner, the vaccination indicator, the photo and its limits, residents on their own
// unit only, the switch, other complexes, closed bodies, the export and the import (the host's mechanism).
import { listQuery, type MultipartPart, multipart } from '@conjunto/server/testing';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, type Household, setSwitch, startHousehold } from './helpers.ts';

let h: Household;
let base: string;
let unitId: string;
let photo: Buffer;
beforeAll(async () => {
  h = await startHousehold();
  base = `/api/complexes/${h.alamos}/pets`;
  unitId = h.neighbour.unitId;
  photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#a85' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secreto' } } })
    .jpeg()
    .toBuffer();
});
afterAll(() => h?.t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: unknown) =>
  h.t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const pet = (extra: object = {}) => ({ unitId, name: 'Firulais', species: 'perro', breed: 'Mestizo', ...extra });
const create = async (extra: object = {}, headers: object = h.admin) => {
  const res = await call('POST', base, headers, pet(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const upload = (id: string, data: Buffer, headers: object = h.admin, contentType = 'image/jpeg') => {
  const body = multipart([{ name: 'photo', filename: 'foto.jpg', contentType, data }]);
  return h.t.app.inject({
    method: 'PUT',
    url: `${base}/${id}/photo`,
    headers: { ...(headers as Record<string, string>), ...body.headers },
    payload: body.payload,
  });
};

describe('pets (administrator)', () => {
  it('registers a pet with the unit holder as owner, audited; edits and deletes it', async () => {
    const created = await create({ color: 'Café', vaccinatedOn: daysAgo(30), notes: 'Muy tranquilo' });
    expect(created).toMatchObject({
      unitId,
      ownerId: h.neighbour.id,
      name: 'Firulais',
      species: 'perro',
      color: 'Café',
      vaccination: 'vigente',
      hasPhoto: false,
      photoUrl: null,
    });
    expect(created.unitNumber).toBeTruthy();
    expect(created.ownerName).toBeTruthy();
    const edit = await call('PUT', `${base}/${created.id}`, h.admin, { name: 'Firulais II', species: 'gato', breed: null });
    expect(edit.json()).toMatchObject({ name: 'Firulais II', species: 'gato', breed: null });
    const actions = await h.t.sql<{ action: string }>('select action from audit_logs where record_id = ? order by at', [
      created.id,
    ]);
    expect(actions.map((a) => a.action)).toEqual(['create', 'update']);
    expect((await call('DELETE', `${base}/${created.id}`, h.admin)).statusCode).toBe(200);
    expect((await call('GET', `${base}/${created.id}`, h.admin)).statusCode).toBe(404);
  });

  it('validates: name required, species of the list, owner of the unit, no future vaccination', async () => {
    expect((await call('POST', base, h.admin, pet({ name: '   ' }))).json().errors).toEqual({
      name: '¡Este campo es requerido!',
    });
    expect((await call('POST', base, h.admin, pet({ species: 'caballo' }))).statusCode).toBe(400);
    expect((await call('POST', base, h.admin, pet({ name: 'x'.repeat(61) }))).statusCode).toBe(400);
    expect((await call('POST', base, h.admin, pet({ ownerId: h.resident.id }))).json().errors).toEqual({
      ownerId: 'El propietario no pertenece a la unidad.',
    });
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect((await call('POST', base, h.admin, pet({ vaccinatedOn: future }))).json().errors).toEqual({
      vaccinatedOn: 'La fecha de vacunación no puede ser futura.',
    });
    const { unitId: _u, ...noUnit } = pet();
    expect((await call('POST', base, h.admin, noUnit)).json().errors).toEqual({ unitId: 'Seleccione una U.H.' });
  });

  it('keeps only its own fields: complexId, id, photo in the body change nothing; NUL bytes answer 400', async () => {
    const intruder = '0190c0de-0000-7000-8000-000000000001';
    const res = await call(
      'POST',
      base,
      h.admin,
      pet({ complexId: h.bosque, id: intruder, photoFileId: intruder, hasPhoto: true }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ hasPhoto: false });
    expect(res.json().id).not.toBe(intruder);
    const [row] = await h.t.sql<{ complex_id: string }>('select complex_id from pets where id = ?', [res.json().id]);
    expect(row.complex_id).toBe(h.alamos);
    expect((await call('POST', base, h.admin, pet({ name: 'a\u0000b' }))).statusCode).toBe(400);
    expect((await call('POST', base, h.admin, pet({ vaccinatedOn: 'Infinity' }))).statusCode).toBe(400);
  });

  it('marks the vaccination overdue after a year, and filters by it', async () => {
    const old = await create({ name: 'Viejito', vaccinatedOn: daysAgo(400) });
    const none = await create({ name: 'Sinvacuna' });
    const fresh = await create({ name: 'Vacunado', vaccinatedOn: daysAgo(300) });
    expect([old.vaccination, none.vaccination, fresh.vaccination]).toEqual(['vencida', 'sinRegistro', 'vigente']);
    const ids = async (filter: Record<string, unknown>) =>
      (await call('GET', `${base}${listQuery({ filter, range: [0, 199] })}`, h.admin)).json().map((p: { id: string }) => p.id);
    const overdue = await ids({ vaccination: 'vencida' });
    expect(overdue).toContain(old.id);
    expect(overdue).not.toContain(fresh.id);
    expect(await ids({ vaccination: 'sinRegistro', unitId })).toContain(none.id);
    expect(await ids({ q: 'viejito' })).toEqual([old.id]);
    expect((await call('GET', `${base}${listQuery({ filter: { age: 3 } })}`, h.admin)).statusCode).toBe(400);
  });

  it('exports CSV with Spanish headers and labels, text cells only', async () => {
    await create({ name: '=cmd|calc', species: 'gato', vaccinatedOn: daysAgo(500) });
    const res = await call(
      'GET',
      `${base}/export?format=csv&filter=${encodeURIComponent(JSON.stringify({ q: 'cmd' }))}`,
      h.admin,
    );
    expect(res.statusCode).toBe(200);
    const rows = csvRows(res.body);
    expect(rows[0]).toContain('"Nombre","Especie","Raza","Color","U.H.","Propietario","Última vacunación","Vacunación"');
    expect(rows[1]).toContain(`"'=cmd|calc","Gato"`);
    expect(rows[1]).toContain('"Vencida"');
    expect((await call('GET', `${base}/export?format=xlsx`, h.admin)).statusCode).toBe(200);
  });
});

describe('pet photos', () => {
  it('stores the photo re-encoded (at most 800x800, no metadata) and answers a signed URL', async () => {
    const p = await create({ name: 'Foto' });
    const res = await upload(p.id, photo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hasPhoto: true });
    const stored = (await call('GET', res.json().photoUrl, {})).rawPayload;
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 800, 533, undefined]);
    // A new photo replaces the old file; removing it leaves none.
    const [{ photo_file_id: first }] = await h.t.sql<{ photo_file_id: string }>('select photo_file_id from pets where id = ?', [
      p.id,
    ]);
    expect((await upload(p.id, photo)).statusCode).toBe(200);
    expect(await h.t.sql('select 1 from files where id = ?', [first])).toHaveLength(0);
    const removed = await call('DELETE', `${base}/${p.id}/photo`, h.admin);
    expect(removed.json()).toMatchObject({ hasPhoto: false, photoUrl: null });
    // Listed with a signed URL.
    await upload(p.id, photo);
    const [listed] = (await call('GET', `${base}${listQuery({ filter: { id: [p.id] } })}`, h.admin)).json();
    expect(listed.photoUrl).toMatch(/^\/api\/files\//);
  });

  it('refuses what is not an image, a huge image, a file over 5 MB (413), another type and a missing file', async () => {
    const p = await create({ name: 'Sinfoto' });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const notImage = await upload(p.id, svg);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().errors).toEqual({ photo: 'Solo se permiten archivos de imagen' });
    expect((await upload(p.id, photo.subarray(0, Math.floor(photo.length / 3)))).statusCode).toBe(400);
    const huge = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await upload(p.id, huge, h.admin, 'image/png')).statusCode).toBe(400);
    const big = await upload(p.id, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('La imagen es demasiado grande (máximo 5MB)');
    expect((await upload(p.id, photo, h.admin, 'application/pdf')).statusCode).toBe(400);
    const empty = multipart([{ name: 'other', data: 'x' }]);
    const none = await h.t.app.inject({
      method: 'PUT',
      url: `${base}/${p.id}/photo`,
      headers: { ...h.admin, ...empty.headers },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(await h.t.sql('select photo_file_id from pets where id = ? and photo_file_id is not null', [p.id])).toHaveLength(0);
  });
});

describe('tenancy, switch and residents', () => {
  it("answers 404 for another complex's pet and while Pets is off", async () => {
    const p = await create();
    const other = `/api/complexes/${h.bosque}/pets/${p.id}`;
    expect((await call('GET', other, h.admin)).statusCode).toBe(404);
    expect((await call('PUT', other, h.admin, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', other, h.admin)).statusCode).toBe(404);
    expect((await upload('0190c0de-0000-7000-8000-00000000dead', photo)).statusCode).toBe(404);
    const body = multipart([{ name: 'photo', filename: 'foto.jpg', contentType: 'image/jpeg', data: photo }]);
    const foreign = await h.t.app.inject({
      method: 'PUT',
      url: `${other}/photo`,
      headers: { ...h.admin, ...body.headers },
      payload: body.payload,
    });
    expect(foreign.statusCode).toBe(404);
    await setSwitch(h, h.alamos, 'Pets', false);
    try {
      for (const [method, path] of [
        ['GET', base],
        ['GET', `${base}/export`],
        ['GET', `${base}/${p.id}`],
        ['DELETE', `${base}/${p.id}`],
      ] as const)
        expect((await call(method, path, h.admin)).statusCode, `${method} ${path}`).toBe(404);
      expect((await upload(p.id, photo)).statusCode).toBe(404);
      expect((await call('POST', base, h.resident, { name: 'x', species: 'gato' })).statusCode).toBe(404);
    } finally {
      await setSwitch(h, h.alamos, 'Pets', true);
    }
  });

  it("a resident registers their own unit's pets, with a photo, and sees only those", async () => {
    const mine = await create({ unitId: undefined, name: 'Mía' }, h.resident);
    expect(mine).toMatchObject({ unitId: h.resident.unitId, ownerId: h.resident.id });
    expect((await upload(mine.id, photo, h.resident)).statusCode).toBe(200);
    expect((await call('PUT', `${base}/${mine.id}`, h.resident, { color: 'Blanco' })).json()).toMatchObject({ color: 'Blanco' });
    const list = (await call('GET', `${base}${listQuery({ range: [0, 199] })}`, h.resident)).json() as { unitId: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.unitId === h.resident.unitId)).toBe(true);
    expect((await call('DELETE', `${base}/${mine.id}`, h.resident)).statusCode).toBe(200);
  });

  it("a resident cannot reach another unit's pet (404) nor register one there", async () => {
    const theirs = await create();
    for (const [method, path, payload] of [
      ['GET', `${base}/${theirs.id}`, undefined],
      ['PUT', `${base}/${theirs.id}`, { name: 'Robado' }],
      ['DELETE', `${base}/${theirs.id}`, undefined],
      ['DELETE', `${base}/${theirs.id}/photo`, undefined],
    ] as const)
      expect((await call(method, path, h.resident, payload)).statusCode, `${method} ${path}`).toBe(404);
    expect((await upload(theirs.id, photo, h.resident)).statusCode).toBe(404);
    expect((await call('GET', `${base}${listQuery({ filter: { unitId } })}`, h.resident)).json()).toEqual([]);
    expect((await call('POST', base, h.resident, pet())).statusCode).toBe(404);
    const asOwner = await call('POST', base, h.resident, { name: 'x', species: 'gato', ownerId: h.neighbour.id });
    expect(asOwner.statusCode).toBe(400);
    expect((await call('GET', `${base}/${theirs.id}`, h.neighbour)).statusCode).toBe(200);
  });

  it('the board reads the list but writes nothing', async () => {
    const board = await h.t.login('directiva@demo.test');
    expect((await call('GET', base, board)).statusCode).toBe(200);
    expect((await call('POST', base, board, pet())).statusCode).toBe(403);
  });
});

describe('pets import (/pets/import/template, /pets/import/preview, /pets/import)', () => {
  const HEAD = ['U.H.', 'Propietario', 'Nombre', 'Especie', 'Raza', 'Color', 'Última vacunación'];
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  async function sheet(rows: unknown[][], head = HEAD) {
    const book = new ExcelJS.Workbook();
    const s = book.addWorksheet('Mascotas');
    s.addRow(head);
    for (const r of rows) s.addRow(r);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  const send = (
    data: Buffer | string,
    mode: 'preview' | 'import' | 'skipInvalid',
    headers: object = h.admin,
    filename = 'mascotas.xlsx',
    extra: MultipartPart[] = [],
  ) => {
    const body = multipart([
      ...extra,
      ...(mode === 'skipInvalid' ? [{ name: 'skipInvalid', data: 'true' }] : []),
      { name: 'file', filename, contentType: filename.endsWith('.csv') ? 'text/csv' : XLSX, data },
    ]);
    return h.t.app.inject({
      method: 'POST',
      url: `${base}/import${mode === 'preview' ? '/preview' : ''}`,
      headers: { ...(headers as Record<string, string>), ...body.headers },
      payload: body.payload,
    });
  };
  const petsNamed = (names: string[]) =>
    h.t.sql<{
      id: string;
      name: string;
      unit_id: string;
      owner_id: string | null;
      species: string;
      breed: string | null;
      color: string | null;
      vaccinated_on: string | null;
      photo_file_id: string | null;
      complex_id: string;
    }>(
      `select id, name, unit_id, owner_id, species, breed, color, to_char(vaccinated_on, 'YYYY-MM-DD') as vaccinated_on,
              photo_file_id, complex_id from pets where name in (${names.map(() => '?').join(', ')}) order by name`,
      names,
    );
  let unit: { number: string; holder_id: string | null };
  let owner: { id: string; name: string; email: string };
  let mine: { number: string };
  let bosqueUnit: string;
  beforeAll(async () => {
    [unit] = await h.t.sql('select number, holder_id from directory_units where id = ?', [unitId]);
    [owner] = await h.t.sql('select id, name, email from directory_people where id = ?', [h.neighbour.id]);
    [mine] = await h.t.sql('select number from directory_units where id = ?', [h.resident.unitId]);
    [{ number: bosqueUnit }] = await h.t.sql<{ number: string }>(
      'select number from directory_units where complex_id = ? and number not in (select number from directory_units where complex_id = ?) limit 1',
      [h.bosque, h.alamos],
    );
  });

  it('offers its template with the columns (photos are not imported)', async () => {
    const res = await call('GET', `${base}/import/template`, h.admin);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    expect(book.worksheets[0].getRow(1).values).toEqual([undefined, ...HEAD]);
    const csv = await call('GET', `${base}/import/template?format=csv`, h.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Última vacunación');
  });

  it("previews each row's errors by its fila; with errors nothing is written; skipping them writes the valid rows", async () => {
    const data = await sheet([
      [unit.number, owner.email, 'ImpUno', 'Perro', 'Mestizo', 'Café', daysAgo(20)], // 2: valid, owner by e-mail
      [unit.number.toLowerCase(), owner.name, 'ImpDos', 'gato', '', '', ''], // 3: valid, owner by name
      [unit.number, '', 'ImpTres', 'Otro', 'Conejo', '', new Date(`${daysAgo(400)}T00:00:00Z`)], // 4: valid, holder
      ['No-existe-999', '', 'ImpCuatro', 'Perro', '', '', ''], // 5: unit does not exist
      [bosqueUnit, '', 'ImpCinco', 'Perro', '', '', ''], // 6: another complex's unit does not exist here
      [mine.number, owner.email, 'ImpSeis', 'Perro', '', '', ''], // 7: owner of another unit
      [unit.number, '', 'ImpSiete', 'Loro', '', '', ''], // 8: species
      [unit.number, '', 'ImpOcho', 'Perro', '', '', '31/02/2026'], // 9: no such date
      [unit.number, '', 'ImpNueve', 'Perro', '', '', daysAgo(-3)], // 10: future vaccination
      [unit.number, '', '', 'Perro', '', '', ''], // 11: name required
      [unit.number, '', 'x'.repeat(61), 'Perro', 'y'.repeat(61), '', ''], // 12: too long
    ]);
    const preview = await send(data, 'preview');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ total: 11, valid: 3, invalid: 8 });
    const errors = Object.fromEntries(
      preview.json().errores.map((e: { fila: number; errores: string[] }) => [e.fila, e.errores.join(' | ')]),
    );
    expect(Object.keys(errors).map(Number)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(errors[5]).toBe('U.H.: la unidad «No-existe-999» no existe.');
    expect(errors[6]).toMatch(/no existe/);
    expect(errors[7]).toBe(`Propietario: «${owner.email}» no es residente de la unidad.`);
    expect(errors[8]).toMatch(/^Especie: especie incorrecta/);
    expect(errors[9]).toMatch(/^Última vacunación: fecha incorrecta/);
    expect(errors[10]).toBe('Última vacunación: La fecha de vacunación no puede ser futura.');
    expect(errors[11]).toBe('Nombre: ¡Se requiere este campo!');
    expect(errors[12]).toBe('Nombre: máximo 60 caracteres. | Raza: máximo 60 caracteres.');
    const names = ['ImpUno', 'ImpDos', 'ImpTres'];
    expect(await petsNamed(names)).toEqual([]);

    expect((await send(data, 'import')).statusCode).toBe(422);
    expect(await petsNamed(names)).toEqual([]);

    const done = await send(data, 'skipInvalid');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ created: 3, total: 11 });
    const stored = await petsNamed(names);
    expect(stored.map((p) => [p.name, p.owner_id, p.species, p.breed, p.color, p.vaccinated_on])).toEqual([
      ['ImpDos', h.neighbour.id, 'gato', null, null, null],
      ['ImpTres', unit.holder_id, 'otro', 'Conejo', null, daysAgo(400)],
      ['ImpUno', h.neighbour.id, 'perro', 'Mestizo', 'Café', daysAgo(20)],
    ]);
    for (const p of stored) expect([p.unit_id, p.complex_id, p.photo_file_id]).toEqual([unitId, h.alamos, null]);
    const audited = await h.t.sql<{ n: number }>(
      `select count(*)::int as n from audit_logs where resource = 'pets' and action = 'create' and record_id in (?, ?, ?)`,
      stored.map((p) => p.id),
    );
    expect(audited[0].n).toBe(3);
    // The list shows them with their vaccination indicator.
    const list = await call('GET', `${base}${listQuery({ filter: { q: 'ImpTres' } })}`, h.admin);
    expect(list.json()[0]).toMatchObject({ name: 'ImpTres', vaccination: 'vencida', hasPhoto: false });
  });

  it('imports a CSV (semicolons, Windows-1252 as Excel saves it); a body complexId changes nothing; NUL bytes are refused', async () => {
    const csv = Buffer.from(`${HEAD.join(';')}\r\n${unit.number};;CsvÑandú;Gato;Angora;Blanco;15/01/2026\r\n`, 'latin1');
    const done = await send(csv, 'import', h.admin, 'mascotas.csv', [{ name: 'complexId', data: h.bosque }]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().created).toBe(1);
    const [made] = await petsNamed(['CsvÑandú']);
    expect(made).toMatchObject({ complex_id: h.alamos, species: 'gato', breed: 'Angora', vaccinated_on: '2026-01-15' });
    const nul = await send(`${HEAD.join(';')}\r\n${unit.number};;Nul\u0000;Gato;;;\r\n`, 'preview', h.admin, 'mascotas.csv');
    expect(nul.statusCode).toBe(400);
  });

  it('refuses a resident, the board and a complex with Pets off; a wrong file or sheet answers its reason', async () => {
    const data = await sheet([[unit.number, '', 'Nadie', 'Perro', '', '', '']]);
    const board = await h.t.login('directiva@demo.test');
    for (const headers of [h.resident, board]) {
      expect((await send(data, 'preview', headers)).statusCode).toBe(403);
      expect((await send(data, 'import', headers)).statusCode).toBe(403);
    }
    expect((await send('x', 'preview', h.admin, 'mascotas.pdf')).statusCode).toBe(415);
    const noColumns = await send(await sheet([['x']], ['Otra']), 'preview');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toMatch(/Faltan columnas en la hoja: U.H., Nombre, Especie/);
    await setSwitch(h, h.alamos, 'Pets', false);
    try {
      expect((await send(data, 'preview')).statusCode).toBe(404);
    } finally {
      await setSwitch(h, h.alamos, 'Pets', true);
    }
    expect(await petsNamed(['Nadie'])).toEqual([]);
  });
});

describe('demo data', () => {
  it('seeds pets (with photos, one overdue) in every demo complex and switches Pets on', async () => {
    const rows = await h.t.sql<{ complex_id: string; n: number; photos: number; overdue: number }>(
      `select complex_id, count(*)::int as n, count(photo_file_id)::int as photos,
              count(*) filter (where vaccinated_on < current_date - 365)::int as overdue
         from pets where name in ('Max', 'Luna', 'Rocky', 'Michi', 'Kiwi') group by complex_id`,
    );
    expect(rows).toHaveLength(3);
    for (const r of rows) expect([r.n, r.photos, r.overdue]).toEqual([5, 2, 1]);
    const switches = await h.t.sql<{ on: boolean }>("select (modules->>'Pets')::boolean as on from complexes");
    expect(switches.every((s) => s.on)).toBe(true);
  });
});
