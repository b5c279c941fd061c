// `npm start` builds the admin only when what it is made of changed (scripts/admin-stamp.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputsFingerprint, needsBuild, writeStamp } from '../../scripts/admin-stamp.ts';

let root: string;
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const dist = () => join(root, 'admin', 'dist');
/** Builds (a page and the stamp) as scripts/build-admin.ts does. */
const build = () => {
  put('admin/dist/index.html', '<html></html>');
  writeStamp(dist(), inputsFingerprint(root));
};
const changed = () => needsBuild(dist(), inputsFingerprint(root));

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'conjunto-stamp-'));
  put('admin/src/App.tsx', 'export const a = 1;');
  put('admin/index.html', '<div id="root"></div>');
  put('core/index.ts', 'export {};');
  put('plugins/surveys/admin/index.ts', 'export {};');
  put('plugins/surveys/server/routes.ts', 'export {};');
  put('package-lock.json', '{"lockfileVersion":3}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the admin build stamp', () => {
  it('builds when there is no build, or one without a stamp', () => {
    expect(changed()).toBe(true);
    put('admin/dist/index.html', '<html></html>');
    expect(changed()).toBe(true);
    build();
    expect(changed()).toBe(false);
  });

  it('skips the build when only what the bundle is not made of changed', () => {
    build();
    put('admin/node_modules/x/index.js', '1');
    put('admin/test/a.test.ts', '1');
    put('plugins/surveys/test/a.test.ts', '1');
    put('plugins/surveys/server/routes.ts', 'export const changed = true;');
    put('admin/dist/assets/extra.js', '1');
    expect(changed()).toBe(false);
  });

  it('builds again when a source, a plugin screen, the core or the lockfile changed, or the page is gone', () => {
    for (const [path, text] of [
      ['admin/src/App.tsx', 'export const a = 2;'],
      ['admin/src/new.ts', 'export {};'],
      ['plugins/surveys/admin/index.ts', 'export const b = 1;'],
      ['core/index.ts', 'export const c = 1;'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
    ]) {
      build();
      put(path, text);
      expect(changed(), path).toBe(true);
    }
    build();
    rmSync(join(dist(), 'index.html'));
    expect(changed()).toBe(true);
  });
});
