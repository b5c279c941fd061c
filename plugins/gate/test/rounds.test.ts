// Shifts and rounds (spec 002 §2.2 ingresos and rondas, §2.5 gestionGuardia; issue 13): one open shift per guard,
// decided by the database under 40 concurrent starts; the hand-over with its observation; checkpoints per post; a
// round takes them, each is marked once at the server's time (twice, foreign or unknown: 4xx; a retried POST with
// its Idempotency-Key answers the same), the last one completes it; NoFamilyGuard hides the history from guards.
import { listQuery, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUNDS_LIMITS, ROUNDS_MESSAGES } from '../rounds.ts';
import gate from '../server/index.ts';

let t: TestServer;
let alamos: string;
let bosque: string;
let admin: { authorization: string };
let guard: { authorization: string };
let guardId: string;
let posts: { id: string; name: string }[];

const base = () => `/api/complexes/${alamos}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const setSwitch = async (name: string, on: boolean) => {
  const res = await call('PUT', `${base()}/modules`, await t.login('superadmin@demo.test'), { [name]: on });
  expect(res.statusCode, res.body).toBe(200);
};
/** Ends the guard's open shift and round, if any (the demo leaves none; a test may). */
const offDuty = async () => {
  const shift = (await call('GET', `${base()}/gate-shifts/current`, guard)).json().shift;
  if (shift) await call('POST', `${base()}/gate-shifts/${shift.id}/end`, guard, { observation: 'Fin de la prueba.' });
  const round = (await call('GET', `${base()}/gate-rounds/current`, guard)).json().round;
  if (round) await call('POST', `${base()}/gate-rounds/${round.id}/end`, guard, { observation: 'Fin de la prueba.' });
};

beforeAll(async () => {
  t = await startTestServer({ plugins: [gate] });
  alamos = await t.complexId('alamos');
  bosque = await t.complexId('bosque');
  admin = await t.login('admin@demo.test');
  guard = await t.login('guardia@demo.test');
  [{ id: guardId }] = await t.sql<{ id: string }>("select id from users where email = 'guardia@demo.test'");
  posts = (await call('GET', `${base()}/gate-posts`, guard)).json();
  expect(posts.length).toBe(2);
});
afterAll(() => t?.close());

describe('shifts (Cambios de Guardias)', () => {
  it('the demo holds a month of handed-over shifts of guardia@demo.test, listed newest first and exportable', async () => {
    const res = await call('GET', `${base()}/gate-shifts${listQuery({ filter: { guardId }, range: [0, 4] })}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-range']).toMatch(/\/30$/);
    const [newest, older] = res.json();
    expect(newest.startedAt > older.startedAt).toBe(true);
    expect(newest).toMatchObject({ guardName: 'Gustavo Guardia', open: false });
    expect(newest.endObservation).toBeTruthy();
    const csv = await call('GET', `${base()}/gate-shifts/export?format=csv`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Observación de entrega');
  });

  it('one open shift per guard: of 40 concurrent starts exactly one wins, the others get 409', async () => {
    await offDuty();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call('POST', `${base()}/gate-shifts`, guard, { postId: posts[i % 2].id, observation: `Inicio ${i}` }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(39);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({
      code: 'SHIFT_OPEN',
      message: ROUNDS_MESSAGES.shiftOpen,
    });
    const [{ n }] = await t.sql<{ n: number }>(
      'select count(*)::int as n from gate_shifts where guard_id = ? and complex_id = ? and ended_at is null',
      [guardId, alamos],
    );
    expect(n).toBe(1);
  });

  it('hands over with an observation (required), once; the office ends a forgotten one; others may not', async () => {
    const { shift } = (await call('GET', `${base()}/gate-shifts/current`, guard)).json();
    expect(shift.open).toBe(true);
    expect((await call('POST', `${base()}/gate-shifts/${shift.id}/end`, guard, { observation: '   ' })).statusCode).toBe(400);
    const ended = await call('POST', `${base()}/gate-shifts/${shift.id}/end`, guard, { observation: ' Sin novedades. ' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ open: false, endObservation: 'Sin novedades.' });
    const again = await call('POST', `${base()}/gate-shifts/${shift.id}/end`, guard, { observation: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    // A forgotten shift: the office closes it.
    const started = await call('POST', `${base()}/gate-shifts`, guard, { postId: posts[0].id });
    expect(started.statusCode, started.body).toBe(201);
    const byOffice = await call('POST', `${base()}/gate-shifts/${started.json().id}/end`, admin, {
      observation: 'Cerrado por la administración.',
    });
    expect(byOffice.statusCode, byOffice.body).toBe(200);
    // The office does not start shifts (they are the guards').
    expect((await call('POST', `${base()}/gate-shifts`, admin, { postId: posts[0].id })).statusCode).toBe(403);
  });

  it('bad input is a 4xx: a post of another complex, no post where there are posts, unknown fields, NUL bytes', async () => {
    const [other] = await t.sql<{ id: string }>(
      'insert into gate_posts (id, complex_id, name) values (gen_random_uuid(), ?, ?) returning id',
      [bosque, 'Garita del bosque'],
    );
    for (const payload of [{ postId: other.id }, {}, { postId: 'Infinity' }, { postId: posts[0].id, observation: 'a\u0000b' }]) {
      const res = await call('POST', `${base()}/gate-shifts`, guard, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // A complexId in the body is not the shift's: the path's complex is.
    const smuggled = await call('POST', `${base()}/gate-shifts`, guard, { postId: posts[0].id, complexId: bosque });
    expect(smuggled.statusCode, smuggled.body).toBe(201);
    const [row] = await t.sql<{ complex_id: string }>('select complex_id from gate_shifts where id = ?', [smuggled.json().id]);
    expect(row.complex_id).toBe(alamos);
    await offDuty();
    expect((await call('GET', `${base()}/gate-shifts/not-a-uuid`, admin)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/gate-shifts${listQuery({ filter: { open: 'maybe' } })}`, admin)).statusCode).toBe(400);
  });
});

describe('checkpoints and rounds', () => {
  let checkpointIds: string[];
  let roundId: string;

  it('the office defines checkpoints in order; guards read them and may not change them', async () => {
    const seededCount = (
      await call('GET', `${base()}/gate-checkpoints${listQuery({ filter: { postId: posts[1].id }, range: [0, 99] })}`, guard)
    ).json().length;
    expect(seededCount).toBeGreaterThan(0);
    // Sorted by post (the default), each post's checkpoints come in their round's order.
    const all = (await call('GET', `${base()}/gate-checkpoints${listQuery({ range: [0, 99] })}`, guard)).json() as {
      postName: string;
      position: number;
    }[];
    const expected = [...all].sort((a, b) =>
      a.postName === b.postName ? a.position - b.position : Buffer.compare(Buffer.from(a.postName), Buffer.from(b.postName)),
    );
    expect(all.map((c) => `${c.postName}:${c.position}`)).toEqual(expected.map((c) => `${c.postName}:${c.position}`));
    const created: { id: string; position: number }[] = [];
    for (const name of ['Portón A', 'Jardín', 'Bodega']) {
      const res = await call('POST', `${base()}/gate-checkpoints`, admin, { postId: posts[1].id, name });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json());
    }
    expect(created.map((c) => c.position)).toEqual([1, 2, 3].map((n) => seededCount + n));
    const dup = await call('POST', `${base()}/gate-checkpoints`, admin, { postId: posts[1].id, name: ' jardín ' });
    expect(dup.statusCode).toBe(409);
    expect((await call('POST', `${base()}/gate-checkpoints`, guard, { postId: posts[1].id, name: 'X' })).statusCode).toBe(403);
    const coded = await call('PUT', `${base()}/gate-checkpoints/${created[1].id}`, admin, { code: 'jd-01' });
    expect(coded.json().code).toBe('JD-01');
    // Only these three on a fresh post make the round's list: deactivate the seeded ones of posts[1].
    const seeded = (
      await call('GET', `${base()}/gate-checkpoints${listQuery({ filter: { postId: posts[1].id }, range: [0, 99] })}`, guard)
    ).json();
    for (const c of seeded.filter((c: { id: string }) => !created.some((mine) => mine.id === c.id)))
      expect((await call('PUT', `${base()}/gate-checkpoints/${c.id}`, admin, { isActive: false })).statusCode).toBe(200);
    checkpointIds = created.map((c) => c.id);
  });

  it('a round takes the active checkpoints; each is marked once at the server time; the last completes it', async () => {
    await offDuty();
    const started = await call('POST', `${base()}/gate-rounds`, guard, { postId: posts[1].id });
    expect(started.statusCode, started.body).toBe(201);
    const round = started.json();
    roundId = round.id;
    expect(round).toMatchObject({ status: 'enCurso', checkpointCount: 3, markedCount: 0 });
    expect(round.marks.map((m: { checkpointId: string }) => m.checkpointId)).toEqual(checkpointIds);
    expect((await call('POST', `${base()}/gate-rounds`, guard, { postId: posts[0].id })).statusCode).toBe(409);

    const before = Date.now();
    const first = await call('POST', `${base()}/gate-rounds/${roundId}/marks`, guard, { checkpointId: checkpointIds[0] });
    expect(first.statusCode, first.body).toBe(200);
    const markedAt = Date.parse(first.json().marks[0].markedAt);
    expect(markedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(markedAt).toBeLessThanOrEqual(Date.now() + 1000);
    // Twice: 409; a checkpoint of another post, an unknown id: 422; neither id nor code, both: 400.
    const twice = await call('POST', `${base()}/gate-rounds/${roundId}/marks`, guard, { checkpointId: checkpointIds[0] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ROUNDS_MESSAGES.alreadyMarked);
    const [foreign] = await t.sql<{ id: string }>('select id from gate_checkpoints where post_id = ? limit 1', [posts[0].id]);
    expect((await call('POST', `${base()}/gate-rounds/${roundId}/marks`, guard, { checkpointId: foreign.id })).statusCode).toBe(
      422,
    );
    const unknown = '0190a5e0-0000-7000-8000-000000000000';
    expect((await call('POST', `${base()}/gate-rounds/${roundId}/marks`, guard, { checkpointId: unknown })).statusCode).toBe(422);
    expect((await call('POST', `${base()}/gate-rounds/${roundId}/marks`, guard, {})).statusCode).toBe(400);
    expect(
      (await call('POST', `${base()}/gate-rounds/${roundId}/marks`, guard, { checkpointId: checkpointIds[1], code: 'JD-01' }))
        .statusCode,
    ).toBe(400);
    // The office reads the round but marks nothing of it.
    expect(
      (await call('POST', `${base()}/gate-rounds/${roundId}/marks`, admin, { checkpointId: checkpointIds[1] })).statusCode,
    ).toBe(403);

    // By the tag's code, retried with its Idempotency-Key: the same answer, marked once.
    const key = { ...guard, 'idempotency-key': `mark-${roundId}` };
    const scan = await call('POST', `${base()}/gate-rounds/${roundId}/marks`, key, { code: 'jd-01' });
    const retry = await call('POST', `${base()}/gate-rounds/${roundId}/marks`, key, { code: 'jd-01' });
    expect(scan.statusCode, scan.body).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().markedCount).toBe(2);
    expect(retry.json().marks[1].markedAt).toBe(scan.json().marks[1].markedAt);

    const last = await call('POST', `${base()}/gate-rounds/${roundId}/marks`, guard, {
      checkpointId: checkpointIds[2],
      note: 'Puerta cerrada',
    });
    expect(last.json()).toMatchObject({ status: 'completa', markedCount: 3 });
    expect(last.json().endedAt).toBeTruthy();
    const after = await call('POST', `${base()}/gate-rounds/${roundId}/marks`, guard, { checkpointId: checkpointIds[2] });
    expect(after.statusCode).toBe(409);
    // In the history with its progress.
    const list = (
      await call('GET', `${base()}/gate-rounds${listQuery({ filter: { status: 'completa' }, range: [0, 0] })}`, admin)
    ).json();
    expect(list[0]).toMatchObject({ id: roundId, markedCount: 3, checkpointCount: 3 });
  });

  it('concurrent marks of one checkpoint: one 200, the rest 409', async () => {
    const round = (await call('POST', `${base()}/gate-rounds`, guard, { postId: posts[1].id })).json();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', `${base()}/gate-rounds/${round.id}/marks`, guard, { checkpointId: checkpointIds[1] }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    // Ended incomplete with an observation (required), once.
    expect((await call('POST', `${base()}/gate-rounds/${round.id}/end`, guard, {})).statusCode).toBe(400);
    const ended = await call('POST', `${base()}/gate-rounds/${round.id}/end`, guard, { observation: 'Lluvia fuerte.' });
    expect(ended.json()).toMatchObject({ status: 'incompleta', markedCount: 1 });
    expect((await call('POST', `${base()}/gate-rounds/${round.id}/end`, guard, { observation: 'x' })).statusCode).toBe(409);
  });

  it('a post without active checkpoints refuses a round (422); a checkpoint in a round in progress is not deleted', async () => {
    const post = await call('POST', `${base()}/gate-posts`, admin, { name: 'Garita de prueba' });
    expect((await call('POST', `${base()}/gate-rounds`, guard, { postId: post.json().id })).statusCode).toBe(422);
    const round = (await call('POST', `${base()}/gate-rounds`, guard, { postId: posts[1].id })).json();
    expect((await call('DELETE', `${base()}/gate-checkpoints/${checkpointIds[0]}`, admin)).statusCode).toBe(409);
    await call('POST', `${base()}/gate-rounds/${round.id}/end`, admin, { observation: 'Cerrada por la administración.' });
    expect((await call('DELETE', `${base()}/gate-checkpoints/${checkpointIds[0]}`, admin)).statusCode).toBe(200);
  });

  it('another complex reads nothing of these: its office and a guard of it get 404', async () => {
    // The administrator of Los Álamos and El Bosque asks through El Bosque for a round of Los Álamos.
    expect((await call('GET', `/api/complexes/${bosque}/gate-rounds/${roundId}`, admin)).statusCode).toBe(404);
    const mine = await call('GET', `/api/complexes/${bosque}/gate-rounds${listQuery({})}`, admin);
    expect(mine.json().find((r: { id: string }) => r.id === roundId)).toBeUndefined();
    // A guard of El Bosque is not linked to Los Álamos.
    const created = await call('POST', `/api/complexes/${bosque}/gate-guards`, admin, {
      firstName: 'Bruno',
      lastName: 'Bosque',
      email: 'bruno.bosque@demo.test',
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.sql(
      `update users set password_hash = (select password_hash from users where email = 'guardia@demo.test'), legal_accepted = true
        where email = 'bruno.bosque@demo.test'`,
    );
    const other = await t.login('bruno.bosque@demo.test');
    expect((await call('GET', `${base()}/gate-rounds/${roundId}`, other)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/gate-shifts`, other)).statusCode).toBe(404);
    expect(
      (await call('POST', `${base()}/gate-rounds/${roundId}/marks`, other, { checkpointId: checkpointIds[1] })).statusCode,
    ).toBe(404);
  });

  it('NoFamilyGuard hides the history and the guards from guards (404), not from the office; the own round stays', async () => {
    const round = (await call('POST', `${base()}/gate-rounds`, guard, { postId: posts[1].id })).json();
    await setSwitch('NoFamilyGuard', true);
    try {
      const [shift] = await t.sql<{ id: string }>('select id from gate_shifts where complex_id = ? limit 1', [alamos]);
      for (const path of [
        'gate-shifts',
        'gate-rounds',
        'gate-guards',
        `gate-shifts/${shift.id}`,
        'gate-rounds/export?format=csv',
      ])
        expect((await call('GET', `${base()}/${path}`, guard)).statusCode, path).toBe(404);
      expect((await call('GET', `${base()}/gate-rounds/${round.id}`, guard)).statusCode).toBe(200);
      expect((await call('GET', `${base()}/gate-rounds/current`, guard)).json().round.id).toBe(round.id);
      for (const path of ['gate-shifts', 'gate-rounds', 'gate-guards'])
        expect((await call('GET', `${base()}/${path}`, admin)).statusCode, path).toBe(200);
    } finally {
      await setSwitch('NoFamilyGuard', false);
    }
    expect((await call('GET', `${base()}/gate-rounds`, guard)).statusCode).toBe(200);
  });

  it('residents reach none of it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'residente@demo.test', password: 'demo1234', client: 'app' },
    });
    const resident = { authorization: `Bearer ${res.json().token}` };
    for (const path of ['gate-shifts', 'gate-rounds', 'gate-guards', 'gate-checkpoints'])
      expect((await call('GET', `${base()}/${path}`, resident)).statusCode, path).toBe(403);
  });

  it('a post holds at most its limit of checkpoints, also when one is moved to it', async () => {
    const post = async (name: string) => (await call('POST', `${base()}/gate-posts`, admin, { name })).json().id as string;
    const [full, other] = [await post('Garita llena'), await post('Garita vecina')];
    await t.sql(
      `insert into gate_checkpoints (id, complex_id, post_id, name, position, is_active)
         select gen_random_uuid(), ?, ?, 'Punto ' || n, n, true from generate_series(1, ?) n`,
      [alamos, full, ROUNDS_LIMITS.checkpointsPerPost],
    );
    const more = await call('POST', `${base()}/gate-checkpoints`, admin, { postId: full, name: 'Uno más' });
    expect(more.statusCode).toBe(422);
    expect(more.json().message).toBe(ROUNDS_MESSAGES.tooManyCheckpoints);
    const mine = (await call('POST', `${base()}/gate-checkpoints`, admin, { postId: other, name: 'Viajero' })).json();
    const moved = await call('PUT', `${base()}/gate-checkpoints/${mine.id}`, admin, { postId: full });
    expect(moved.statusCode).toBe(422);
    expect((await call('GET', `${base()}/gate-checkpoints/${mine.id}`, admin)).json().postId).toBe(other);
    for (const id of [full, other]) await call('DELETE', `${base()}/gate-posts/${id}`, admin);
  });
});
