// Dates in Guayaquil time whatever the machine's zone; CSV cells never run as spreadsheet formulas.
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../src/csv.ts';
import { formatters } from '../src/format.ts';

describe('formatters', () => {
  const es = formatters('es');
  it('shows dates and times of America/Guayaquil (UTC-5)', () => {
    expect(es.dateTime('2026-01-01T03:30:00Z')).toBe('31/12/2025 22:30');
    expect(es.date('2026-01-01T03:30:00Z')).toBe('31/12/2025');
    expect(es.dateTime(null)).toBe('');
    expect(es.dateTime('no es fecha')).toBe('');
  });
  it('shows percentages with the decimal point of money in both languages', () => {
    expect(es.percent(3.125)).toBe('3.125 %');
    expect(es.percent(50)).toBe('50 %');
    expect(es.percent(2.77777)).toBe('2.7778 %');
    expect(formatters('en').percent(2.5)).toBe('2.5%');
  });
});

describe('csv', () => {
  it('neutralises formulas and quotes what needs it', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+593 99')).toBe("'+593 99");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(toCsv(['x', 'y'], [[1, 'dos']])).toBe('x,y\r\n1,dos');
  });
});
