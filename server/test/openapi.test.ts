// The API document (/api/docs/json) is valid OpenAPI 3.1 with no lint error (redocly.yaml's rules), and every
// operation can be called from it: each names its path parameters (complexId included), has an operationId and
// a summary, and documents its error answers through the shared Error schema.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

// biome-ignore lint/suspicious/noExplicitAny: the document is walked freely; the assertions check it
type Json = Record<string, any>;
let t: TestServer;
let doc: Json;
beforeAll(async () => {
  t = await startTestServer();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t?.close());

const operations = () =>
  Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ path, method, op: op as Json })),
  );

describe('the OpenAPI document', () => {
  it('lints without errors', async () => {
    const root = resolve(import.meta.dirname, '../..');
    const config = await createConfig(readFileSync(resolve(root, 'redocly.yaml'), 'utf8'), {
      configPath: resolve(root, 'redocly.yaml'),
    });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: resolve(root, 'openapi.json'), config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} ${p.location?.[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('names every path parameter of every operation, complexId included, and gives each an operationId and a summary', () => {
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      const declared = (op.parameters ?? []).filter((p: Json) => p.in === 'path').map((p: Json) => p.name);
      for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) expect(declared, where).toContain(name);
      expect(op.operationId, where).toBeTruthy();
      expect(ids.has(op.operationId), `${where}: ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId);
      expect(op.summary, where).toBeTruthy();
    }
    expect(ids.size).toBeGreaterThan(100);
  });

  it('documents the errors through the shared Error schema, and lists their Content-Range', () => {
    expect(doc.components.schemas.Error.properties).toHaveProperty('message');
    const units = doc.paths['/api/complexes/{complexId}/units'].get;
    expect(units.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(units.responses['200'].headers).toHaveProperty('Content-Range');
    const upload =
      doc.paths['/api/complexes/{complexId}/faces/imports']?.post ??
      operations().find((o) => o.op.requestBody?.content?.['multipart/form-data'])?.op;
    expect(upload?.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });
});
