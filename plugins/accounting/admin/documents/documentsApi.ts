// Calls of the document screens that answer or send files (PDF, Excel): the shell's
// `dataProvider.sendFile(resource, path, { method, body })` answers `{ blob, filename }` and sends a FormData
// body as multipart. The types of the answers of the statement, notice and import endpoints.
import { useCallback, useMemo } from 'react';
import { type DataProvider, useDataProvider } from 'react-admin';
import { serverMessage } from '../shared/accountingApi.ts';

export interface FileAnswer {
  blob: Blob;
  filename?: string;
}

type SendFile = (resource: string, path: string, options?: { method?: 'GET' | 'POST'; body?: unknown }) => Promise<FileAnswer>;

function fileSender(dataProvider: DataProvider): SendFile {
  const sendFile = (dataProvider as DataProvider & { sendFile?: SendFile }).sendFile;
  if (typeof sendFile !== 'function') throw new Error('dataProvider.sendFile');
  return sendFile.bind(dataProvider);
}

/** Saves a downloaded file with the name the server gave it. */
export function saveFile({ blob, filename }: FileAnswer, fallback: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallback;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useFiles() {
  const dataProvider = useDataProvider();
  const send = useMemo(() => fileSender(dataProvider), [dataProvider]);
  /** Downloads `<resource>/<path>` and saves it. */
  const download = useCallback(
    async (resource: string, path: string, fallback: string) => saveFile(await send(resource, path), fallback),
    [send],
  );
  /** Posts a FormData (multipart) and answers the JSON body. */
  const upload = useCallback(
    async <T>(resource: string, path: string, form: FormData): Promise<T> => {
      const send = (dataProvider as DataProvider & { send?: (r: string, p: string, o: object) => Promise<unknown> }).send;
      if (typeof send !== 'function') throw new Error('dataProvider.send');
      return (await send.call(dataProvider, resource, path, { method: 'POST', body: form })) as T;
    },
    [dataProvider],
  );
  return { download, upload };
}

/** The server's message of a failed call, else the given text. */
export const messageOf = (error: unknown, fallback: string) => serverMessage(error) ?? fallback;

// ---------------------------------------------------------------- answers

export interface StatementReceivable {
  id: string;
  kind: string;
  name: string;
  description: string | null;
  category: string;
  subcategory: string | null;
  dueDate: string;
  originalAmount: number;
  discount: number;
  paid: number;
  balance: number;
  overdue: boolean;
  daysOverdue: number;
}

export interface StatementIncome {
  id: string;
  receiptNumber: number | null;
  date: string;
  description: string;
  method: string;
  accountName: string;
  amount: number;
  discount: number;
  balance: number;
  annulled: boolean;
}

export interface Statement {
  date: string;
  unit: { id: string; number: string; type: string | null; aliquot: number };
  resident: { id: string; name: string; email: string | null; phone: string | null } | null;
  receivables: StatementReceivable[];
  incomes: StatementIncome[];
  totals: {
    charged: number;
    discounts: number;
    paid: number;
    pending: number;
    overdue: number;
    credit: number;
    received: number;
    net: number;
  };
}

export interface NoticeResult {
  number: number;
  securityCode: string;
  noticeDate: string;
  queued: number;
  skipped: number;
}

export interface NoticeState {
  nextNumber: number;
  lastNoticeDate: string | null;
}

export interface ImportRow {
  fila: number;
  casa: string;
  unitId: string | null;
  residente: string | null;
  nombre: string;
  descripcion: string | null;
  rubro: string;
  subrubro: string | null;
  valor: number | null;
  fechaLimite: string | null;
}

export interface RowError {
  fila: number;
  errores: string[];
}

export interface ImportPreview {
  fileName: string;
  rows: ImportRow[];
  rowErrors: RowError[];
  units: { unitId: string; casa: string; residente: string | null; rows: number; total: number }[];
}

export interface ImportDone {
  created: number;
  total: number;
  ids: string[];
}

export interface Resident {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  unitId: string | null;
  isActive: boolean;
}

export interface UnitRow {
  id: string;
  number: string;
  ownerId: string | null;
  tenantId: string | null;
  isActive: boolean;
}

export const residentName = (r: Pick<Resident, 'firstName' | 'lastName'>) => `${r.firstName} ${r.lastName}`.trim();

/** The API resources these screens call (the shell sends undeclared names to /api/complexes/<complex>/<name>). */
export const DOCS_API = {
  incomes: 'incomes',
  units: 'units',
  residents: 'residents',
  notices: 'notices',
  receivables: 'receivables',
  outbox: 'mail-outbox',
} as const;
