// Configuration defaults that decide who can reach the server and what it publishes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestServer } from './harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'conjunto-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...env });

describe('where the server listens', () => {
  it('listens only on this machine in demo mode (its passwords are published), on every interface otherwise', () => {
    expect(config({}).host).toBe('127.0.0.1');
    expect(config({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(config({ SEED_DEMO: 'false' }).host).toBe('0.0.0.0');
    expect(config({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(config({ NODE_ENV: 'production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });
});

describe('the public address (links in e-mails)', () => {
  it('defaults to localhost on the port, and drops a trailing slash', () => {
    expect(config({}).publicUrl).toBe('http://localhost:3000');
    expect(config({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(config({ PUBLIC_URL: 'https://conjunto.example.com/' }).publicUrl).toBe('https://conjunto.example.com');
  });
});

describe('the API documentation', () => {
  it('is published outside production, and in production only with API_DOCS=true', () => {
    expect(config({}).apiDocs).toBe(true);
    expect(config({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(config({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('answers 404 at /api/docs and /api/docs/json on a production server without API_DOCS', async () => {
    const t = await startTestServer({ env: { NODE_ENV: 'production', SEED_DEMO: 'false' } });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ message: 'No se encontró el registro.', code: 'NOT_FOUND' });
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
