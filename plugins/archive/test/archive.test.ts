// The archive API against the real database (fastify inject): upload, list, download, visibility for residents,
// tenancy, the upload's limits, folders and closed bodies.
import { listQuery, multipart, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_MESSAGES, DOCUMENT_BYTES_MAX } from '../manifest.ts';

let t: TestServer;
let alamos: string;
let bosque: string;
let admin: { authorization: string };
let resident: { authorization: string };
let board: { authorization: string };
let docs: string;
let folders: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  admin = await t.login('admin@demo.test');
  resident = await t.login('residente@demo.test');
  board = await t.login('directiva@demo.test');
  docs = `/api/complexes/${alamos}/archive-documents`;
  folders = `/api/complexes/${alamos}/archive-folders`;
}, 180_000);
afterAll(() => t?.close());

type Part = Parameters<typeof multipart>[0][number];
const upload = (parts: Part[], headers = admin, url = docs) => {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
};
const pdf = (data: Buffer = PDF, filename = 'acta.pdf', contentType = 'application/pdf'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});
const list = async (headers: { authorization: string }, filter: Record<string, unknown> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `${docs}${listQuery({ filter, range: [0, 99] })}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; title: string; visibleToResidents: boolean; size: string; sizeBytes: number }[];
};

describe('archive', () => {
  it('seeds two folders and four PDFs per demo complex, some visible', async () => {
    const rows = await t.sql<{ n: number; v: number }>(
      'select count(*)::int as n, count(*) filter (where visible_to_residents)::int as v from archive_documents where complex_id = ?',
      [alamos],
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(4);
    expect(rows[0].v).toBeGreaterThan(0);
    expect(rows[0].v).toBeLessThan(rows[0].n);
  });

  it('uploads into a folder, lists with size text, downloads through a signed URL; audits it', async () => {
    const folder = await t.app.inject({ method: 'POST', url: folders, headers: admin, payload: { name: 'Contratos' } });
    expect(folder.statusCode, folder.body).toBe(201);
    const res = await upload([
      { name: 'title', data: 'Contrato de mantenimiento' },
      { name: 'folderId', data: folder.json().id },
      { name: 'visibleToResidents', data: 'false' },
      pdf(),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      title: 'Contrato de mantenimiento',
      folderId: folder.json().id,
      folderName: 'Contratos',
      filename: 'acta.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      size: `${PDF.length} bytes`,
      visibleToResidents: false,
    });
    const inFolder = await list(admin, { folderId: folder.json().id });
    expect(inFolder.map((d) => d.id)).toEqual([doc.id]);
    const found = await list(admin, { q: 'mantenimiento contrato' });
    expect(found.map((d) => d.id)).toContain(doc.id);
    const dl = await t.app.inject({ method: 'GET', url: `${docs}/${doc.id}/download`, headers: admin });
    expect(dl.statusCode, dl.body).toBe(200);
    expect(dl.json().filename).toBe('acta.pdf');
    const file = await t.app.inject({ method: 'GET', url: dl.json().url });
    expect(file.statusCode).toBe(200);
    expect(Buffer.from(file.rawPayload).equals(PDF)).toBe(true);
    const audit = await t.sql('select 1 from audit_logs where record_id = ? and action = ?', [doc.id, 'create']);
    expect(audit).toHaveLength(1);
  });

  it('residents and the board see and download only the visible documents; they cannot write', async () => {
    const hidden = (await upload([{ name: 'title', data: 'Informe reservado' }, pdf()])).json();
    const shown = (
      await upload([{ name: 'title', data: 'Circular a residentes' }, { name: 'visibleToResidents', data: 'true' }, pdf()])
    ).json();
    for (const who of [resident, board]) {
      const ids = (await list(who)).map((d) => d.id);
      expect(ids).toContain(shown.id);
      expect(ids).not.toContain(hidden.id);
      expect((await list(who)).every((d) => d.visibleToResidents)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: `${docs}/${hidden.id}`, headers: who })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `${docs}/${hidden.id}/download`, headers: who })).statusCode).toBe(404);
      const ok = await t.app.inject({ method: 'GET', url: `${docs}/${shown.id}/download`, headers: who });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await upload([{ name: 'title', data: 'x' }, pdf()], who)).statusCode).toBe(403);
      const put = await t.app.inject({ method: 'PUT', url: `${docs}/${shown.id}`, headers: who, payload: { title: 'x' } });
      expect(put.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: `${docs}/${shown.id}`, headers: who })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: folders, headers: who })).statusCode).toBe(403);
    }
    // Hiding it again takes it away from residents.
    const put = await t.app.inject({
      method: 'PUT',
      url: `${docs}/${shown.id}`,
      headers: admin,
      payload: { visibleToResidents: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await list(resident)).map((d) => d.id)).not.toContain(shown.id);
  });

  it('never tells residents or the board who uploaded a document (list, show, export); the office sees it', async () => {
    const shown = (
      await upload([{ name: 'title', data: 'Circular de agua' }, { name: 'visibleToResidents', data: 'true' }, pdf()])
    ).json();
    expect(shown.uploadedBy).toBeTruthy();
    expect(shown.uploadedByName).toBeTruthy();
    for (const who of [resident, board]) {
      const rows = (await list(who)) as Record<string, unknown>[];
      expect(rows.map((d) => d.id)).toContain(shown.id);
      for (const row of rows) {
        expect(row).not.toHaveProperty('uploadedBy');
        expect(row).not.toHaveProperty('uploadedByName');
      }
      const one = await t.app.inject({ method: 'GET', url: `${docs}/${shown.id}`, headers: who });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).not.toHaveProperty('uploadedBy');
      expect(one.json()).not.toHaveProperty('uploadedByName');
      const csv = await t.app.inject({ method: 'GET', url: `${docs}/export?format=csv`, headers: who });
      expect(csv.statusCode, csv.body.slice(0, 200)).toBe(200);
      expect(csv.body).toContain('Circular de agua');
      expect(csv.body).not.toContain(shown.uploadedByName);
    }
    const office = (await list(admin)).find((d) => d.id === shown.id) as Record<string, unknown> | undefined;
    expect(office).toMatchObject({ uploadedBy: shown.uploadedBy, uploadedByName: shown.uploadedByName });
    const csv = await t.app.inject({ method: 'GET', url: `${docs}/export?format=csv`, headers: admin });
    expect(csv.body).toContain(shown.uploadedByName);
  });

  it('a retried upload with the same Idempotency-Key answers the first document; the file is stored once', async () => {
    const key = { ...admin, 'idempotency-key': `archive-${Date.now()}` };
    const parts = () => [{ name: 'title', data: 'Presupuesto reintentado' }, pdf()];
    const first = await upload(parts(), key);
    const retry = await upload(parts(), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    expect(await t.sql('select 1 from archive_documents where title = ?', ['Presupuesto reintentado'])).toHaveLength(1);
  });

  it('folder filters take "root" or a folder id; anything else is refused (400)', async () => {
    for (const bad of ['nope', '1', "' or 1=1 --", 42, ['x']]) {
      for (const [url, field] of [
        [docs, 'folderId'],
        [folders, 'parentId'],
      ] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}${listQuery({ filter: { [field]: bad } })}`,
          headers: admin,
        });
        expect(res.statusCode, `${field} ${JSON.stringify(bad)}`).toBe(400);
      }
    }
    // Bodies: a folder id that is no UUID is refused by the schema (uuid format) before any query.
    const [doc] = await list(admin);
    for (const [method, url, payload] of [
      ['POST', folders, { name: 'Mal padre', parentId: 'nope' }],
      ['PUT', `${docs}/${doc.id}`, { folderId: "1' or '1'='1" }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: admin, payload });
      expect(res.statusCode, res.body).toBe(400);
    }
    const top = await t.app.inject({
      method: 'GET',
      url: `${folders}${listQuery({ filter: { parentId: 'root' } })}`,
      headers: admin,
    });
    expect(top.statusCode).toBe(200);
    expect((top.json() as { parentId: string | null }[]).every((f) => f.parentId === null)).toBe(true);
  });

  it('a document deleted twice: the second answers 404 and changes nothing', async () => {
    const doc = (await upload([{ name: 'title', data: 'Borrar dos veces' }, pdf()])).json();
    const del = () => t.app.inject({ method: 'DELETE', url: `${docs}/${doc.id}`, headers: admin });
    const answers = await Promise.all([del(), del()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect((await del()).statusCode).toBe(404);
  });

  it("another complex's document and folder answer 404", async () => {
    const [other] = await t.sql<{ id: string; folder_id: string | null }>(
      'select id, folder_id from archive_documents where complex_id = ? and folder_id is not null limit 1',
      [bosque],
    );
    expect(other).toBeTruthy();
    for (const [method, url] of [
      ['GET', `${docs}/${other.id}`],
      ['GET', `${docs}/${other.id}/download`],
      ['DELETE', `${docs}/${other.id}`],
      ['GET', `${folders}/${other.folder_id}`],
      ['DELETE', `${folders}/${other.folder_id}`],
    ] as const)
      expect((await t.app.inject({ method, url, headers: admin })).statusCode, url).toBe(404);
    const put = await t.app.inject({ method: 'PUT', url: `${docs}/${other.id}`, headers: admin, payload: { title: 'x' } });
    expect(put.statusCode).toBe(404);
    // Nor can a document be filed into another complex's folder.
    const into = await upload([{ name: 'title', data: 'Intruso' }, { name: 'folderId', data: String(other.folder_id) }, pdf()]);
    expect(into.statusCode).toBe(400);
    expect(into.json().message).toBe(ARCHIVE_MESSAGES.folderNotFound);
  });

  it('refuses an oversize file (413), a bad type or bytes that lie about it (400), no file or no title (400)', async () => {
    const big = await upload([{ name: 'title', data: 'Grande' }, pdf(Buffer.alloc(DOCUMENT_BYTES_MAX + 1))]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(ARCHIVE_MESSAGES.fileTooLarge);
    const html = await upload([{ name: 'title', data: 'Página' }, pdf(Buffer.from('<script>'), 'x.html', 'text/html')]);
    expect(html.statusCode).toBe(400);
    // A page sent as a PDF is refused by its bytes.
    const fake = await upload([{ name: 'title', data: 'Falso' }, pdf(Buffer.from('<html><script>alert(1)</script>'))]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(ARCHIVE_MESSAGES.badType);
    expect((await upload([{ name: 'title', data: 'Sin archivo' }])).statusCode).toBe(400);
    const untitled = await upload([pdf()]);
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().errors.title).toBe('¡Este campo es requerido!');
    const long = await upload([{ name: 'title', data: 'x'.repeat(151) }, pdf()]);
    expect(long.statusCode).toBe(400);
    const xlsx = await upload([
      { name: 'title', data: 'Presupuesto' },
      pdf(
        Buffer.from('PK\x03\x04rest of the zip'),
        'p.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ),
    ]);
    expect(xlsx.statusCode, xlsx.body).toBe(201);
  });

  it('a non-empty folder cannot be deleted (409); an empty one can; names are unique per parent', async () => {
    const parent = (await t.app.inject({ method: 'POST', url: folders, headers: admin, payload: { name: 'Planos' } })).json();
    const dup = await t.app.inject({ method: 'POST', url: folders, headers: admin, payload: { name: 'planos' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ARCHIVE_MESSAGES.folderTaken);
    const child = await t.app.inject({
      method: 'POST',
      url: folders,
      headers: admin,
      payload: { name: 'Planos', parentId: parent.id },
    });
    expect(child.statusCode, child.body).toBe(201);
    // Not into itself.
    const cycle = await t.app.inject({
      method: 'PUT',
      url: `${folders}/${parent.id}`,
      headers: admin,
      payload: { parentId: child.json().id },
    });
    expect(cycle.statusCode).toBe(400);
    const refused = await t.app.inject({ method: 'DELETE', url: `${folders}/${parent.id}`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ARCHIVE_MESSAGES.folderNotEmpty);
    const doc = (
      await upload([{ name: 'title', data: 'Plano eléctrico' }, { name: 'folderId', data: child.json().id }, pdf()])
    ).json();
    expect((await t.app.inject({ method: 'DELETE', url: `${folders}/${child.json().id}`, headers: admin })).statusCode).toBe(409);
    // Deleting the document removes its stored file; then the folders go.
    const [{ file_id }] = await t.sql<{ file_id: string }>('select file_id from archive_documents where id = ?', [doc.id]);
    expect((await t.app.inject({ method: 'DELETE', url: `${docs}/${doc.id}`, headers: admin })).statusCode).toBe(200);
    expect(await t.sql('select 1 from files where id = ?', [file_id])).toHaveLength(0);
    expect((await t.app.inject({ method: 'DELETE', url: `${folders}/${child.json().id}`, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `${folders}/${parent.id}`, headers: admin })).statusCode).toBe(200);
  });

  it('two folders of the same name created at once: one is created, the other gets the 409 text', async () => {
    const make = () => t.app.inject({ method: 'POST', url: folders, headers: admin, payload: { name: 'Simultánea' } });
    const answers = await Promise.all([make(), make(), make()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(ARCHIVE_MESSAGES.folderTaken);
  });

  it('body extras are ignored (JSON and multipart): complexId, ids and sizes never come from a body', async () => {
    const folder = await t.app.inject({
      method: 'POST',
      url: folders,
      headers: admin,
      payload: { name: 'Extra', complexId: bosque, id: '00000000-0000-0000-0000-000000000000' },
    });
    expect(folder.statusCode, folder.body).toBe(201);
    expect(folder.json().id).not.toBe('00000000-0000-0000-0000-000000000000');
    expect(await t.sql('select 1 from archive_folders where id = ? and complex_id = ?', [folder.json().id, alamos])).toHaveLength(
      1,
    );
    const res = await upload([
      { name: 'title', data: 'Con extras' },
      { name: 'complexId', data: bosque },
      { name: 'uploadedBy', data: '00000000-0000-0000-0000-000000000000' },
      pdf(),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.sql<{ complex_id: string; uploaded_by: string }>(
      'select complex_id, uploaded_by from archive_documents where id = ?',
      [res.json().id],
    );
    expect(row.complex_id).toBe(alamos);
    expect(row.uploaded_by).not.toBe('00000000-0000-0000-0000-000000000000');
    expect(res.json().uploadedByName).toBeTruthy();
    const put = await t.app.inject({
      method: 'PUT',
      url: `${docs}/${res.json().id}`,
      headers: admin,
      payload: { title: 'Nuevo', sizeBytes: 1, fileId: '00000000-0000-0000-0000-000000000000' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ title: 'Nuevo', sizeBytes: res.json().sizeBytes });
  });

  it('exports the list as CSV', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${docs}/export?format=csv`, headers: admin });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.body).toContain('Título');
    expect(res.body).toContain('Tamaño');
  });
});
