// The text a pdfkit PDF shows, for assertions: inflates every content stream and decodes the hex strings
// of its TJ/Tj operators (pdfkit writes the standard fonts' text as WinAnsi hex).
import { inflateSync } from 'node:zlib';

const winAnsi = new TextDecoder('windows-1252');

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const bytes = Buffer.from(match[1], 'latin1');
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const block of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = block[1] !== undefined ? [...block[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]) : [block[2]];
      out.push(winAnsi.decode(Buffer.from(hexes.join(''), 'hex')));
    }
  }
  return out.join('\n');
}
