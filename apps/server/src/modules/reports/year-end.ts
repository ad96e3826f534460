import path from 'node:path';
import type { Db } from '../../db/client.js';
import { safeName, ZipWriter } from '../../lib/zip.js';
import type { JobContext } from '../jobs/index.js';
import { contractorsCsv, ledgerCsv, mileageCsv } from './ledger-files.js';
import { annualDoc, pnlDoc } from './report-doc.js';
import { contextOf } from './report-context.js';
import { reportPdf, reportXlsx } from './report-files.js';
import { ReportsRepository } from './reports.repository.js';
import { ReportsService } from './reports.service.js';

/**
 * The accountant's year-end package, one ZIP: the year's profit and loss and annual total (PDF and
 * XLSX), the general ledger, the mileage log, the contractors' totals and every receipt of the
 * year, named by date and entry.
 */
export function yearEndJob(db: Db, dataDir: string) {
  return async ({ auth, params, file, progress }: JobContext) => {
    const year = Number(params.year);
    const from = `${year}-01-01`;
    const to = `${year}-12-31`;
    const ctx = contextOf(auth);
    const reports = new ReportsService(db);
    const repo = new ReportsRepository(db, auth.user.id, ctx.language);
    const receipts = await repo.receipts(from, to);
    const total = 4 + receipts.length;
    const zip = new ZipWriter(file);
    try {
      await progress(0, total, 'reports');
      const both = await reports.year(auth, year);
      const pnl = pnlDoc(both.pnl, ctx);
      const annual = both.annual;
      const annualFile = annualDoc(annual, ctx, ctx.money);
      zip.add(`profit-and-loss-${year}.pdf`, await reportPdf(pnl, ctx.money, ctx.number));
      zip.add(`profit-and-loss-${year}.xlsx`, await reportXlsx(pnl));
      zip.add(`annual-total-${year}.pdf`, await reportPdf(annualFile, ctx.money, ctx.number));
      zip.add(`annual-total-${year}.xlsx`, await reportXlsx(annualFile));
      await progress(1, total, 'ledger');
      zip.add(`general-ledger-${year}.csv`, ledgerCsv(await repo.ledger(from, to), year));
      await progress(2, total, 'mileage');
      zip.add(`mileage-log-${year}.csv`, mileageCsv(await repo.mileageLog(from, to)));
      await progress(3, total, 'contractors');
      zip.add(`contractors-${year}.csv`, contractorsCsv(annual));
      let done = 4;
      for (const r of receipts) {
        zip.addFile(`receipts/${r.date}_${r.entryId.slice(0, 8)}_${safeName(r.fileName)}`, path.join(dataDir, 'attachments', r.storageKey));
        done++;
        if (done % 25 === 0 || done === total) await progress(done, total, 'receipts');
      }
      await progress(total, total, 'receipts');
    } finally {
      await zip.close();
    }
    return { fileName: `cuadre-year-end-${year}.zip` };
  };
}
