import type { Annual } from '@cuadre/contracts';
import { CSV_BOM, csvRow } from '../../lib/csv.js';
import type { ReportsRepository } from './reports.repository.js';
import { taxLineFor } from './reports.service.js';

type LedgerRow = Awaited<ReturnType<ReportsRepository['ledger']>>[number];
type TripLogRow = Awaited<ReturnType<ReportsRepository['mileageLog']>>[number];

/** The money side of an entry: where the payment went in or out. */
const PAYMENT_ACCOUNTS: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  check: 'Checking (checks)',
  transfer: 'Bank (transfers)',
  mobile: 'Mobile payments',
  other: 'Other payments',
};

const units = (cents: number) => cents / 100;

/**
 * A general ledger an accountant can load: each entry as two lines, a debit and a credit of the same
 * amount (income: the payment account is debited and the income category credited; every outflow the
 * other way round), so the file balances line by line and in total.
 */
export function ledgerCsv(rows: LedgerRow[], year: number): string {
  let out = CSV_BOM + csvRow(['date', 'account', 'tax line', 'description', 'debit', 'credit', 'reference', 'entry']);
  for (const r of rows) {
    const category = r.subcategoryName ? `${r.categoryName} / ${r.subcategoryName}` : r.categoryName;
    const taxLine = taxLineFor(r, year);
    const payment = PAYMENT_ACCOUNTS[r.paymentMethod] ?? r.paymentMethod;
    const description = [r.description, r.workerName, r.providerName].filter(Boolean).join(' · ');
    const amount = units(r.amount);
    if (r.type === 'income') {
      out += csvRow([r.date, payment, '', description, amount, null, r.reference, r.id]);
      out += csvRow([r.date, category, taxLine, description, null, amount, r.reference, r.id]);
    } else {
      out += csvRow([r.date, category, taxLine, description, amount, null, r.reference, r.id]);
      out += csvRow([r.date, payment, '', description, null, amount, r.reference, r.id]);
    }
  }
  return out;
}

/** The mileage log the IRS asks for: date, vehicle, where, why, miles, odometer, the rate of the day and the deduction. */
export function mileageCsv(rows: TripLogRow[]): string {
  let out =
    CSV_BOM + csvRow(['date', 'vehicle', 'origin', 'destination', 'purpose', 'miles', 'odometer start', 'odometer end', 'rate (cents per mile)', 'deduction']);
  for (const r of rows) {
    out += csvRow([
      r.date,
      r.vehicleName,
      r.origin,
      r.destination,
      r.purpose,
      r.miles / 10,
      r.odometerStart === null ? null : r.odometerStart / 10,
      r.odometerEnd === null ? null : r.odometerEnd / 10,
      r.rateTenths === null ? null : r.rateTenths / 10,
      units(r.deduction),
    ]);
  }
  return out;
}

/** Each worker's payments in the year, contractors at or over the threshold flagged. */
export function contractorsCsv(a: Annual): string {
  let out = CSV_BOM + csvRow(['worker', 'kind', 'tax id', 'payments', 'amount', `at or over ${units(a.contractorThreshold)}`]);
  for (const w of a.workers) out += csvRow([w.name, w.kind, w.taxIdMasked, w.payments, units(w.amount), w.overThreshold ? 'yes' : 'no']);
  return out;
}
