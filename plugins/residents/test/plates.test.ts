// Plates (spec 002 §2.5 screen 11): format AAA1234 or AAA123, typed in any case with dashes.
import { vehicleSuite } from './vehicle-suite.ts';

const letters = (n: number) => [26 * 26, 26, 1].map((d) => String.fromCharCode(65 + (Math.floor(n / d) % 26))).join('');

vehicleSuite({
  kind: 'plates',
  typed: 'tbx-0042',
  stored: 'TBX0042',
  // Z.. never collides with the demo's Pichincha plates (P..).
  fresh: (n) => `Z${letters(n).slice(1)}${String(n % 10_000).padStart(4, '0')}`,
  invalid: ['AB1234', 'ABCD123', 'ABC12', 'ABC12345', '1234567', 'ÁBC1234'],
  column: 'Placa',
  sheet: 'Placas',
});
