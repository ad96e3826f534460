import { createRequire } from 'node:module';
import path from 'node:path';
import { CSV_BOM, csvRow } from '../../lib/csv.js';
import { textFor, type Column, type ReportDoc, type Row } from './report-doc.js';

/** The same report as CSV, XLSX or PDF: one layout (report-doc.ts), three writers. */
export type ReportFormat = 'csv' | 'xlsx' | 'pdf';
export const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** A money cell in the file: currency units as an exact decimal number (12345 cents → 123.45). */
const units = (cents: number) => cents / 100;
/** Text read as left-aligned words: a label or a date (the numbers are right-aligned). */
const isWords = (type: Column['type']) => type === 'text' || type === 'date';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function plainCell(value: string | number | null, type: Column['type']): string | number | null {
  if (value === null) return null;
  if (typeof value === 'number' && type === 'money') return units(value);
  if (typeof value === 'number' && type === 'percent') return Math.round(value * 10_000) / 100;
  return value;
}

/** UTF-8 with a BOM, RFC 4180, formula-looking text neutralised (lib/csv.ts); each table under its title. */
export function reportCsv(doc: ReportDoc): string {
  let out = CSV_BOM + csvRow([doc.business, doc.title, doc.period]);
  for (const table of doc.tables) {
    out += '\r\n' + csvRow([table.title]);
    out += csvRow(table.columns.map((c) => (c.type === 'money' ? `${c.header} (${doc.currency})` : c.header)));
    for (const row of table.rows) out += csvRow(row.cells.map((v, i) => plainCell(v, table.columns[i]!.type)));
  }
  if (doc.note) out += '\r\n' + csvRow([doc.note]);
  return out;
}

/**
 * A spreadsheet with real values: money as numbers in the business currency's format, shares as
 * percentages, days as dates (a spreadsheet's own, formatted yyyy-mm-dd), so they sum and sort.
 */
export async function reportXlsx(doc: ReportDoc): Promise<Buffer> {
  // Loaded at the first download, not at start: ExcelJS and PDFKit (with its fonts) would otherwise
  // stay in every server's idle memory for a file most servers make a few times a month.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Cuadre';
  const symbol = currencySymbol(doc.currency);
  const moneyFormat = `"${symbol}"#,##0.00;-"${symbol}"#,##0.00`;
  for (const table of doc.tables) {
    // A sheet name is at most 31 characters and may not hold : \ / ? * [ ].
    const sheet = book.addWorksheet(table.title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
    sheet.addRow([doc.business]).font = { bold: true };
    sheet.addRow([`${doc.title} · ${doc.period}`]);
    sheet.addRow([]);
    const header = sheet.addRow(table.columns.map((c) => c.header));
    header.font = { bold: true };
    header.eachCell((cell, i) => {
      if (!isWords(table.columns[i - 1]!.type)) cell.alignment = { horizontal: 'right' };
    });
    for (const row of table.rows) {
      const values = row.cells.map((v, i) => {
        const type = table.columns[i]!.type;
        if (v === null) return null;
        if (typeof v === 'number' && type === 'money') return units(v);
        // Midnight UTC: a spreadsheet's date has no zone, and exceljs writes the UTC day.
        if (typeof v === 'string' && type === 'date' && DAY.test(v)) return new Date(`${v}T00:00:00.000Z`);
        return v;
      });
      const added = sheet.addRow(values);
      if (row.style === 'total' || row.style === 'section') added.font = { bold: true };
      if (row.style === 'indent') added.getCell(1).alignment = { indent: 2 };
      table.columns.forEach((c, i) => {
        if (c.type === 'money') added.getCell(i + 1).numFmt = moneyFormat;
        if (c.type === 'percent') added.getCell(i + 1).numFmt = '0.00%';
        if (c.type === 'date' && added.getCell(i + 1).value instanceof Date) added.getCell(i + 1).numFmt = 'yyyy-mm-dd';
      });
    }
    table.columns.forEach((c, i) => {
      sheet.getColumn(i + 1).width =
        c.type === 'date' ? 12 : c.type === 'text' ? Math.min(48, Math.max(14, ...table.rows.map((r) => String(r.cells[i] ?? '').length + 2))) : 14;
    });
    if (doc.note && table === doc.tables.at(-1)) {
      sheet.addRow([]);
      sheet.addRow([doc.note]);
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

function currencySymbol(currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
}

// DejaVu Sans covers Latin, Turkish and every sign the reports print; PDF's built-in fonts do not (ş, ğ, ı).
const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT = path.join(fontDir, 'DejaVuSans.ttf');
const BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');

/**
 * A printable PDF: the business, the report and its period on top, the tables with right-aligned
 * amounts (a year's twelve columns on a landscape page), "Page n of m" at the foot of each page.
 */
export async function reportPdf(doc: ReportDoc, formatMoney: (cents: number) => string, formatNumber: (n: number) => string): Promise<Buffer> {
  // At the first PDF, as ExcelJS above.
  const { default: PDFDocument } = await import('pdfkit');
  const wide = doc.tables.some((t) => t.columns.length > 6);
  const pdf = new PDFDocument({
    size: 'LETTER',
    layout: wide ? 'landscape' : 'portrait',
    margin: 40,
    bufferPages: true,
    info: { Title: `${doc.title} ${doc.period}`, Author: doc.business },
  });
  pdf.registerFont('body', FONT);
  pdf.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const bottom = () => pdf.page.height - pdf.page.margins.bottom - 20;
  const size = wide ? 7 : 9;

  pdf
    .font('bold')
    .fontSize(14)
    .text(doc.business || ' ', left, pdf.page.margins.top);
  pdf.font('body').fontSize(11).text(`${doc.title} · ${doc.period}`);
  pdf.moveDown(0.8);

  const format = (v: string | number | null, type: Column['type']) => {
    if (v === null) return '';
    if (typeof v === 'number' && type === 'money') return formatMoney(v);
    if (typeof v === 'number' && type === 'percent') return `${formatNumber(Math.round(v * 10_000) / 100)} %`;
    if (typeof v === 'number') return formatNumber(v);
    return v;
  };

  for (const table of doc.tables) {
    const numeric = table.columns.filter((c) => !isWords(c.type)).length;
    const texts = table.columns.filter((c) => c.type === 'text').length;
    // A date is as wide as a date; a table of dates and figures alone shares the rest among its figures
    // (the month's days: Date no longer takes half the page, and "Purchases" is not cut mid-word).
    const dateWidth = wide ? 56 : 70;
    const dates = table.columns.length - numeric - texts;
    const numWidth = texts === 0 ? (width - dates * dateWidth) / Math.max(1, numeric) : wide ? 44 : 80;
    const textRoom = width - numeric * numWidth - dates * dateWidth;
    const firstWidth = texts > 1 ? textRoom * 0.55 : textRoom;
    const otherText = texts > 1 ? (textRoom - firstWidth) / (texts - 1) : 0;
    const firstText = table.columns.findIndex((c) => c.type === 'text');
    const widths = table.columns.map((c, i) => (c.type === 'date' ? dateWidth : c.type !== 'text' ? numWidth : i === firstText ? firstWidth : otherText));
    // A heading breaks between words, never inside one: its type shrinks until its longest word fits.
    const fitted = (text: string, w: number, font: 'body' | 'bold') => {
      pdf.font(font);
      const longest = text.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), '');
      let s = size;
      while (s > 5 && pdf.fontSize(s).widthOfString(longest) > w - 4) s -= 0.5;
      return s;
    };
    const drawRow = (cells: string[], font: 'body' | 'bold', row?: Row, heading = false) => {
      const sizes = cells.map((text, i) => (heading ? fitted(text, widths[i]!, font) : size));
      pdf.font(font).fontSize(size);
      const height = Math.max(...cells.map((text, i) => pdf.fontSize(sizes[i]!).heightOfString(text, { width: widths[i]! - 4 }))) + 4;
      if (pdf.y + height > bottom()) pdf.addPage();
      const y = pdf.y;
      if (row?.style === 'total')
        pdf
          .moveTo(left, y - 1)
          .lineTo(left + width, y - 1)
          .lineWidth(0.5)
          .stroke('#888888');
      let x = left;
      cells.forEach((text, i) => {
        const type = table.columns[i]!.type;
        const indent = i === 0 && row?.style === 'indent' ? 10 : 0;
        pdf.fontSize(sizes[i]!).text(text, x + 2 + indent, y + 2, { width: widths[i]! - 4 - indent, align: isWords(type) ? 'left' : 'right' });
        x += widths[i]!;
      });
      pdf.x = left;
      pdf.y = y + height;
    };
    if (pdf.y + 60 > bottom()) pdf.addPage();
    pdf.font('bold').fontSize(11).text(table.title, left, pdf.y);
    pdf.moveDown(0.3);
    drawRow(
      table.columns.map((c) => c.header),
      'bold',
      undefined,
      true,
    );
    for (const row of table.rows) {
      drawRow(
        row.cells.map((v, i) => format(v, table.columns[i]!.type)),
        row.style === 'total' || row.style === 'section' ? 'bold' : 'body',
        row,
      );
    }
    pdf.moveDown(1);
  }
  if (doc.note) pdf.font('body').fontSize(8).text(doc.note, left, pdf.y, { width });

  const t = textFor(doc.language);
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    // Writing inside the bottom margin would start a new page; lift it for the footer.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf
      .font('body')
      .fontSize(8)
      .text(t.page(i + 1, range.count), left, pdf.page.height - 30, { width, align: 'right' });
    pdf.page.margins.bottom = margin;
  }
  pdf.end();
  return done;
}
