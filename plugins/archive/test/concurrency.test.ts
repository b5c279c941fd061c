// Folder writes at the same time (real concurrency on PostgreSQL; PGlite serialises them and must give the same
// answers): opposite moves never leave a cycle, a corrupted cycle in the data never makes a move loop, two deletes
// of one folder answer 200 and 404, and a folder deleted while something is filed into it answers the plugin's own
// texts (never a raw database error or a 500).
import { multipart, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_MESSAGES } from '../manifest.ts';

let t: TestServer;
let admin: { authorization: string };
let docs: string;
let folders: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const ROUNDS = 8;

beforeAll(async () => {
  t = await startTestServer();
  const alamos = await t.complexId('alamos');
  admin = await t.login('admin@demo.test');
  docs = `/api/complexes/${alamos}/archive-documents`;
  folders = `/api/complexes/${alamos}/archive-folders`;
}, 180_000);
afterAll(() => t?.close());

let seq = 0;
const folder = async (parentId: string | null = null) => {
  const res = await t.app.inject({
    method: 'POST',
    url: folders,
    headers: admin,
    payload: { name: `Carpeta ${++seq}`, parentId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const move = (id: string, parentId: string | null) =>
  t.app.inject({ method: 'PUT', url: `${folders}/${id}`, headers: admin, payload: { parentId } });
const remove = (id: string) => t.app.inject({ method: 'DELETE', url: `${folders}/${id}`, headers: admin });
const uploadInto = (folderId: string) => {
  const body = multipart([
    { name: 'title', data: 'Acta' },
    { name: 'folderId', data: folderId },
    { name: 'file', filename: 'acta.pdf', contentType: 'application/pdf', data: PDF },
  ]);
  return t.app.inject({ method: 'POST', url: docs, headers: { ...admin, ...body.headers }, payload: body.payload });
};

/** Folders whose chain of parents never reaches the top level (walked at most 100 steps). */
const cycles = () =>
  t.sql<{ id: string }>(
    `with recursive up(start, id, parent_id, depth) as (
       select id, id, parent_id, 0 from archive_folders
       union all select up.start, f.id, f.parent_id, up.depth + 1 from archive_folders f join up on f.id = up.parent_id
         where up.depth < 100)
     select distinct start as id from up where depth = 100`,
  );

describe('archive folders at the same time', () => {
  it('two opposite moves at once (A into B, B into A): one moves, the other gets the cycle text; no cycle', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const [a, b] = [await folder(), await folder()];
      const answers = await Promise.all([move(a, b), move(b, a)]);
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 400]);
      expect(answers.find((r) => r.statusCode === 400)?.json().message).toBe(ARCHIVE_MESSAGES.folderCycle);
    }
    expect(await cycles()).toEqual([]);
  });

  it('a cycle already in the data (corrupted) does not make a move loop: the move into it is refused', async () => {
    const [a, b, c] = [await folder(), await folder(), await folder()];
    await t.sql('update archive_folders set parent_id = ? where id = ?', [b, a]);
    await t.sql('update archive_folders set parent_id = ? where id = ?', [a, b]);
    try {
      const res = await move(c, a);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(ARCHIVE_MESSAGES.folderCycle);
    } finally {
      await t.sql('update archive_folders set parent_id = null where id in (?, ?)', [a, b]);
    }
  });

  it('the same folder deleted twice at once: 200 and 404', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const id = await folder();
      const answers = await Promise.all([remove(id), remove(id)]);
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 404]);
    }
    const id = await folder();
    expect((await remove(id)).statusCode).toBe(200);
    expect((await remove(id)).statusCode).toBe(404);
  });

  /** The two answers of a delete racing a write into the folder: one wins, the other answers the plugin's text. */
  const expectRace = (deleted: { statusCode: number; body: string }, filed: { statusCode: number; body: string }) => {
    const why = `${deleted.statusCode} ${deleted.body}\n${filed.statusCode} ${filed.body}`;
    if (deleted.statusCode === 200) {
      expect([400, 409], why).toContain(filed.statusCode);
      expect(JSON.parse(filed.body).message, why).toBe(ARCHIVE_MESSAGES.folderNotFound);
    } else {
      expect(deleted.statusCode, why).toBe(409);
      expect(JSON.parse(deleted.body).message, why).toBe(ARCHIVE_MESSAGES.folderNotEmpty);
      expect([200, 201], why).toContain(filed.statusCode);
    }
  };

  it('a document uploaded into a folder being deleted: either the upload or the delete wins, with its text', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const id = await folder();
      const [deleted, filed] = await Promise.all([remove(id), uploadInto(id)]);
      expectRace(deleted, filed);
    }
  });

  it('a subfolder created in a folder being deleted: either wins, with its text', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const id = await folder();
      const [deleted, filed] = await Promise.all([
        remove(id),
        t.app.inject({ method: 'POST', url: folders, headers: admin, payload: { name: 'Hija', parentId: id } }),
      ]);
      expectRace(deleted, filed);
    }
  });

  it('a folder or a document moved into a folder being deleted: either wins, with its text', async () => {
    const doc = (await uploadInto(await folder())).json().id as string;
    for (let i = 0; i < ROUNDS; i++) {
      const [id, other] = [await folder(), await folder()];
      const [deleted, moved] = await Promise.all([remove(id), move(other, id)]);
      expectRace(deleted, moved);
      const target = await folder();
      const [gone, refiled] = await Promise.all([
        remove(target),
        t.app.inject({ method: 'PUT', url: `${docs}/${doc}`, headers: admin, payload: { folderId: target } }),
      ]);
      expectRace(gone, refiled);
    }
  });
});
