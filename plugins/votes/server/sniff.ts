// An attached file's first bytes must match the content type it declares: a page or a script named 'acta.pdf' and
// sent as application/pdf is refused, so that what residents download from a vote is what its name says.
import { open } from 'node:fs/promises';

const starts = (head: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const ZIP = (h: Uint8Array) => starts(h, [0x50, 0x4b, 0x03, 0x04]);
const OLE = (h: Uint8Array) => starts(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The types a vote's files may have (PDF, images, office documents), each with its signature. */
const SIGNATURES: Record<string, (head: Uint8Array) => boolean> = {
  'application/pdf': (h) => starts(h, ascii('%PDF-')),
  'image/jpeg': (h) => starts(h, [0xff, 0xd8, 0xff]),
  'image/png': (h) => starts(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/gif': (h) => starts(h, ascii('GIF8')),
  'image/webp': (h) => starts(h, ascii('RIFF')) && starts(h, ascii('WEBP'), 8),
  'application/msword': OLE,
  'application/vnd.ms-excel': OLE,
  'application/vnd.ms-powerpoint': OLE,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ZIP,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ZIP,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ZIP,
  'application/vnd.oasis.opendocument.text': ZIP,
  'application/vnd.oasis.opendocument.spreadsheet': ZIP,
};

export const VOTE_FILE_TYPES: readonly string[] = Object.keys(SIGNATURES);

/** Whether the file at `path` starts with the signature of `contentType` (an unknown type: false). */
export async function hasContentOf(path: string, contentType: string): Promise<boolean> {
  const check = SIGNATURES[contentType];
  if (!check) return false;
  const handle = await open(path, 'r');
  try {
    const head = new Uint8Array(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    return check(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
