// Days are typed as DD/MM/YYYY everywhere (core/ui/DayInput.tsx). react-admin's DateInput is the browser's own date
// field, which follows the browser's locale: an English browser shows mm/dd/yyyy beside our DD/MM/YYYY.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

function screens(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : screens(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

describe('day fields', () => {
  it("use DayInput, never react-admin's DateInput", () => {
    const roots = [join(ROOT, 'admin/src'), ...readdirSync(join(ROOT, 'plugins')).map((p) => join(ROOT, 'plugins', p, 'admin'))];
    const files = roots.flatMap((dir) => {
      try {
        return screens(dir);
      } catch {
        return [];
      }
    });
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => /<DateInput\b/.test(readFileSync(file, 'utf8')))
      .map((f) => f.slice(ROOT.length + 1));
    expect(offenders).toEqual([]);
  });
});
