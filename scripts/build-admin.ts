// `npm start`'s first step: builds the admin into admin/dist unless nothing it is made of changed since the last
// build (scripts/admin-stamp.ts). `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { inputsFingerprint, needsBuild, writeStamp } from './admin-stamp.ts';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'admin', 'dist');
const fingerprint = inputsFingerprint(root);
if (!needsBuild(dist, fingerprint)) {
  console.log('El admin no cambió desde la última compilación: se usa admin/dist (npm run build lo compila de nuevo).');
} else {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeStamp(dist, fingerprint);
}
