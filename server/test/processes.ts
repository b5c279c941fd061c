// The server as real child processes, for tests that need a process boundary (a port in use, SIGTERM, SIGKILL
// between a commit and what follows it, several processes on one database).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

export interface Child {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `entry` (default: `npm start`'s) with the environment plus `env`; its output is kept (last 2 MB). */
export function spawnServer(env: Record<string, string>, entry = 'server/src/main.ts'): Child {
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2_000_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { process: child, output: () => output, exited: new Promise((done) => child.once('exit', (code, signal) => done(code ?? (signal ? -1 : null)))) };
}

export async function waitHealthy(base: string, child: Child): Promise<void> {
  for (const deadline = Date.now() + 90_000; ; ) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    if (Date.now() > deadline || child.process.exitCode !== null || child.process.signalCode !== null) throw new Error(`the server did not start\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
