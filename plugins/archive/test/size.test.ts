import { describe, expect, it } from 'vitest';
import { formatBytes } from '../size.ts';

describe('formatBytes', () => {
  it('shows bytes, KB, MB and GB with 2 decimals', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(null)).toBe('0 bytes');
    expect(formatBytes(-5)).toBe('0 bytes');
    expect(formatBytes(Number.NaN)).toBe('0 bytes');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1024)).toBe('1.00 KB');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.50 MB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20.00 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.25 GB');
    expect(formatBytes(5 * 1024 ** 4)).toBe('5120.00 GB');
    expect(formatBytes('2048')).toBe('2.00 KB');
  });
  it('never shows 1024.00 of a unit', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.00 MB');
    expect(formatBytes(1024 ** 3 - 1)).toBe('1.00 GB');
  });
});
