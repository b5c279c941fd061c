// The worker pool behind host.workers: CPU-heavy tasks run off the event loop, errors keep their name, message
// and code, a task past its limit fails and its thread is replaced, a crashed thread too, an abort answers at
// once, and idle threads stop.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerExitedError, type WorkerPool, WorkerTimeoutError } from '../src/workers.ts';

const TASKS = new URL('./fixtures/worker-tasks.ts', import.meta.url);

describe('worker pool', () => {
  let pool: WorkerPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('runs CPU-heavy work without blocking the event loop, and answers the bytes it made', async () => {
    pool = createWorkerPool({ size: 1 });
    // The thread's start and module load are not what is measured.
    await pool.run(TASKS, 'later', [0, null]);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const started = performance.now();
    // Ticks of the loop while the task runs: a blocked loop would show one delay as long as the task.
    const ticks = setInterval(() => {}, 5);
    const result = await pool.run<{ digest: string; bytes: Uint8Array }>(TASKS, 'spin', [50, 6]);
    const taskMs = performance.now() - started;
    clearInterval(ticks);
    delay.disable();
    expect(result.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(result.bytes).toBeInstanceOf(Uint8Array);
    expect(result.bytes.length).toBe(1024);
    expect(taskMs).toBeGreaterThan(150);
    // The loop stayed free: its longest delay is a small part of the task's time (a blocked loop waits the whole
    // task at once; a busy machine may still pause this process now and then, hence half, not a fixed figure).
    expect(delay.max / 1e6).toBeLessThan(taskMs / 2);
  });

  it('answers the error of a task with its name, message and code', async () => {
    pool = createWorkerPool({ size: 1 });
    const error = await pool.run(TASKS, 'fail', ['no such photo']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'RangeError', message: 'no such photo', code: 'E_TASK' });
    const missing = await pool.run(TASKS, 'nothing').catch((e: unknown) => e);
    expect(String(missing)).toMatch(/exports no function nothing/);
    // The thread is still there for the next task.
    expect(await pool.run(TASKS, 'later', [1, 'ok'])).toBe('ok');
    expect(pool.stats().threads).toBe(1);
  });

  it('fails a task past its limit, replaces its thread and keeps serving', async () => {
    pool = createWorkerPool({ size: 1 });
    const started = performance.now();
    const error = await pool.run(TASKS, 'forever', [], { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTimeoutError);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await pool.run(TASKS, 'later', [1, 42])).toBe(42);
    expect(pool.stats()).toMatchObject({ threads: 1, running: 0 });
  });

  it('fails the tasks of a thread that ends under them, and starts another', async () => {
    pool = createWorkerPool({ size: 1 });
    const waiting = pool.run(TASKS, 'later', [2000, 'never']).catch((e: unknown) => e);
    const crashed = await pool.run(TASKS, 'crash').catch((e: unknown) => e);
    expect(crashed).toBeInstanceOf(WorkerExitedError);
    expect(await waiting).toBeInstanceOf(WorkerExitedError);
    expect(await pool.run(TASKS, 'later', [1, 'again'])).toBe('again');
  });

  it('answers an abort at once, before or during the task', async () => {
    pool = createWorkerPool({ size: 1 });
    const before = new AbortController();
    before.abort(new Error('stopping'));
    await expect(pool.run(TASKS, 'later', [1, 1], { signal: before.signal })).rejects.toThrow('stopping');
    const during = new AbortController();
    const started = performance.now();
    const run = pool.run(TASKS, 'later', [3000, 1], { signal: during.signal });
    setTimeout(() => during.abort(new Error('claim lost')), 50);
    await expect(run).rejects.toThrow('claim lost');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses arguments it cannot send without holding a task, and keeps serving', async () => {
    pool = createWorkerPool({ size: 1, timeoutMs: 800 });
    await expect(pool.run(TASKS, 'later', [0, () => 1])).rejects.toThrow();
    const deep: unknown[] = [];
    let inner = deep;
    for (let i = 0; i < 100_000; i++) {
      const next: unknown[] = [];
      inner[0] = next;
      inner = next;
    }
    await expect(pool.run(TASKS, 'later', [0, deep])).rejects.toThrow();
    expect(pool.stats().running).toBe(0);
    // Past the pool's limit of the refused calls: no phantom task times out and takes this one's thread.
    expect(await pool.run(TASKS, 'later', [1200, 'done'], { timeoutMs: 5000 })).toBe('done');
  });

  it("counts an aborted task as its thread's load until it ends", async () => {
    pool = createWorkerPool({ size: 2 });
    const aborted = new AbortController();
    const busy = pool.run(TASKS, 'later', [6000, 'late'], { signal: aborted.signal });
    aborted.abort(new Error('no longer wanted'));
    await expect(busy).rejects.toThrow('no longer wanted');
    expect(pool.stats().running).toBe(1);
    // The next task gets the other thread instead of waiting 6 s behind the aborted one (a new thread starts in
    // about 100 ms, over a second on a loaded machine).
    const started = performance.now();
    expect(await pool.run(TASKS, 'later', [0, 'next'])).toBe('next');
    expect(performance.now() - started).toBeLessThan(4000);
    expect(pool.stats().threads).toBe(2);
  });

  it('spreads tasks over its threads and stops them when idle', async () => {
    pool = createWorkerPool({ size: 2, idleMs: 200 });
    const results = await Promise.all([1, 2, 3, 4].map((n) => pool?.run(TASKS, 'later', [100, n])));
    expect(results).toEqual([1, 2, 3, 4]);
    expect(pool.stats()).toMatchObject({ threads: 2, running: 0, completed: 4 });
    await expect.poll(() => pool?.stats().threads, { timeout: 5000 }).toBe(0);
  });
});
