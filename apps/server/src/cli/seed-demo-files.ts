/**
 * The demo owner's documents in the file manager (`npm run seed:demo`), written through the API
 * like the books: a few folders and files (their types are checked by their bytes as anyone's are).
 */
import type { buildApp } from '../app.js';

type Inject = Awaited<ReturnType<typeof buildApp>>['inject'];

/** A small PDF that readers open: one page with one line of text. */
export function pdf(line: string): Buffer {
  const text = line.replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function writeFiles(inject: Inject, email: string, password: string) {
  const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, body?: object): Promise<T> => {
    const res = await inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body ? { payload: body } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  const { accessToken: token } = await call<{ accessToken: string }>('POST', '/api/auth/sign-in', undefined, { email, password });
  const folder = (name: string, folderId: string | null, description?: string) =>
    call<{ id: string }>('POST', '/api/apps/file-manager/folder', token, { name, folderId, description });
  const upload = (folderId: string | null, name: string, data: Buffer, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type }), name);
    return call('POST', `/api/apps/file-manager/upload?folderId=${folderId ?? 'null'}`, token, form);
  };

  const contracts = await folder('Contracts', null, 'Signed agreements with the landlord and suppliers');
  const lease = await folder('Lease', contracts.id);
  await upload(lease.id, 'Shop lease 2025-2028.pdf', pdf('Commercial lease - 1200 Main St, San Antonio'), 'application/pdf');
  await upload(contracts.id, 'Harinas del Sur supply agreement.pdf', pdf('Supply agreement - Harinas del Sur'), 'application/pdf');
  const permits = await folder('Permits and licences', null, 'Health permit, food handler cards');
  await upload(permits.id, 'Health permit.pdf', pdf('City of San Antonio - food establishment permit'), 'application/pdf');
  const recipes = await folder('Recipes', null);
  await upload(
    recipes.id,
    'Pan de muerto costing.csv',
    Buffer.from('ingredient,quantity,unit,cost_cents\nflour,1000,g,180\nbutter,250,g,310\neggs,4,unit,120\nsugar,200,g,40\n'),
    'text/csv',
  );
  await upload(null, 'Opening hours.txt', Buffer.from('Monday to Saturday 6:30 to 19:00\nSunday 7:00 to 14:00\n'), 'text/plain');
}
