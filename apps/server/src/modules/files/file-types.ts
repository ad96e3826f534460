import path from 'node:path';
import { safeBaseName } from '../../lib/file-names.js';

/** A file type the file manager keeps, with the MIME type it is served with. */
export interface SniffedType {
  type: string;
  mime: string;
}

const TYPES: Record<string, SniffedType> = {
  PDF: { type: 'PDF', mime: 'application/pdf' },
  JPG: { type: 'JPG', mime: 'image/jpeg' },
  PNG: { type: 'PNG', mime: 'image/png' },
  WEBP: { type: 'WEBP', mime: 'image/webp' },
  GIF: { type: 'GIF', mime: 'image/gif' },
  TXT: { type: 'TXT', mime: 'text/plain; charset=utf-8' },
  CSV: { type: 'CSV', mime: 'text/csv; charset=utf-8' },
  DOC: { type: 'DOC', mime: 'application/msword' },
  XLS: { type: 'XLS', mime: 'application/vnd.ms-excel' },
  DOCX: { type: 'DOCX', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  XLSX: { type: 'XLSX', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
};

/** The type each file name extension claims; a name with one of these must hold bytes of that type. */
const EXTENSION_TYPE: Record<string, string> = {
  '.pdf': 'PDF',
  '.jpg': 'JPG',
  '.jpeg': 'JPG',
  '.png': 'PNG',
  '.webp': 'WEBP',
  '.gif': 'GIF',
  '.txt': 'TXT',
  '.text': 'TXT',
  '.md': 'TXT',
  '.csv': 'CSV',
  '.doc': 'DOC',
  '.xls': 'XLS',
  '.docx': 'DOCX',
  '.xlsx': 'XLSX',
};

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Plain UTF-8 text: valid UTF-8, no control characters other than tab, line feed, carriage return and form feed. */
function isPlainText(buf: Buffer): boolean {
  if (buf.length === 0) return true;
  // A control character other than tab, line feed, form feed and carriage return marks a binary file.
  for (const b of buf) if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a file is, from its bytes alone; the name only chooses between types whose bytes are alike
 * (TXT or CSV, DOC or XLS). A name whose extension claims another type than the bytes (an
 * executable named `invoice.pdf`) is refused: `undefined`.
 */
export function sniffFile(buf: Buffer, fileName: string): SniffedType | undefined {
  const claimed = EXTENSION_TYPE[path.extname(fileName).toLowerCase()];
  const found = sniffBytes(buf, claimed);
  if (!found) return undefined;
  if (claimed && claimed !== found.type) return undefined;
  return found;
}

function sniffBytes(buf: Buffer, claimed: string | undefined): SniffedType | undefined {
  if (buf.length > 5 && buf.toString('ascii', 0, 5) === '%PDF-') return TYPES.PDF;
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return TYPES.JPG;
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return TYPES.PNG;
  if (buf.length > 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') return TYPES.WEBP;
  if (buf.length > 6 && /^GIF8[79]a$/.test(buf.toString('ascii', 0, 6))) return TYPES.GIF;
  if (buf.length > 8 && buf.subarray(0, 8).equals(OLE)) return claimed === 'XLS' ? TYPES.XLS : claimed === 'DOC' ? TYPES.DOC : undefined;
  if (buf.length > 30 && buf.subarray(0, 4).equals(ZIP)) {
    // An Office Open XML file is a zip whose entries' names (stored uncompressed) include these parts.
    const hasTypes = buf.includes('[Content_Types].xml');
    if (hasTypes && buf.includes('word/document.xml')) return TYPES.DOCX;
    if (hasTypes && buf.includes('xl/workbook.xml')) return TYPES.XLSX;
    return undefined;
  }
  if (isPlainText(buf)) return claimed === 'CSV' ? TYPES.CSV : TYPES.TXT;
  return undefined;
}

/** The name a file is kept under: the client's base name without control characters, at most 200 characters. */
export function cleanName(name: string): string {
  return safeBaseName(name, 200) || 'file';
}
