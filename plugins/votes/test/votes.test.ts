// The votes API against the real database (fastify inject): spec 002 §5's texts and limits, one ballot per unit
// changed until the end, residents only for their own unit, exact weighted results and quorum, the arrears
// exclusion with accounting on and its degrade when off, proxies, files, reports and roles.
import { multipart, startTestServer, type TestServer } from '@conjunto/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOTE_MESSAGES, VOTE_OPEN_MAX, VOTE_QUESTIONS_MAX } from '../manifest.ts';
import { aliquotText, aliquotUnits, percent } from '../server/votes.ts';

let t: TestServer;
let alamos: string;
let base: string;
let admin: { authorization: string };
let resident: { authorization: string };
let tenant: { authorization: string };
let third: { authorization: string };
let units: { casa1: string; casa3: string; casa4: string; casa2: string };

const HOUR = 3_600_000;
const future = (hours = 24) => new Date(Date.now() + hours * HOUR).toISOString();
const question = (text = '¿Aprueba el presupuesto?', options = ['Sí', 'No']) => ({ text, options });

beforeAll(async () => {
  t = await startTestServer();
  alamos = await t.complexId('alamos');
  base = `/api/complexes/${alamos}/votes`;
  admin = await t.login('admin@demo.test');
  // A third resident of Los Álamos (the owner of Casa 3) signs in with the demo password.
  const [owner3] = await t.sql<{ email: string }>(
    `select u.email from users u join units un on un.id = u.unit_id where un.complex_id = ? and un.number = 'Casa 3' and un.owner_id = u.id`,
    [alamos],
  );
  await t.sql(
    "update users set password_hash = (select password_hash from users where email = 'residente@demo.test') where email = ?",
    [owner3.email],
  );
  resident = await t.login('residente@demo.test');
  tenant = await t.login('inquilino@demo.test');
  third = await t.login(owner3.email);
  const rows = await t.sql<{ id: string; number: string }>(
    "select id, number from units where complex_id = ? and number in ('Casa 1', 'Casa 2', 'Casa 3', 'Casa 4')",
    [alamos],
  );
  const by = (n: string) => rows.find((r) => r.number === n)!.id;
  units = { casa1: by('Casa 1'), casa2: by('Casa 2'), casa3: by('Casa 3'), casa4: by('Casa 4') };
  // Aliquots that do not divide evenly: the weighted sums must still be exact.
  await t.sql("update units set aliquot = '3.3333' where id = ?", [units.casa1]);
  await t.sql("update units set aliquot = '1.0001' where id = ?", [units.casa3]);
  await t.sql("update units set aliquot = '2.5005' where id = ?", [units.casa4]);
}, 180_000);
afterAll(() => t?.close());

const create = (payload: object, headers = admin, url = base) => t.app.inject({ method: 'POST', url, headers, payload });
/** A new vote (the previous test's votes end first: at most VOTE_OPEN_MAX may be open). */
const newVote = async (extra: object = {}) => {
  await t.sql(
    "update votes set ends_at = now() - interval '1 second' where complex_id = ? and title = 'Asamblea de prueba' and ends_at > now()",
    [alamos],
  );
  const res = await create({
    title: 'Asamblea de prueba',
    questions: [question(), question('¿Qué color?', ['Azul', 'Verde', 'Rojo'])],
    endsAt: future(),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const cast = (voteId: string, headers: { authorization: string }, answers: number[], unitId?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/${voteId}/ballots`,
    headers,
    payload: unitId ? { answers, unitId } : { answers },
  });
/** The office's live stream of topic votes.ballot: `until(needle)` waits (5 s) for a text to arrive. */
const liveStream = async () => {
  const url = await t.app
    .listen({ port: 0, host: '127.0.0.1' })
    .catch(() => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`);
  const controller = new AbortController();
  const stream = await fetch(`${url}/api/complexes/${alamos}/events?topics=votes.ballot`, {
    headers: admin,
    signal: controller.signal,
  });
  expect(stream.status).toBe(200);
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const until = async (needle: string) => {
    const deadline = Date.now() + 5000;
    while (!text.includes(needle)) {
      if (Date.now() > deadline) throw new Error(`no ${needle} in ${text}`);
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, no) => setTimeout(() => no(new Error('timeout')), 5000)),
      ]);
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  };
  return { until, text: () => text, close: () => controller.abort() };
};
const results = async (voteId: string, headers = admin) => {
  const res = await t.app.inject({ method: 'GET', url: `${base}/${voteId}/results`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('a new vote: spec 002 §5 texts and limits', () => {
  it('refuses empty questions and options, and . , @ or quotes in any text, field by field', async () => {
    const res = await create({
      title: 'Asamblea, extraordinaria',
      questions: [question('', ['Sí', '']), question('¿Correo@?', ['Sí', "No'"])],
      endsAt: future(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      title: VOTE_MESSAGES.forbiddenChars,
      'questions.0.text': '¡Este campo es requerido!',
      'questions.0.options.1': '¡Este campo es requerido!',
      'questions.1.text': VOTE_MESSAGES.forbiddenChars,
      'questions.1.options.1': VOTE_MESSAGES.forbiddenChars,
    });
    for (const text of ['Uno.', 'a"b', 'c“d', 'x@y']) {
      const r = await create({ title: 'Asamblea', questions: [question(text)], endsAt: future() });
      expect(r.statusCode, text).toBe(400);
    }
  });

  it(`answers 'Límite alcanzado, no se puede añadir más preguntas.' beyond ${VOTE_QUESTIONS_MAX} questions`, async () => {
    const questions = Array.from({ length: VOTE_QUESTIONS_MAX + 1 }, (_, i) => question(`Pregunta ${i + 1}`));
    const res = await create({ title: 'Demasiadas', questions, endsAt: future() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Límite alcanzado, no se puede añadir más preguntas.');
    expect(res.json().errors).toEqual({ questions: 'Límite alcanzado, no se puede añadir más preguntas.' });
    const ok = await create({ title: 'Justas', questions: questions.slice(0, VOTE_QUESTIONS_MAX), endsAt: future() });
    expect(ok.statusCode).toBe(201);
    await t.app.inject({ method: 'DELETE', url: `${base}/${ok.json().id}`, headers: admin });
  });

  it('refuses options beyond the limit, fewer than two, repeated, and an end already passed', async () => {
    const res = await create({
      title: 'Opciones',
      questions: [
        question(
          'A',
          Array.from({ length: 11 }, (_, i) => `O${i}`),
        ),
        question('B', ['Sola']),
        question('C', ['Sí', 'sí']),
      ],
      endsAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'questions.0.options': VOTE_MESSAGES.optionLimit,
      'questions.1.options': VOTE_MESSAGES.optionMin,
      'questions.2.options.1': VOTE_MESSAGES.duplicateOption,
      endsAt: VOTE_MESSAGES.endInPast,
    });
  });

  it('answers a retried creation (same Idempotency-Key) with the first vote, never a second one', async () => {
    await t.sql(
      "update votes set ends_at = now() - interval '1 second' where complex_id = ? and title = 'Asamblea de prueba' and ends_at > now()",
      [alamos],
    );
    const payload = { title: 'Asamblea de prueba', questions: [question()], endsAt: future() };
    const headers = { ...admin, 'idempotency-key': `vote-${Date.now()}` };
    const first = await create(payload, headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await create(payload, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(
      await t.sql(
        "select 1 from votes where complex_id = ? and created_at > now() - interval '1 minute' and id <> ? and title = ? and ends_at = ?",
        [alamos, first.json().id, payload.title, payload.endsAt],
      ),
    ).toHaveLength(0);
  });

  it(`answers 'No se puede crear más votaciones' once ${VOTE_OPEN_MAX} votes are open`, async () => {
    const colina = `/api/complexes/${await t.complexId('colina')}/votes`;
    const colinaAdmin = await t.login('admin2@demo.test');
    const [open] = await t.sql<{ n: number }>('select count(*)::int as n from votes where complex_id = ? and ends_at > now()', [
      await t.complexId('colina'),
    ]);
    for (let i = Number(open.n); i < VOTE_OPEN_MAX; i++) {
      const r = await create({ title: `Votación ${i}`, questions: [question()], endsAt: future() }, colinaAdmin, colina);
      expect(r.statusCode, r.body).toBe(201);
    }
    const over = await create({ title: 'Una más', questions: [question()], endsAt: future() }, colinaAdmin, colina);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: 'No se puede crear más votaciones', code: 'VOTE_LIMIT' });
  });
});

describe('ballots: one per unit, changed until the end, only for the own unit', () => {
  it('casts, changes in place, and refuses after the end with a clear Spanish text', async () => {
    const vote = await newVote();
    const first = await cast(vote.id, resident, [0, 2]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      unitId: units.casa1,
      unitNumber: 'Casa 1',
      answers: [0, 2],
      changed: false,
      viaProxy: false,
    });
    const again = await cast(vote.id, resident, [1, 1]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ answers: [1, 1], changed: true });
    const rows = await t.sql<{ answers: number[] }>('select answers from vote_ballots where vote_id = ?', [vote.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].answers.map(Number)).toEqual([1, 1]);
    // Answers must name one option of each question.
    for (const answers of [[0], [0, 3], [2, 0], [0, 0, 0]]) expect((await cast(vote.id, resident, answers)).statusCode).toBe(400);
    // The end passes: no new ballot, no change.
    await t.sql("update votes set ends_at = now() - interval '1 minute' where id = ?", [vote.id]);
    for (const headers of [resident, tenant]) {
      const late = await cast(vote.id, headers, [0, 0]);
      expect(late.statusCode).toBe(422);
      expect(late.json()).toMatchObject({
        code: 'VOTE_FINISHED',
        message: 'La votación ya finalizó: no se puede votar ni cambiar el voto.',
      });
    }
    // Finalizada is set when listing (spec 002 §4).
    const list = await t.app.inject({
      method: 'GET',
      url: `${base}?filter=${encodeURIComponent('{"finished":true}')}`,
      headers: admin,
    });
    expect(list.json().map((v: { id: string }) => v.id)).toContain(vote.id);
    expect((await t.sql<{ finished: boolean }>('select finished from votes where id = ?', [vote.id]))[0].finished).toBe(true);
  });

  it("refuses a ballot for another unit (403) and another complex's votes (403/404)", async () => {
    const vote = await newVote();
    const other = await cast(vote.id, resident, [0, 0], units.casa2);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(VOTE_MESSAGES.notYourUnit);
    expect(await t.sql('select 1 from vote_ballots where vote_id = ?', [vote.id])).toHaveLength(0);
    const bosque = await t.complexId('bosque');
    const [foreign] = await t.sql<{ id: string }>('select id from votes where complex_id = ? limit 1', [bosque]);
    const list = await t.app.inject({ method: 'GET', url: `/api/complexes/${bosque}/votes`, headers: resident });
    expect([403, 404]).toContain(list.statusCode);
    // The other complex's vote through the resident's own complex: not found.
    expect((await cast(foreign.id, resident, [0, 0])).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${base}/${foreign.id}/results`, headers: resident })).statusCode).toBe(404);
    for (const lists of ['', '?lists=false']) {
      const foreignOffice = await t.app.inject({ method: 'GET', url: `${base}/${foreign.id}/results${lists}`, headers: admin });
      expect(foreignOffice.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `${base}/no-es-un-id/results${lists}`, headers: admin })).statusCode).toBe(
        404,
      );
    }
  });

  it('shows residents the figures but no voters, and the office who voted and who did not', async () => {
    const vote = await newVote();
    await cast(vote.id, resident, [0, 0]);
    const mine = await results(vote.id, resident);
    expect(mine.voters).toBeUndefined();
    expect(mine.nonVoters).toBeUndefined();
    expect(JSON.stringify(mine)).not.toContain(units.casa1);
    const office = await results(vote.id, await t.login('directiva@demo.test'));
    expect(office.voters.map((v: { unitNumber: string }) => v.unitNumber)).toEqual(['Casa 1']);
    expect(office.nonVoters.length).toBe(office.quorum.eligibleUnits - 1);
    expect(office.nonVoters.map((v: { unitId: string }) => v.unitId)).not.toContain(units.casa1);
    // lists=false: the figures and the quorum only (what the live screen reloads on each ballot).
    const figures = await t.app.inject({ method: 'GET', url: `${base}/${vote.id}/results?lists=false`, headers: admin });
    expect(figures.json().voters).toBeUndefined();
    expect(figures.json().quorum.votedUnits).toBe(1);
  });
});

describe('results: per unit and weighted by aliquot, exact, with the quorum', () => {
  it('counts the units recorded as present beside those that voted, each once, live; only the administrators record', async () => {
    const vote = await newVote({ weighted: true });
    const mark = (unitId: string, method: 'PUT' | 'DELETE' = 'PUT', headers = admin) =>
      t.app.inject({ method, url: `${base}/${vote.id}/attendance/${unitId}`, headers });
    const [total] = await t.sql<{ w: string; n: number }>(
      'select sum(round(aliquot * 10000))::bigint::text as w, count(*)::int as n from units where complex_id = ? and is_active',
      [alamos],
    );
    expect((await cast(vote.id, resident, [0, 0])).statusCode).toBe(201); // Casa 1, 3.3333
    const live = await liveStream();
    await live.until('connected');
    const present = await mark(units.casa3); // 1.0001
    expect(present.statusCode, present.body).toBe(200);
    expect(present.json()).toEqual({ voteId: vote.id, unitId: units.casa3, unitNumber: 'Casa 3', present: true });
    expect((await mark(units.casa3)).statusCode).toBe(200); // again: nothing changes
    expect((await mark(units.casa1)).statusCode).toBe(200); // voted and present: counted once
    let r = await results(vote.id);
    expect(r.quorum).toMatchObject({
      votedUnits: 1,
      presentUnits: 2,
      votedAliquot: '3.3333',
      presentAliquot: '4.3334',
      percentage: percent(43_334, Number(total.w)),
      unitPercentage: percent(2, total.n),
    });
    expect(r.nonVoters.find((u: { unitId: string }) => u.unitId === units.casa3).present).toBe(true);
    expect(r.nonVoters.find((u: { unitId: string }) => u.unitId === units.casa4).present).toBe(false);
    expect(
      await t.sql('select 1 from audit_logs where resource = ? and description like ?', ['vote-attendance', '%Casa 3']),
    ).not.toHaveLength(0);
    await live.until(vote.id);
    live.close();
    // Casa 3 votes: still one unit, now at its ballot's weight.
    expect((await cast(vote.id, third, [1, 1])).statusCode).toBe(201);
    expect((await results(vote.id)).quorum).toMatchObject({ votedUnits: 2, presentUnits: 2, presentAliquot: '4.3334' });
    expect((await mark(units.casa1, 'DELETE')).json().present).toBe(false);
    expect((await mark(units.casa4)).statusCode).toBe(200);
    r = await results(vote.id);
    expect(r.quorum).toMatchObject({ presentUnits: 3, presentAliquot: '6.8339' });
    // The board reads; residents do not record; another complex's unit or a bad id is not found.
    expect((await mark(units.casa2, 'PUT', await t.login('directiva@demo.test'))).statusCode).toBe(403);
    expect((await mark(units.casa2, 'PUT', resident)).statusCode).toBe(403);
    const [foreign] = await t.sql<{ id: string }>('select id from units where complex_id <> ? limit 1', [alamos]);
    expect((await mark(foreign.id)).statusCode).toBe(404);
    expect((await mark('no-es-un-id')).statusCode).toBe(404);
    // A unit excluded for arrears does not count, so it cannot be recorded; a finished vote records nothing more.
    await t.sql('insert into vote_exclusions (id, complex_id, vote_id, unit_id) values (gen_random_uuid(), ?, ?, ?)', [
      alamos,
      vote.id,
      units.casa2,
    ]);
    const excluded = await mark(units.casa2);
    expect([excluded.statusCode, excluded.json().message]).toEqual([422, VOTE_MESSAGES.attendanceExcluded]);
    await t.sql("update votes set ends_at = now() - interval '1 second' where id = ?", [vote.id]);
    const closed = await mark(units.casa4, 'DELETE');
    expect([closed.statusCode, closed.json().message]).toEqual([422, VOTE_MESSAGES.attendanceClosed]);
    expect((await results(vote.id)).quorum.presentUnits).toBe(3);
  });

  it('sums aliquots as integers and rounds percentages half-up', async () => {
    const vote = await newVote({ weighted: true });
    expect((await cast(vote.id, resident, [0, 1])).statusCode).toBe(201); // Casa 1, 3.3333
    expect((await cast(vote.id, tenant, [1, 1])).statusCode).toBe(201); // Casa 4, 2.5005
    expect((await cast(vote.id, third, [1, 2])).statusCode).toBe(201); // Casa 3, 1.0001
    const r = await results(vote.id);
    const q0 = r.questions[0];
    expect(q0.options[0]).toEqual({
      index: 0,
      label: 'Sí',
      count: 1,
      percentage: 33.33,
      aliquot: '3.3333',
      weightedPercentage: 48.78,
    });
    expect(q0.options[1]).toEqual({
      index: 1,
      label: 'No',
      count: 2,
      percentage: 66.67,
      aliquot: '3.5006',
      weightedPercentage: 51.22,
    });
    // Weighted decides: No (3.5006) over Sí (3.3333).
    expect(q0.winner).toBe(1);
    expect(r.questions[1].options.map((o: { aliquot: string }) => o.aliquot)).toEqual(['0.0000', '5.8338', '1.0001']);
    // Exactly: 3.3333 / 6.8339 = 48.7759...% -> 48.78; the two shares add up to 100.
    expect(percent(33_333, 68_339)).toBe(48.78);
    expect(aliquotText(aliquotUnits('3.3333') + aliquotUnits('2.5005') + aliquotUnits('1.0001'))).toBe('6.8339');
    // The quorum: the aliquot of the units that voted over the active units' aliquot.
    const [total] = await t.sql<{ w: string; n: number }>(
      'select sum(round(aliquot * 10000))::bigint::text as w, count(*)::int as n from units where complex_id = ? and is_active',
      [alamos],
    );
    expect(r.quorum).toEqual({
      votedUnits: 3,
      presentUnits: 3,
      eligibleUnits: total.n,
      votedAliquot: '6.8339',
      presentAliquot: '6.8339',
      eligibleAliquot: aliquotText(Number(total.w)),
      percentage: percent(68_339, Number(total.w)),
      unitPercentage: percent(3, total.n),
    });
  });

  it('never counts above 100 %: a ballot of a unit excluded or deactivated since it voted leaves the quorum', async () => {
    const vote = await newVote({ weighted: true });
    expect((await cast(vote.id, resident, [0, 0])).statusCode).toBe(201); // Casa 1
    expect((await cast(vote.id, tenant, [0, 0])).statusCode).toBe(201); // Casa 4
    expect((await results(vote.id)).quorum.votedUnits).toBe(2);
    await t.sql('insert into vote_exclusions (id, complex_id, vote_id, unit_id) values (gen_random_uuid(), ?, ?, ?)', [
      alamos,
      vote.id,
      units.casa1,
    ]);
    await t.sql('update units set is_active = false where id = ?', [units.casa4]);
    try {
      const r = await results(vote.id);
      expect(r.ballots).toBe(2);
      expect(r.quorum).toMatchObject({ votedUnits: 0, votedAliquot: '0.0000', percentage: 0, unitPercentage: 0 });
      const listed = await t.app.inject({ method: 'GET', url: `${base}/${vote.id}`, headers: admin });
      expect(listed.json()).toMatchObject({ ballotCount: 2, participation: 0 });
    } finally {
      await t.sql('update units set is_active = true where id = ?', [units.casa4]);
    }
  });

  it('keeps one ballot per unit under concurrent casts', async () => {
    const vote = await newVote();
    const answers = await Promise.all([0, 1, 0, 1, 0, 1].map((a) => cast(vote.id, resident, [a, a])));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await t.sql('select 1 from vote_ballots where vote_id = ?', [vote.id])).toHaveLength(1);
  });

  it('publishes each ballot live on topic votes.ballot, to the complex only', async () => {
    const vote = await newVote();
    const { until, text, close } = await liveStream();
    await until('connected');
    expect((await cast(vote.id, resident, [0, 0])).statusCode).toBe(201);
    await until(vote.id);
    expect(text()).toContain('votes.ballot');
    // The payload names the vote only: no figures reach subscribers who may not see them.
    expect(text()).toContain(JSON.stringify({ voteId: vote.id }));
    expect(text()).not.toContain('"ballots"');
    close();
  });

  it('audits every ballot: its casting and each change', async () => {
    const vote = await newVote();
    expect((await cast(vote.id, resident, [0, 0])).statusCode).toBe(201);
    expect((await cast(vote.id, resident, [1, 0])).statusCode).toBe(200);
    const rows = await t.sql<{ action: string; changes: { unitId: string; answers: number[] } }>(
      "select action, changes from audit_logs where resource = 'vote-ballots' and changes->>'voteId' = ? order by at",
      [vote.id],
    );
    expect(rows.map((r) => [r.action, r.changes.unitId, r.changes.answers])).toEqual([
      ['create', units.casa1, [0, 0]],
      ['update', units.casa1, [1, 0]],
    ]);
  });
});

describe('arrears: excluded with accounting on, nobody excluded (and said so) with it off', () => {
  const modules = async (on: boolean) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/complexes/${alamos}/modules`,
      headers: await t.login('superadmin@demo.test'),
      payload: { Contabilidad: on },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };

  it('leaves the units with overdue charges out of the vote and the quorum', async () => {
    await modules(true);
    const overdue = await t.sql<{ unit_id: string }>(
      `select distinct unit_id from receivables where complex_id = ? and balance > 0 and due_date <= (now() at time zone 'America/Guayaquil')::date`,
      [alamos],
    );
    expect(overdue.length, 'the demo has units in arrears').toBeGreaterThan(0);
    const vote = await newVote({ excludeArrears: true });
    expect(vote.arrears).toEqual({ status: 'applied' });
    const [audit] = await t.sql<{ changes: { arrears: string } }>(
      "select changes from audit_logs where resource = 'votes' and record_id = ? and action = 'create'",
      [vote.id],
    );
    expect(audit.changes.arrears).toBe('Aplicada');
    expect(vote.excludedUnits).toBe(overdue.length);
    const r = await results(vote.id);
    expect(r.excludedUnits).toBe(overdue.length);
    const [active] = await t.sql<{ n: number }>('select count(*)::int as n from units where complex_id = ? and is_active', [
      alamos,
    ]);
    expect(r.quorum.eligibleUnits).toBe(active.n - overdue.length);
    // A resident of an excluded unit may not vote; one of a unit in good standing may.
    const excluded = new Set(overdue.map((o) => o.unit_id));
    for (const [headers, unitId] of [
      [resident, units.casa1],
      [tenant, units.casa4],
      [third, units.casa3],
    ] as const) {
      const res = await cast(vote.id, headers, [0, 0]);
      if (excluded.has(unitId)) expect(res.json()).toMatchObject({ code: 'UNIT_IN_ARREARS', message: VOTE_MESSAGES.excluded });
      else expect(res.statusCode).toBe(201);
    }
  });

  it('degrades when accounting is switched off: nobody excluded, and the answer says why', async () => {
    await modules(false);
    const vote = await newVote({ excludeArrears: true });
    // The audit log keeps the reason in Spanish, never the API's code.
    const [audit] = await t.sql<{ changes: { arrears: string; excludedUnits: number } }>(
      "select changes from audit_logs where resource = 'votes' and record_id = ? and action = 'create'",
      [vote.id],
    );
    expect(audit.changes.arrears).toBe(vote.arrears.message);
    expect(audit.changes.excludedUnits).toBe(0);
    expect(vote.arrears).toMatchObject({ status: 'unavailable', reason: 'switched-off' });
    expect(vote.arrears.message).toContain('no se excluyó a ninguna unidad');
    expect(vote.excludedUnits).toBe(0);
    expect(vote.arrearsApplied).toBe(false);
    await modules(true);
  });
});

describe('proxies: a unit gives its vote to another resident, who casts it', () => {
  it('records, audits and lists the proxy; the holder votes for the unit; the unit itself may not', async () => {
    const vote = await newVote();
    const proxy = await t.app.inject({
      method: 'POST',
      url: `${base}/${vote.id}/proxies`,
      headers: resident,
      payload: { holderEmail: 'inquilino@demo.test' },
    });
    expect(proxy.statusCode, proxy.body).toBe(201);
    expect(proxy.json()).toMatchObject({ unitId: units.casa1, unitNumber: 'Casa 1' });
    // A second proxy of the same unit is refused.
    const twice = await t.app.inject({
      method: 'POST',
      url: `${base}/${vote.id}/proxies`,
      headers: resident,
      payload: { holderEmail: 'inquilino@demo.test' },
    });
    expect(twice.statusCode).toBe(409);
    // The delegating unit's resident may no longer vote; the holder votes for it and for their own unit.
    const own = await cast(vote.id, resident, [0, 0]);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(VOTE_MESSAGES.delegated);
    const byProxy = await cast(vote.id, tenant, [1, 0], units.casa1);
    expect(byProxy.statusCode, byProxy.body).toBe(201);
    expect(byProxy.json()).toMatchObject({ unitNumber: 'Casa 1', viaProxy: true });
    expect((await cast(vote.id, tenant, [0, 0])).json()).toMatchObject({ unitNumber: 'Casa 4', viaProxy: false });
    // Without a proxy, another unit stays out of reach.
    expect((await cast(vote.id, third, [0, 0], units.casa1)).statusCode).toBe(403);
    const mine = await t.app.inject({ method: 'GET', url: `${base}/${vote.id}/my-ballots`, headers: tenant });
    expect(mine.json().units.map((u: { unitNumber: string }) => u.unitNumber)).toEqual(['Casa 4', 'Casa 1']);
    const office = await results(vote.id);
    expect(office.proxies).toHaveLength(1);
    expect(office.voters.find((v: { unitNumber: string }) => v.unitNumber === 'Casa 1')).toMatchObject({ viaProxy: true });
    expect(
      await t.sql("select 1 from audit_logs where resource = 'vote-proxies' and record_id = ?", [proxy.json().id]),
    ).toHaveLength(1);
    // Revoked by the unit: the resident votes again (replacing the proxy's ballot).
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `${base}/${vote.id}/proxies/${proxy.json().id}`,
      headers: resident,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await cast(vote.id, resident, [0, 1])).statusCode).toBe(200);
  });

  it("lets the office record a unit's proxy letter for any unit and resident; the board may not", async () => {
    const vote = await newVote();
    const [holder] = await t.sql<{ id: string }>("select id from users where email = 'inquilino@demo.test'");
    const board = await t.login('directiva@demo.test');
    const denied = await t.app.inject({
      method: 'POST',
      url: `${base}/${vote.id}/proxies`,
      headers: board,
      payload: { unitId: units.casa3, holderId: holder.id },
    });
    expect(denied.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/${vote.id}/proxies`,
      headers: admin,
      payload: { unitId: units.casa3, holderId: holder.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ unitNumber: 'Casa 3', holderId: holder.id, grantedByName: 'Andrea Administradora' });
    expect((await cast(vote.id, third, [0, 0])).statusCode).toBe(409);
    expect((await cast(vote.id, tenant, [1, 1], units.casa3)).json()).toMatchObject({ unitNumber: 'Casa 3', viaProxy: true });
    // A resident may not name another unit as theirs to delegate.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${base}/${vote.id}/proxies`,
      headers: resident,
      payload: { unitId: units.casa2, holderEmail: 'inquilino@demo.test' },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses a holder who is not a resident of the complex, or oneself', async () => {
    const vote = await newVote();
    for (const holderEmail of ['admin@demo.test', 'nadie@ejemplo.test', 'residente@demo.test']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${base}/${vote.id}/proxies`,
        headers: resident,
        payload: { holderEmail },
      });
      expect(res.statusCode, holderEmail).toBe(422);
    }
  });
});

describe('files, report, roles', () => {
  it("accepts up to 4 files: 'Solo puedes subir máximo 4 archivos.', 'El archivo es demasiado pesado.'", async () => {
    const vote = await newVote();
    const file = (n: number) => ({
      name: 'files',
      filename: `acta${n}.pdf`,
      contentType: 'application/pdf',
      data: Buffer.from(`%PDF-1.4 ${n}`),
    });
    const up = (parts: ReturnType<typeof file>[]) => {
      const body = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: `${base}/${vote.id}/files`,
        headers: { ...admin, ...body.headers },
        payload: body.payload,
      });
    };
    expect((await up([file(1), file(2), file(3)])).statusCode).toBe(201);
    const over = await up([file(4), file(5)]);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Solo puedes subir máximo 4 archivos.');
    expect((await up([file(4)])).statusCode).toBe(201);
    const detail = await t.app.inject({ method: 'GET', url: `${base}/${vote.id}`, headers: resident });
    expect(detail.json().files).toHaveLength(4);
    expect(detail.json().files[0].url).toBeTruthy();
    const vote2 = await newVote();
    const big = multipart([
      { name: 'files', filename: 'grande.pdf', contentType: 'application/pdf', data: Buffer.alloc(10 * 1024 * 1024 + 1) },
    ]);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: `${base}/${vote2.id}/files`,
      headers: { ...admin, ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('El archivo es demasiado pesado.');
    // Deleting the vote removes its files.
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${vote.id}`, headers: admin })).statusCode).toBe(200);
    expect(await t.sql('select 1 from vote_files where vote_id = ?', [vote.id])).toHaveLength(0);
  });

  const upload = (
    voteId: string,
    parts: { name: string; filename: string; contentType: string; data: Buffer }[],
    headers: Record<string, string> = admin,
  ) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `${base}/${voteId}/files`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const pdf = (name = 'acta.pdf') => ({
    name: 'files',
    filename: name,
    contentType: 'application/pdf',
    data: Buffer.from('%PDF-1.4 acta'),
  });

  it('takes PDF, images and office documents by their content; refuses other types and disguised files', async () => {
    const vote = await newVote();
    for (const part of [
      { name: 'files', filename: 'pagina.html', contentType: 'text/html', data: Buffer.from('<script>alert(1)</script>') },
      { name: 'files', filename: 'acta.pdf', contentType: 'application/pdf', data: Buffer.from('<html>not a pdf</html>') },
      { name: 'files', filename: 'foto.png', contentType: 'image/png', data: Buffer.from('GIF89a') },
    ]) {
      const res = await upload(vote.id, [part]);
      expect(res.statusCode, part.filename).toBe(400);
    }
    expect(await t.sql('select 1 from vote_files where vote_id = ?', [vote.id])).toHaveLength(0);
    const docx = {
      name: 'files',
      filename: 'acta.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      data: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]),
    };
    const png = {
      name: 'files',
      filename: 'plano.png',
      contentType: 'image/png',
      data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]),
    };
    expect((await upload(vote.id, [pdf(), docx, png])).statusCode).toBe(201);
  });

  it('refuses adding or removing files once the vote has finished (422), and answers a retried upload once', async () => {
    const vote = await newVote();
    const headers = { ...admin, 'idempotency-key': `files-${vote.id}` };
    const first = await upload(vote.id, [pdf()], headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(vote.id, [pdf()], headers);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await t.sql('select 1 from vote_files where vote_id = ?', [vote.id])).toHaveLength(1);
    await t.sql("update votes set ends_at = now() - interval '1 minute' where id = ?", [vote.id]);
    const late = await upload(vote.id, [pdf('otra.pdf')]);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('La votación ya finalizó: no se pueden añadir ni quitar archivos.');
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `${base}/${vote.id}/files/${first.json()[0].id}`,
      headers: admin,
    });
    expect(remove.statusCode).toBe(422);
    expect(await t.sql('select 1 from vote_files where vote_id = ?', [vote.id])).toHaveLength(1);
  });

  it('keeps at most 4 files under concurrent uploads (the vote row is locked while counting)', async () => {
    const vote = await newVote();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(vote.id, [pdf(`acta${i}.pdf`)])));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(2);
    expect(await t.sql('select 1 from vote_files where vote_id = ?', [vote.id])).toHaveLength(4);
  });

  it('downloads the report as PDF and Excel; the board reads but does not write; residents do not manage', async () => {
    const vote = await newVote();
    await cast(vote.id, resident, [0, 0]);
    const board = await t.login('directiva@demo.test');
    const pdf = await t.app.inject({ method: 'GET', url: `${base}/${vote.id}/report?format=pdf`, headers: board });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await t.app.inject({ method: 'GET', url: `${base}/${vote.id}/report?format=xlsx`, headers: admin });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await create({ title: 'Directiva', questions: [question()], endsAt: future() }, board)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${vote.id}`, headers: board })).statusCode).toBe(403);
    expect((await create({ title: 'Residente', questions: [question()], endsAt: future() }, resident)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${base}/${vote.id}/report`, headers: resident })).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: base, headers: resident });
    expect(list.statusCode).toBe(200);
    expect(list.json().find((v: { id: string }) => v.id === vote.id)).toMatchObject({ ballotCount: 1, finished: false });
  });

  it("exports the list (CSV) with the Finalizada column, and closes every route when the complex's switch 'Votaciones' is off", async () => {
    const csv = await t.app.inject({ method: 'GET', url: `${base}/export?format=csv`, headers: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Finalizada');
    expect(csv.body).toContain('Asamblea ordinaria 2027');
    const staff = await t.login('superadmin@demo.test');
    const toggle = (on: boolean) =>
      t.app.inject({ method: 'PUT', url: `/api/complexes/${alamos}/modules`, headers: staff, payload: { Votaciones: on } });
    expect((await toggle(false)).statusCode).toBeLessThan(300);
    const [vote] = await t.sql<{ id: string }>('select id from votes where complex_id = ? limit 1', [alamos]);
    for (const url of [base, `${base}/${vote.id}/results`])
      for (const headers of [admin, resident]) expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(404);
    expect((await cast(vote.id, resident, [0, 0])).statusCode).toBe(404);
    expect((await toggle(true)).statusCode).toBeLessThan(300);
    expect((await t.app.inject({ method: 'GET', url: base, headers: resident })).statusCode).toBe(200);
  });
});
