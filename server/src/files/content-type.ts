// A file's first bytes must match the content type it declares: a page or a script named 'acta.pdf' and sent as
// application/pdf is refused, so that what users download is what its name says. The uploads of the routes that
// list their allowed types are checked here (readUpload), once for every plugin.
import { open } from 'node:fs/promises';

const starts = (head: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const ZIP = (h: Uint8Array) => starts(h, [0x50, 0x4b, 0x03, 0x04]) || starts(h, [0x50, 0x4b, 0x05, 0x06]);
const OLE = (h: Uint8Array) => starts(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

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
  'application/zip': ZIP,
  'application/x-zip-compressed': ZIP,
};

/** Whether the file at `path` starts as `contentType` does; a type without a known signature passes. */
export async function contentMatches(path: string, contentType: string): Promise<boolean> {
  const check = SIGNATURES[contentType];
  if (!check) return true;
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    return check(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
