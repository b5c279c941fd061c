// Tags (spec 002 §2.5 screen 12): 8 digits, e.g. 01234567.
import { vehicleSuite } from './vehicle-suite.ts';

vehicleSuite({
  kind: 'tags',
  typed: ' 0123 4567 ',
  stored: '01234567',
  // 9....... never collides with the demo's random tags in practice; the suite's own stay unique by n.
  fresh: (n) => `9${String(n).padStart(7, '0')}`,
  invalid: ['1234567', '123456789', 'ABCDEFGH', '1234-5678', '١٢٣٤٥٦٧٨'],
  column: 'Tag',
  sheet: 'Tags',
});
