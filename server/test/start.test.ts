// What a newcomer sees on `npm start`: the banner with the demo accounts, a warning when the demo listens beyond
// this machine, and no JSON line per request at the default level in demo mode (errors still logged).
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startBanner } from '../src/banner.ts';
import { loadConfig } from '../src/config.ts';
import { startTestServer } from './harness.ts';

const demo = { port: 3000, host: '127.0.0.1', dataDir: '/tmp/data', apiDocs: true, seedDemo: true };

describe('the start banner', () => {
  it('lists the demo accounts and their password, without a warning on this machine', () => {
    const banner = startBanner(demo, true);
    const text = banner.lines.join('\n');
    expect(text).toContain('Conjunto escucha en http://localhost:3000');
    expect(text).toContain('Contraseña de todas las cuentas: demo1234');
    expect(text).toContain('admin@demo.test');
    expect(text).toContain('multi@demo.test');
    expect(banner.warning).toBeUndefined();
    expect(startBanner({ ...demo, host: '::1' }, false).warning).toBeUndefined();
  });

  it('warns when the demo, whose passwords are published, listens beyond this machine', () => {
    for (const host of ['0.0.0.0', '192.168.1.20', '::']) {
      const { warning } = startBanner({ ...demo, host }, false);
      expect(warning, host).toContain(`¡ATENCIÓN! Modo demo accesible desde la red (HOST=${host})`);
      expect(warning, host).toContain('demo1234');
    }
    // Without demo data there are no published passwords.
    expect(startBanner({ ...demo, host: '0.0.0.0', seedDemo: false }, false).warning).toBeUndefined();
    expect(startBanner({ ...demo, host: '0.0.0.0', seedDemo: false }, false).lines.join('\n')).not.toContain('demo1234');
  });
});

/** The log lines (parsed) of a test server at `level`, with the environment `env`, after `run`. */
async function logLines(
  level: string,
  env: Record<string, string>,
  run: (inject: (url: string) => Promise<unknown>) => Promise<void>,
) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const t = await startTestServer({ env, logger: { level, stream } });
  try {
    await run((url) => t.app.inject({ method: 'GET', url }));
  } finally {
    await t.close();
  }
  return lines;
}

describe('request logs', () => {
  const fiveRequests = async (inject: (url: string) => Promise<unknown>) => {
    for (let i = 0; i < 5; i++) await inject('/api/health');
  };

  it('keeps them out of the default level in demo mode', async () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).seedDemo).toBe(true);
    const lines = await logLines('info', {}, fiveRequests);
    expect(lines.filter((l) => /request/.test(l.msg))).toEqual([]);
  }, 90_000);

  it('writes them at debug in demo mode (LOG_LEVEL=debug)', async () => {
    const lines = await logLines('debug', {}, fiveRequests);
    expect(lines.filter((l) => l.msg === 'request completed' && l.level === 20)).toHaveLength(5);
  }, 90_000);

  it('logs every request at info outside demo mode', async () => {
    const lines = await logLines('info', { SEED_DEMO: 'false' }, async (inject) => {
      await inject('/api/health');
    });
    expect(lines.filter((l) => l.msg === 'request completed' && l.level === 30)).toHaveLength(1);
  }, 90_000);
});
