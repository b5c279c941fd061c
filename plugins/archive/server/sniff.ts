// The upload's first bytes must match the content type it declares: a page or a script named 'acta.pdf' and sent
// as application/pdf is refused, so that what residents download is what the list says it is.
import { open } from 'node:fs/promises';

const starts = (head: Buffer, bytes: readonly number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const ZIP = (h: Buffer) => starts(h, [0x50, 0x4b, 0x03, 0x04]) || starts(h, [0x50, 0x4b, 0x05, 0x06]);
const OLE = (h: Buffer) => starts(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
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

/** Whether the bytes at the start of `head` are of `contentType` (an unknown type: false). */
export const matchesType = (contentType: string, head: Buffer) => SIGNATURES[contentType]?.(head) ?? false;

/** The first 16 bytes of a file. */
export async function fileHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
