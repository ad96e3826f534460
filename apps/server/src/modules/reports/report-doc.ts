import type { Annual, MonthSummary, Pnl } from '@cuadre/contracts';

/**
 * A report laid out once, as titled tables of typed cells, for every file format to write: CSV, XLSX
 * and PDF show the same rows and the same figures as the API. Money cells hold integer cents.
 */
/** A 'date' cell holds a calendar day as YYYY-MM-DD (or a row's label, such as the total's). */
export type CellType = 'text' | 'date' | 'money' | 'percent' | 'number';
export interface Column {
  header: string;
  type: CellType;
}
export interface Row {
  cells: (string | number | null)[];
  /** A total (bold, ruled above), a section heading, or a line under another (indented). */
  style?: 'total' | 'section' | 'indent';
}
export interface Table {
  title: string;
  columns: Column[];
  rows: Row[];
}
export interface ReportDoc {
  /** The file's base name, e.g. "pnl-2026-03". */
  fileName: string;
  title: string;
  period: string;
  business: string;
  currency: string;
  language: Language;
  tables: Table[];
  /** A line under the tables (the estimate's caveat). */
  note?: string;
}

export type Language = 'en' | 'es' | 'tr';

const TEXT = {
  en: {
    pnl: 'Profit and loss',
    annual: 'Annual total',
    summary: 'Month summary',
    line: 'Line',
    taxLine: 'Tax line',
    amount: 'Amount',
    share: '% of income',
    total: 'Total',
    income: 'Income',
    costOfGoods: 'Cost of goods sold',
    grossProfit: 'Gross profit',
    operatingExpenses: 'Operating expenses',
    mileageDeduction: 'Mileage deduction',
    net: 'Net profit',
    purchases: 'Purchases',
    expenses: 'Operational expenses',
    workerPayments: 'Worker payments',
    supplierPayments: 'Supplier payments',
    miles: 'Miles',
    date: 'Date',
    figure: 'Figure',
    categories: 'Categories',
    category: 'Category',
    vehicles: 'Mileage by vehicle',
    vehicle: 'Vehicle',
    trips: 'Trips',
    deduction: 'Deduction',
    workers: 'Payments per worker',
    worker: 'Worker',
    kind: 'Kind',
    taxId: 'Tax ID',
    payments: 'Payments',
    flag: 'At or over the threshold',
    employee: 'Employee',
    contractor: 'Contractor',
    yes: 'Yes',
    no: '',
    se: 'Self-employment tax (estimate)',
    netEarnings: 'Net earnings (92.35 % of net profit)',
    wageBase: 'Social Security wage base',
    socialSecurity: 'Social Security (12.4 %)',
    medicare: 'Medicare (2.9 %)',
    seNote:
      'Self-employment tax is an estimate: 15.3 % on 92.35 % of net profit, the Social Security part capped at the year’s wage base. It is not tax advice.',
    threshold: (amount: string) => `Contractors paid ${amount} or more in the year are flagged for an information return.`,
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    daily: 'By day',
    notDeductible: 'Not deductible (kept in the books)',
    method: 'Method',
    standard: 'Standard mileage',
    actual: 'Actual expenses',
    businessUse: 'Business use',
    expensesDeducted: 'Expenses deducted',
  },
  es: {
    pnl: 'Pérdidas y ganancias',
    annual: 'Total anual',
    summary: 'Resumen del mes',
    line: 'Concepto',
    taxLine: 'Línea fiscal',
    amount: 'Importe',
    share: '% de ingresos',
    total: 'Total',
    income: 'Ingresos',
    costOfGoods: 'Costo de la mercancía vendida',
    grossProfit: 'Utilidad bruta',
    operatingExpenses: 'Gastos de operación',
    mileageDeduction: 'Deducción por millaje',
    net: 'Utilidad neta',
    purchases: 'Compras',
    expenses: 'Gastos operativos',
    workerPayments: 'Pagos a trabajadores',
    supplierPayments: 'Pagos a proveedores',
    miles: 'Millas',
    date: 'Fecha',
    figure: 'Cifra',
    categories: 'Cuentas',
    category: 'Cuenta',
    vehicles: 'Millaje por vehículo',
    vehicle: 'Vehículo',
    trips: 'Viajes',
    deduction: 'Deducción',
    workers: 'Pagos por trabajador',
    worker: 'Trabajador',
    kind: 'Tipo',
    taxId: 'ID fiscal',
    payments: 'Pagos',
    flag: 'En o sobre el umbral',
    employee: 'Empleado',
    contractor: 'Contratista',
    yes: 'Sí',
    no: '',
    se: 'Impuesto de trabajo por cuenta propia (estimado)',
    netEarnings: 'Ingresos netos (92.35% de la utilidad neta)',
    wageBase: 'Base salarial del Seguro Social',
    socialSecurity: 'Seguro Social (12.4%)',
    medicare: 'Medicare (2.9%)',
    seNote:
      'El impuesto de trabajo por cuenta propia es un estimado: 15.3% sobre el 92.35% de la utilidad neta, con la parte del Seguro Social limitada a la base salarial del año. No es asesoría fiscal.',
    threshold: (amount: string) => `Los contratistas a quienes se pagó ${amount} o más en el año se marcan para una declaración informativa.`,
    page: (n: number, of: number) => `Página ${n} de ${of}`,
    daily: 'Por día',
    notDeductible: 'No deducible (queda en los libros)',
    method: 'Método',
    standard: 'Millaje estándar',
    actual: 'Gastos reales',
    businessUse: 'Uso de negocio',
    expensesDeducted: 'Gastos deducidos',
  },
  tr: {
    pnl: 'Kâr ve zarar',
    annual: 'Yıllık toplam',
    summary: 'Ay özeti',
    line: 'Kalem',
    taxLine: 'Vergi satırı',
    amount: 'Tutar',
    share: 'Gelirin %',
    total: 'Toplam',
    income: 'Gelir',
    costOfGoods: 'Satılan malın maliyeti',
    grossProfit: 'Brüt kâr',
    operatingExpenses: 'Faaliyet giderleri',
    mileageDeduction: 'Kilometre (mil) indirimi',
    net: 'Net kâr',
    purchases: 'Alışlar',
    expenses: 'İşletme giderleri',
    workerPayments: 'Çalışan ödemeleri',
    supplierPayments: 'Tedarikçi ödemeleri',
    miles: 'Mil',
    date: 'Tarih',
    figure: 'Kalem',
    categories: 'Hesaplar',
    category: 'Hesap',
    vehicles: 'Araca göre mil',
    vehicle: 'Araç',
    trips: 'Yolculuklar',
    deduction: 'İndirim',
    workers: 'Çalışana göre ödemeler',
    worker: 'Çalışan',
    kind: 'Tür',
    taxId: 'Vergi no',
    payments: 'Ödemeler',
    flag: 'Eşikte veya üzerinde',
    employee: 'Çalışan',
    contractor: 'Yüklenici',
    yes: 'Evet',
    no: '',
    se: 'Serbest meslek vergisi (tahmin)',
    netEarnings: 'Net kazanç (net kârın %92,35’i)',
    wageBase: 'Sosyal Güvenlik ücret tavanı',
    socialSecurity: 'Sosyal Güvenlik (%12,4)',
    medicare: 'Medicare (%2,9)',
    seNote:
      'Serbest meslek vergisi bir tahmindir: net kârın %92,35’inin %15,3’ü; Sosyal Güvenlik payı yılın ücret tavanıyla sınırlıdır. Vergi danışmanlığı değildir.',
    threshold: (amount: string) => `Yıl içinde ${amount} veya daha fazla ödenen yükleniciler bilgi beyannamesi için işaretlenir.`,
    page: (n: number, of: number) => `Sayfa ${n} / ${of}`,
    daily: 'Günlere göre',
    notDeductible: 'İndirilemez (defterde kalır)',
    method: 'Yöntem',
    standard: 'Standart mil oranı',
    actual: 'Gerçek giderler',
    businessUse: 'İş kullanımı',
    expensesDeducted: 'İndirilen giderler',
  },
} as const;

export const textFor = (language: Language) => TEXT[language];

export interface DocContext {
  business: string;
  currency: string;
  language: Language;
}

const monthName = (language: Language, year: number, month: number, style: 'long' | 'short' = 'long') =>
  new Intl.DateTimeFormat(language, { month: style, year: style === 'long' ? 'numeric' : undefined, timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
const pad = (n: number) => String(n).padStart(2, '0');

export function pnlDoc(p: Pnl, ctx: DocContext): ReportDoc {
  const t = textFor(ctx.language);
  const year = !p.month;
  const months = Array.from({ length: 12 }, (_, i) => ({ header: monthName(ctx.language, p.year, i + 1, 'short'), type: 'money' as const }));
  const columns: Column[] = year
    ? [{ header: t.line, type: 'text' }, ...months, { header: t.total, type: 'money' }]
    : [
        { header: t.line, type: 'text' },
        { header: t.taxLine, type: 'text' },
        { header: t.amount, type: 'money' },
        { header: t.share, type: 'percent' },
      ];
  const rows: Row[] = [];
  const line = (name: string, amount: number, months: number[] | undefined, taxLine: string, share: number | null, style?: Row['style']) =>
    rows.push({ cells: year ? [name, ...(months ?? []), amount] : [name, taxLine, amount, share], style });
  const share = (amount: number) => (p.income > 0 ? Math.round((amount / p.income) * 10_000) / 10_000 : null);
  const section = (name: string) => rows.push({ cells: [name, ...columns.slice(1).map(() => null)], style: 'section' });
  const sectionLines = (s: Pnl['lines'][number]['section']) => {
    for (const l of p.lines.filter((x) => x.section === s)) line(l.name, l.amount, l.months, l.taxLine, l.share, l.level === 1 ? 'indent' : undefined);
  };
  const total = (name: string, amount: number, monthly: number[] | undefined) => line(name, amount, monthly, '', share(amount), 'total');
  section(t.income);
  sectionLines('income');
  total(t.income, p.income, p.monthly?.income);
  section(t.costOfGoods);
  sectionLines('cost_of_goods');
  total(t.costOfGoods, p.costOfGoods, p.monthly?.costOfGoods);
  total(t.grossProfit, p.grossProfit, p.monthly?.grossProfit);
  section(t.operatingExpenses);
  sectionLines('operating_expenses');
  total(t.operatingExpenses, p.operatingExpenses, p.monthly?.operatingExpenses);
  total(t.net, p.net, p.monthly?.net);
  // What a vehicle's method keeps off line 9: in the books, in no total (docs/product.md, "Vehicle methods").
  if (p.notDeductible.length) {
    section(t.notDeductible);
    for (const l of p.notDeductible) line(l.name, l.amount, l.months, '', null, 'indent');
  }
  return {
    fileName: year ? `pnl-${p.year}` : `pnl-${p.year}-${pad(p.month!)}`,
    title: t.pnl,
    period: year ? String(p.year) : monthName(ctx.language, p.year, p.month!),
    ...ctx,
    tables: [{ title: t.pnl, columns, rows }],
  };
}

export function annualDoc(a: Annual, ctx: DocContext, formatMoney: (cents: number) => string): ReportDoc {
  const t = textFor(ctx.language);
  const categories: Table = {
    title: t.categories,
    columns: [
      { header: t.category, type: 'text' },
      { header: t.taxLine, type: 'text' },
      { header: t.amount, type: 'money' },
    ],
    rows: [
      ...a.categories.map((c) => ({ cells: [c.name, c.taxLine, c.amount] })),
      { cells: [t.income, '', a.income], style: 'total' as const },
      { cells: [t.costOfGoods, '', a.costOfGoods], style: 'total' as const },
      { cells: [t.grossProfit, '', a.grossProfit], style: 'total' as const },
      { cells: [t.operatingExpenses, '', a.operatingExpenses], style: 'total' as const },
      { cells: [t.net, '', a.net], style: 'total' as const },
    ],
  };
  const vehicles: Table = {
    title: t.vehicles,
    columns: [
      { header: t.vehicle, type: 'text' },
      { header: t.method, type: 'text' },
      { header: t.trips, type: 'number' },
      { header: t.miles, type: 'number' },
      { header: t.businessUse, type: 'percent' },
      { header: t.deduction, type: 'money' },
      { header: t.expensesDeducted, type: 'money' },
    ],
    rows: [
      ...a.vehicles.map((v) => ({ cells: [v.name, t[v.method], v.trips, v.miles, v.businessShare, v.deduction, v.expensesDeducted] })),
      {
        cells: [
          t.total,
          '',
          a.vehicles.reduce((n, v) => n + v.trips, 0),
          a.miles,
          null,
          a.mileageDeduction,
          a.vehicles.reduce((n, v) => n + v.expensesDeducted, 0),
        ],
        style: 'total' as const,
      },
    ],
  };
  const notDeductible: Table = {
    title: t.notDeductible,
    columns: [
      { header: t.line, type: 'text' },
      { header: t.amount, type: 'money' },
    ],
    rows: a.notDeductible.map((l) => ({ cells: [l.name, l.amount] })),
  };
  const workers: Table = {
    title: t.workers,
    columns: [
      { header: t.worker, type: 'text' },
      { header: t.kind, type: 'text' },
      { header: t.taxId, type: 'text' },
      { header: t.payments, type: 'number' },
      { header: t.amount, type: 'money' },
      { header: t.flag, type: 'text' },
    ],
    rows: a.workers.map((w) => ({ cells: [w.name, t[w.kind], w.taxIdMasked ?? '', w.payments, w.amount, w.overThreshold ? t.yes : t.no] })),
  };
  const se = a.selfEmploymentTax;
  const tax: Table = {
    title: t.se,
    columns: [
      { header: t.figure, type: 'text' },
      { header: t.amount, type: 'money' },
    ],
    rows: [
      { cells: [t.net, a.net] },
      { cells: [t.netEarnings, se.netEarnings] },
      { cells: [t.wageBase, se.socialSecurityWageBase] },
      { cells: [t.socialSecurity, se.socialSecurity] },
      { cells: [t.medicare, se.medicare] },
      { cells: [t.se, se.total], style: 'total' },
    ],
  };
  return {
    fileName: `annual-${a.year}`,
    title: t.annual,
    period: String(a.year),
    ...ctx,
    tables: [categories, ...(a.notDeductible.length ? [notDeductible] : []), vehicles, workers, tax],
    note: `${t.threshold(formatMoney(a.contractorThreshold))} ${t.seNote}`,
  };
}

export function summaryDoc(s: MonthSummary, ctx: DocContext): ReportDoc {
  const t = textFor(ctx.language);
  const figures: Table = {
    title: t.summary,
    columns: [
      { header: t.figure, type: 'text' },
      { header: t.amount, type: 'money' },
    ],
    rows: [
      { cells: [t.income, s.income] },
      { cells: [t.purchases, s.purchases] },
      { cells: [t.expenses, s.expenses] },
      { cells: [t.workerPayments, s.workerPayments] },
      { cells: [t.supplierPayments, s.supplierPayments] },
      { cells: [t.mileageDeduction, s.mileageDeduction] },
      { cells: [t.net, s.net], style: 'total' },
    ],
  };
  const daily: Table = {
    title: t.daily,
    columns: [
      { header: t.date, type: 'date' },
      { header: t.income, type: 'money' },
      { header: t.purchases, type: 'money' },
      { header: t.expenses, type: 'money' },
      { header: t.workerPayments, type: 'money' },
      { header: t.supplierPayments, type: 'money' },
      { header: t.miles, type: 'number' },
      { header: t.mileageDeduction, type: 'money' },
      { header: t.net, type: 'money' },
    ],
    rows: [
      ...s.daily.map((d) => ({ cells: [d.date, d.income, d.purchases, d.expenses, d.workerPayments, d.supplierPayments, d.miles, d.mileageDeduction, d.net] })),
      { cells: [t.total, s.income, s.purchases, s.expenses, s.workerPayments, s.supplierPayments, s.miles, s.mileageDeduction, s.net], style: 'total' },
    ],
  };
  return {
    fileName: `month-summary-${s.year}-${pad(s.month)}`,
    title: t.summary,
    period: monthName(ctx.language, s.year, s.month),
    ...ctx,
    tables: [figures, daily],
  };
}
