// File sizes as people read them ('1.50 MB'): bytes, KB, MB, GB with 2 decimals (1 KB = 1024 bytes).
// Isomorphic: the server's export and the admin's columns show the same text.

const UNITS = ['KB', 'MB', 'GB'] as const;

/** '512 bytes', '1.50 KB', '20.00 MB', '1.25 GB'; '0 bytes' for a missing or negative size. */
export function formatBytes(bytes: number | string | null | undefined): string {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n <= 0) return '0 bytes';
  if (n < 1024) return `${Math.round(n)} bytes`;
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // 1023.999 KB rounds to '1024.00 KB': show it as the next unit instead.
  if (Number(value.toFixed(2)) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)} ${UNITS[unit]}`;
}
