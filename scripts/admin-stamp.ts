// Whether `npm start` must build the admin: a fingerprint of what the bundle is made of (the admin, the shared
// core, the plugins, the lockfile) is kept beside the build; the same fingerprint and a built page mean nothing
// changed since, so the build (a minute on a small machine) is skipped.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The build's inputs, under the repository root: folders walked (minus SKIPPED) and single files. */
export const INPUTS = ['admin', 'core', 'plugins', 'package-lock.json', 'package.json', 'tsconfig.json'];
/** Never part of the bundle: the build itself, installed packages, tests, a plugin's server half. */
const SKIPPED = new Set(['dist', 'node_modules', 'test']);
const PLUGIN_SERVER = /^plugins[\\/][^\\/]+[\\/]server$/;
export const STAMP_FILE = '.build-stamp';

/** The files under `path` (relative to `root`), skipping SKIPPED folders; `path` itself when a file. */
function files(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .filter((e) => !SKIPPED.has(e.name) && !PLUGIN_SERVER.test(join(path, e.name)))
    .flatMap((e) => (e.isDirectory() ? files(root, join(path, e.name)) : e.isFile() ? [join(path, e.name)] : []));
}

/** sha256 over the inputs' paths and contents, in a fixed order. */
export function inputsFingerprint(root: string, inputs: readonly string[] = INPUTS): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => files(root, input)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** A build is needed unless `dist` holds a page built from inputs with this fingerprint. */
export function needsBuild(dist: string, fingerprint: string): boolean {
  if (!existsSync(join(dist, 'index.html'))) return true;
  const stamp = join(dist, STAMP_FILE);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== fingerprint;
}

export function writeStamp(dist: string, fingerprint: string): void {
  writeFileSync(join(dist, STAMP_FILE), `${fingerprint}\n`);
}
