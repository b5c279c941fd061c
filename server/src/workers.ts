// CPU-heavy work off the event loop that serves requests: a small pool of worker threads (node:worker_threads)
// running exported functions of plugin or host modules (`host.workers.run`). A worker keeps its modules loaded
// between tasks and may run several at once (an async task, e.g. sharp's, waits on libuv's threads, not on
// the worker). Threads start with the first task and stop after a while without any, so a server that never
// runs heavy work pays no memory for them. Written on node:worker_threads rather than a library (piscina...):
// the pool needs one queue-less dispatch, a timeout, abort and crash handling, about a hundred lines.
//
// Tasks must not share state with the main thread: arguments and results are structured-cloned, and the
// ArrayBuffers of a result are moved rather than copied.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { HostWorkers, WorkerRunOptions } from '@conjunto/core';

export interface WorkerPoolOptions {
  /** Threads at most (WORKER_THREADS; default: the cores but one, 1 to 4). */
  size?: number;
  /** A thread with no task for this long stops (ms). */
  idleMs?: number;
  /** Default limit of a task (ms); past it the task fails and its thread is replaced. */
  timeoutMs?: number;
}

/** A task that ran past its limit: its thread was stopped (a task cannot be interrupted otherwise). */
export class WorkerTimeoutError extends Error {
  constructor(ms: number) {
    super(`worker task timed out after ${ms} ms`);
    this.name = 'WorkerTimeoutError';
  }
}

/** The thread running the task ended before the task did (a crash, or another task's timeout). */
export class WorkerExitedError extends Error {
  constructor(reason: string) {
    super(`worker thread ended: ${reason}`);
    this.name = 'WorkerExitedError';
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  idle?: NodeJS.Timeout;
}

interface TaskError {
  name: string;
  message: string;
  code?: unknown;
  stack?: string;
}

/** An error of the worker as an Error of the main thread: its name, message and code survive, the class does not. */
function revive(e: TaskError): Error {
  const error = new Error(e.message);
  error.name = e.name;
  if (e.code !== undefined) (error as Error & { code?: unknown }).code = e.code;
  if (e.stack) error.stack = e.stack;
  return error;
}

const ENTRY = new URL('./worker-entry.ts', import.meta.url);

export interface WorkerPool extends HostWorkers {
  /** Threads alive and tasks run so far (logs, tests). */
  stats(): { threads: number; running: number; completed: number };
  /** Stops every thread; tasks still running fail with WorkerExitedError. */
  close(): Promise<void>;
}

export function createWorkerPool(options: WorkerPoolOptions = {}): WorkerPool {
  const size = Math.max(1, Math.floor(options.size ?? Math.min(4, Math.max(1, availableParallelism() - 1))));
  const idleMs = options.idleMs ?? 30_000;
  const defaultTimeout = options.timeoutMs ?? 120_000;
  const threads: Thread[] = [];
  let nextId = 1;
  let completed = 0;

  const stop = (thread: Thread, reason: string) => {
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    clearTimeout(thread.idle);
    const pending = [...thread.pending.values()];
    thread.pending.clear();
    for (const task of pending) task.reject(new WorkerExitedError(reason));
    void thread.worker.terminate();
  };

  const spawn = (): Thread => {
    const worker = new Worker(ENTRY);
    // An idle pool never keeps the process alive; a running task does (its promise is awaited).
    worker.unref();
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (message: { id: number; result?: unknown; error?: TaskError }) => {
      const task = thread.pending.get(message.id);
      if (!task) return;
      thread.pending.delete(message.id);
      completed++;
      if (message.error) task.reject(revive(message.error));
      else task.resolve(message.result);
    });
    worker.on('error', (error) => stop(thread, error.message));
    worker.on('exit', (code) => stop(thread, `exit code ${code}`));
    threads.push(thread);
    return thread;
  };

  /** The least busy thread, a new one while below the size and none is free. */
  const pick = (): Thread => {
    const free = threads.find((t) => t.pending.size === 0);
    if (free) return free;
    if (threads.length < size) return spawn();
    return threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  };

  return {
    run<T>(module: URL | string, fn: string, args: unknown[] = [], opts: WorkerRunOptions = {}): Promise<T> {
      const { signal } = opts;
      if (signal?.aborted) return Promise.reject(signal.reason);
      const thread = pick();
      clearTimeout(thread.idle);
      thread.worker.ref();
      const id = nextId++;
      const timeoutMs = opts.timeoutMs ?? defaultTimeout;
      return new Promise<T>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        // The caller's answer, once: the result, the error, or an abort. The thread's task is tracked apart from it.
        let answered = false;
        const answer = (settle: () => void) => {
          if (answered) return;
          answered = true;
          signal?.removeEventListener('abort', onAbort);
          settle();
        };
        // A task cannot be interrupted: an abort answers the caller at once, while the task keeps counting as the
        // thread's load, under its limit, until it ends (a hung one still gets its thread replaced).
        const onAbort = () => answer(() => reject(signal?.reason));
        const done = () => {
          clearTimeout(timer);
          if (thread.pending.size === 0 && threads.includes(thread)) {
            thread.worker.unref();
            thread.idle = setTimeout(() => stop(thread, 'idle'), idleMs).unref();
          }
        };
        thread.pending.set(id, {
          resolve: (value) => {
            done();
            answer(() => resolve(value as T));
          },
          reject: (error) => {
            done();
            answer(() => reject(error));
          },
        });
        signal?.addEventListener('abort', onAbort, { once: true });
        timer = setTimeout(() => {
          const task = thread.pending.get(id);
          if (!task) return;
          thread.pending.delete(id);
          task.reject(new WorkerTimeoutError(timeoutMs));
          // Whatever it is doing holds the thread: replace it (its other tasks fail with WorkerExitedError).
          stop(thread, 'a task timed out');
        }, timeoutMs);
        try {
          thread.worker.postMessage({ id, module: String(module), fn, args });
        } catch (error) {
          // Arguments that cannot be sent (a function, a structure too deep to clone): no task was started.
          const task = thread.pending.get(id);
          thread.pending.delete(id);
          task?.reject(error);
        }
      });
    },
    size,
    stats: () => ({
      threads: threads.length,
      running: threads.reduce((n, t) => n + t.pending.size, 0),
      completed,
    }),
    async close() {
      for (const thread of [...threads]) stop(thread, 'pool closed');
    },
  };
}

let shared: WorkerPool | undefined;

/** The process's pool (every app of the process shares it; its threads stop when idle). */
export function workerPool(): WorkerPool {
  shared ??= createWorkerPool({
    size: process.env.WORKER_THREADS ? Number(process.env.WORKER_THREADS) || undefined : undefined,
  });
  return shared;
}

/** The process's pool as plugins see it (HostServices.workers, JobContext.workers). */
export const sharedWorkers: HostWorkers = {
  run: (module, fn, args, options) => workerPool().run(module, fn, args, options),
  get size() {
    return workerPool().size;
  },
};
