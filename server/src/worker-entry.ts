// A thread of the worker pool (workers.ts): runs `fn` of `module` for each message and answers its result or
// its error. Modules are imported once per thread and kept.
import { parentPort } from 'node:worker_threads';

type Task = { id: number; module: string; fn: string; args: unknown[] };

const port = parentPort;
if (!port) throw new Error('worker-entry.ts runs only as a worker thread');

/** The ArrayBuffers of a result, moved to the main thread rather than copied (views of a shared pool are copied). */
function transferables(value: unknown, found: ArrayBuffer[] = [], depth = 0): ArrayBuffer[] {
  if (depth > 3 || value === null || typeof value !== 'object') return found;
  if (ArrayBuffer.isView(value)) {
    const buffer = value.buffer;
    if (
      buffer instanceof ArrayBuffer &&
      value.byteOffset === 0 &&
      value.byteLength === buffer.byteLength &&
      !found.includes(buffer)
    )
      found.push(buffer);
    return found;
  }
  for (const item of Array.isArray(value) ? value : Object.values(value)) transferables(item, found, depth + 1);
  return found;
}

port.on('message', async ({ id, module, fn, args }: Task) => {
  try {
    const loaded = (await import(module)) as Record<string, unknown>;
    const run = loaded[fn];
    if (typeof run !== 'function') throw new Error(`${module} exports no function ${fn}`);
    const result = await run(...args);
    try {
      port.postMessage({ id, result }, transferables(result));
    } catch {
      // A buffer that cannot be moved (memory owned by a native module) is copied.
      port.postMessage({ id, result });
    }
  } catch (caught) {
    const error = caught instanceof Error ? caught : new Error(String(caught));
    port.postMessage({
      id,
      error: { name: error.name, message: error.message, code: (error as Error & { code?: unknown }).code, stack: error.stack },
    });
  }
});
