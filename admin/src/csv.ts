// CSV export with the column titles of the screen (Spanish by default) instead of react-admin's raw field
// names, and with cells that a spreadsheet would run as formulas neutralised (DESIGN §6).
import {
  downloadCSV,
  type Exporter,
  type FetchRelatedRecords,
  type RaRecord,
  useResourceContext,
  useTranslate,
} from 'react-admin';

export interface CsvColumn {
  source: string;
  /** The cell's text; defaults to the field's value. */
  value?: (record: RaRecord, related: Record<string, Record<string, RaRecord>>) => unknown;
}

/** Related records to fetch first: { key: [field, reference] }, e.g. { owners: ['ownerId', 'residentes'] }. */
export type CsvRelations = Record<string, [field: string, reference: string]>;

/** A cell starting with = + - @ (or a tab / carriage return) would be a formula: prefix it with '. */
export function csvCell(value: unknown): string {
  let text = value == null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}

export function useCsvExporter(columns: readonly CsvColumn[], relations: CsvRelations = {}): Exporter {
  const translate = useTranslate();
  const resource = useResourceContext() ?? 'export';
  return async (records, fetchRelatedRecords: FetchRelatedRecords) => {
    const related: Record<string, Record<string, RaRecord>> = {};
    for (const [key, [field, reference]] of Object.entries(relations))
      related[key] = await fetchRelatedRecords(records, field, reference);
    const header = columns.map((c) => translate(`resources.${resource}.fields.${c.source}`, { _: c.source }));
    const rows = records.map((record) =>
      columns.map((c) => {
        const value = c.value ? c.value(record, related) : record[c.source];
        return typeof value === 'boolean' ? translate(value ? 'ra.boolean.true' : 'ra.boolean.false') : value;
      }),
    );
    // A BOM so that spreadsheets read the accents as UTF-8.
    downloadCSV(`\uFEFF${toCsv(header, rows)}`, translate(`resources.${resource}.name`, { smart_count: 2, _: resource }));
  };
}
