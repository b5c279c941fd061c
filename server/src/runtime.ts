// How the server's Node runs in production (`npm start`, the Docker image): V8 and allocator settings that keep
// its memory down, applied by main.ts before anything is loaded. The bench starts the app with the same ones.
// No imports here: main.ts reads this before it loads the server.

/**
 * V8's young generation (where every request's short-lived objects go) grew to 128 MB under load by default;
 * 16 MB semi-spaces (32 MB in all) measured the same throughput with about 90 MB less resident memory.
 * The old generation grows to 1.5x what the last full collection kept, not V8's up to 4x for a busy process:
 * under the bench's list load the server peaked at 260 MB instead of 311 MB (60 MB live), for no measurable
 * cost per request.
 */
export const RUNTIME_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'];

/** glibc keeps a malloc arena per thread that ever allocated (libuv's pool, V8's GC helpers): two are enough. */
export const RUNTIME_ENV: Record<string, string> = { MALLOC_ARENA_MAX: '2' };

/** Set by main.ts on the process it becomes, so that it applies the settings once. */
const APPLIED = 'CONJUNTO_RUNTIME_APPLIED';

/**
 * Replaces this process (same pid, so signals and supervisors see one process) with Node started with the
 * settings, unless they are applied already, the operator set them (NODE_OPTIONS or the command line), Node
 * cannot (no process.execve: Windows), or the process talks to a parent (watch mode, a fork with IPC).
 */
export function applyRuntimeSettings(): void {
  const env = process.env;
  if (env[APPLIED] || env.WATCH_REPORT_DEPENDENCIES || process.channel || typeof process.execve !== 'function') return;
  const given = [...process.execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  const flags = RUNTIME_FLAGS.filter((flag) => !given.some((arg) => arg.startsWith(flag.split('=')[0])));
  const extra = Object.fromEntries(Object.entries(RUNTIME_ENV).filter(([key]) => env[key] === undefined));
  if (!flags.length && !Object.keys(extra).length) return;
  process.execve(process.execPath, [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)], {
    ...env,
    ...extra,
    [APPLIED]: '1',
  });
}
