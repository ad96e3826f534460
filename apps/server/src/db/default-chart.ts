import type { Language } from '@cuadre/contracts';

/** A seeded row's name in each language of the interface. */
export type ChartNames = Record<Language, string>;

/**
 * The default chart of docs/product.md as the migrations seed it: fixed ids (0003_default_chart) and the
 * names in English, Spanish and Turkish (0010_chart_names). The Spanish name is also the row's
 * `name`, the fallback. Code that needs one of these rows (the demo seed, the mileage line, tests)
 * finds it here by its id, never by a name a reader might see in another language.
 */
export const DEFAULT_CATEGORIES: readonly { id: string; names: ChartNames }[] = [
  { id: '00000000-0000-4000-8000-000000000001', names: { en: 'Sales', es: 'Ventas', tr: 'Satışlar' } },
  { id: '00000000-0000-4000-8000-000000000002', names: { en: 'Services', es: 'Servicios', tr: 'Hizmetler' } },
  { id: '00000000-0000-4000-8000-000000000003', names: { en: 'Other income', es: 'Otros ingresos', tr: 'Diğer gelirler' } },
  { id: '00000000-0000-4000-8000-000000000004', names: { en: 'Merchandise purchases', es: 'Compras de mercancía', tr: 'Ticari mal alımları' } },
  { id: '00000000-0000-4000-8000-000000000005', names: { en: 'Production materials', es: 'Materiales de producción', tr: 'Üretim malzemeleri' } },
  { id: '00000000-0000-4000-8000-000000000006', names: { en: 'Salaries and wages', es: 'Salarios y jornales', tr: 'Maaşlar ve ücretler' } },
  { id: '00000000-0000-4000-8000-000000000007', names: { en: 'Contract labor', es: 'Trabajo por contrato', tr: 'Sözleşmeli işçilik' } },
  { id: '00000000-0000-4000-8000-000000000008', names: { en: 'Employee benefits', es: 'Beneficios a empleados', tr: 'Çalışan yan hakları' } },
  { id: '00000000-0000-4000-8000-000000000009', names: { en: 'Advertising', es: 'Publicidad', tr: 'Reklam' } },
  { id: '00000000-0000-4000-8000-000000000010', names: { en: 'Vehicle expenses', es: 'Gastos de vehículo', tr: 'Araç giderleri' } },
  { id: '00000000-0000-4000-8000-000000000011', names: { en: 'Commissions and fees', es: 'Comisiones y cargos', tr: 'Komisyonlar ve ücretler' } },
  { id: '00000000-0000-4000-8000-000000000012', names: { en: 'Insurance', es: 'Seguros', tr: 'Sigorta' } },
  { id: '00000000-0000-4000-8000-000000000013', names: { en: 'Interest', es: 'Intereses', tr: 'Faiz' } },
  {
    id: '00000000-0000-4000-8000-000000000014',
    names: { en: 'Legal and professional services', es: 'Servicios legales y profesionales', tr: 'Hukuki ve mesleki hizmetler' },
  },
  { id: '00000000-0000-4000-8000-000000000015', names: { en: 'Office expenses', es: 'Gastos de oficina', tr: 'Ofis giderleri' } },
  {
    id: '00000000-0000-4000-8000-000000000016',
    names: { en: 'Vehicle and equipment leases', es: 'Arrendamiento de vehículos y equipo', tr: 'Araç ve ekipman kiralama' },
  },
  { id: '00000000-0000-4000-8000-000000000017', names: { en: 'Business premises rent', es: 'Renta de local', tr: 'İşyeri kirası' } },
  { id: '00000000-0000-4000-8000-000000000018', names: { en: 'Repairs and maintenance', es: 'Reparaciones y mantenimiento', tr: 'Onarım ve bakım' } },
  { id: '00000000-0000-4000-8000-000000000019', names: { en: 'Materials and supplies', es: 'Materiales y suministros', tr: 'Malzeme ve sarf malzemeleri' } },
  { id: '00000000-0000-4000-8000-000000000020', names: { en: 'Taxes and licenses', es: 'Impuestos y licencias', tr: 'Vergiler ve ruhsatlar' } },
  { id: '00000000-0000-4000-8000-000000000021', names: { en: 'Travel', es: 'Viajes', tr: 'Seyahat' } },
  { id: '00000000-0000-4000-8000-000000000022', names: { en: 'Meals', es: 'Comidas', tr: 'Yemek' } },
  { id: '00000000-0000-4000-8000-000000000023', names: { en: 'Utilities', es: 'Utilidades', tr: 'Faturalar' } },
  { id: '00000000-0000-4000-8000-000000000024', names: { en: 'Other expenses', es: 'Otros gastos', tr: 'Diğer giderler' } },
];

/** The shared subcategories of the default chart, under their category. */
export const DEFAULT_SUBCATEGORIES: readonly { id: string; categoryId: string; names: ChartNames }[] = [
  { id: '00000000-0000-4000-9000-000010000001', categoryId: '00000000-0000-4000-8000-000000000010', names: { en: 'Fuel', es: 'Combustible', tr: 'Yakıt' } },
  {
    id: '00000000-0000-4000-9000-000010000002',
    categoryId: '00000000-0000-4000-8000-000000000010',
    names: { en: 'Tolls', es: 'Peajes', tr: 'Geçiş ücretleri' },
  },
  {
    id: '00000000-0000-4000-9000-000010000003',
    categoryId: '00000000-0000-4000-8000-000000000010',
    names: { en: 'Parking', es: 'Estacionamiento', tr: 'Otopark' },
  },
  {
    id: '00000000-0000-4000-9000-000015000001',
    categoryId: '00000000-0000-4000-8000-000000000015',
    names: { en: 'Stationery', es: 'Papelería', tr: 'Kırtasiye' },
  },
  { id: '00000000-0000-4000-9000-000015000002', categoryId: '00000000-0000-4000-8000-000000000015', names: { en: 'Software', es: 'Software', tr: 'Yazılım' } },
  {
    id: '00000000-0000-4000-9000-000023000001',
    categoryId: '00000000-0000-4000-8000-000000000023',
    names: { en: 'Electricity', es: 'Electricidad', tr: 'Elektrik' },
  },
  { id: '00000000-0000-4000-9000-000023000002', categoryId: '00000000-0000-4000-8000-000000000023', names: { en: 'Water', es: 'Agua', tr: 'Su' } },
  { id: '00000000-0000-4000-9000-000023000003', categoryId: '00000000-0000-4000-8000-000000000023', names: { en: 'Phone', es: 'Teléfono', tr: 'Telefon' } },
  { id: '00000000-0000-4000-9000-000023000004', categoryId: '00000000-0000-4000-8000-000000000023', names: { en: 'Internet', es: 'Internet', tr: 'İnternet' } },
];

/** Gastos de vehículo: the mileage deduction is reported under it (Schedule C line 9). */
export const VEHICLE_CATEGORY_ID = '00000000-0000-4000-8000-000000000010';

/** The profit and loss's line for the standard mileage deduction, in the reader's language. */
export const MILEAGE_LINE_NAMES: ChartNames = {
  en: 'Vehicle expenses (standard mileage)',
  es: 'Gastos de vehículo (millaje estándar)',
  tr: 'Araç giderleri (standart mil oranı)',
};

/** The id of a default category by its Spanish name (as docs/product.md's chart names it), for code written against that chart. */
export function defaultCategoryId(spanishName: string): string {
  const found = DEFAULT_CATEGORIES.find((c) => c.names.es === spanishName);
  if (!found) throw new Error(`No default category named ${spanishName}`);
  return found.id;
}

/** The id of a shared default subcategory by its Spanish name. */
export function defaultSubcategoryId(spanishName: string): string {
  const found = DEFAULT_SUBCATEGORIES.find((s) => s.names.es === spanishName);
  if (!found) throw new Error(`No default subcategory named ${spanishName}`);
  return found.id;
}

/**
 * Parking fees and tolls (Gastos de vehículo's shared Estacionamiento and Peajes): deducted in full
 * whichever method a vehicle has for the year (Pub. 463), so a vehicle's method never touches them.
 */
export const PARKING_AND_TOLLS_SUBCATEGORY_IDS: readonly string[] = ['00000000-0000-4000-9000-000010000002', '00000000-0000-4000-9000-000010000003'];

/**
 * Intereses (line 16b): naming a vehicle, it is the car loan's interest, whose business part stays
 * deductible with the standard rate for the self-employed (Pub. 463). docs/product.md, "Vehicle methods".
 */
export const INTEREST_CATEGORY_ID = '00000000-0000-4000-8000-000000000013';

/** The reports' line for what a vehicle's method keeps off line 9, in the reader's language. */
export const NOT_DEDUCTIBLE_NAMES: Record<Language, { standard: (vehicle: string) => string; actual: (vehicle: string, percent: string) => string }> = {
  en: {
    standard: (v) => `Not deductible: standard mileage chosen for ${v}`,
    actual: (v, p) => `Not deductible: personal use of ${v} (actual expenses, ${p}% business)`,
  },
  es: {
    standard: (v) => `No deducible: millaje estándar elegido para ${v}`,
    actual: (v, p) => `No deducible: uso personal de ${v} (gastos reales, ${p} % de negocio)`,
  },
  tr: {
    standard: (v) => `İndirilemez: ${v} için standart mil oranı seçildi`,
    actual: (v, p) => `İndirilemez: ${v} kişisel kullanımı (gerçek giderler, %${p} iş)`,
  },
};
