import { z } from 'zod/mini';
import { toScaled, type InventoryProduct, type ProductFields } from '@cuadre/contracts';
import { centsToText, decimalText, numberText, parseMoney } from '@/lib/money';

/** The product form's values: text as typed, the tags as ids. */
export interface ProductFormValues {
  name: string;
  description: string;
  sku: string;
  barcode: string;
  category: string;
  brand: string;
  vendor: string;
  tags: string[];
  stock: string;
  reserved: string;
  cost: string;
  basePrice: string;
  taxPercent: string;
  weight: string;
  active: boolean;
}

const units = z.string().check(z.refine((v) => /^\s*\d{1,9}\s*$/.test(v), { params: { i18n: 'inventory.validation.units' } }));
const money = z.string().check(z.refine((v) => v.trim() === '' || parseMoney(v) !== undefined, { params: { i18n: 'inventory.validation.money' } }));
const decimal = (places: number, max: number, key: string) =>
  z.string().check(
    z.refine(
      (v) => {
        if (v.trim() === '') return true;
        const d = decimalText(v, places);
        return d !== undefined && Number(d) <= max;
      },
      { params: { i18n: key } },
    ),
  );

/** The form's rules: the contract's, in the form's text (whole units, money, two decimals of tax), and reserved never above stock. */
export const ZProductForm = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    description: z.string().check(z.maxLength(5000)),
    sku: z.string().check(z.maxLength(64)),
    barcode: z.string().check(z.maxLength(64)),
    category: z.string(),
    brand: z.string(),
    vendor: z.string(),
    tags: z.array(z.string()),
    stock: units,
    reserved: units,
    cost: money,
    basePrice: money,
    taxPercent: decimal(2, 100, 'inventory.validation.tax'),
    weight: decimal(3, 100_000, 'inventory.validation.weight'),
    active: z.boolean(),
  })
  .check(
    z.refine((v) => !/^\s*\d+\s*$/.test(v.stock) || !/^\s*\d+\s*$/.test(v.reserved) || Number(v.reserved) <= Number(v.stock), {
      path: ['reserved'],
      params: { i18n: 'inventory.validation.reserved' },
    }),
  );

export function toFormValues(p?: InventoryProduct): ProductFormValues {
  return {
    name: p?.name ?? '',
    description: p?.description ?? '',
    sku: p?.sku ?? '',
    barcode: p?.barcode ?? '',
    category: p?.category ?? '',
    brand: p?.brand ?? '',
    vendor: p?.vendor ?? '',
    tags: p?.tags ?? [],
    stock: String(p?.stock ?? 0),
    reserved: String(p?.reserved ?? 0),
    cost: p ? centsToText(p.cost) : '',
    basePrice: p ? centsToText(p.basePrice) : '',
    taxPercent: p ? numberText(p.taxPercent, 2) : '',
    weight: p ? numberText(p.weight, 3) : '',
    active: p?.active ?? true,
  };
}

/** The form's values as the API's product fields: cents, whole units, the tax and the weight as exact text. */
export function toProductFields(v: ProductFormValues): ProductFields {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    sku: v.sku.trim(),
    barcode: v.barcode.trim(),
    category: v.category || null,
    brand: v.brand || null,
    vendor: v.vendor || null,
    tags: v.tags,
    stock: Number(v.stock.trim()),
    reserved: Number(v.reserved.trim()),
    cost: v.cost.trim() ? parseMoney(v.cost)! : 0,
    basePrice: v.basePrice.trim() ? parseMoney(v.basePrice)! : 0,
    taxPercent: v.taxPercent.trim() ? decimalText(v.taxPercent, 2)! : 0,
    weight: v.weight.trim() ? decimalText(v.weight, 3)! : 0,
    active: v.active,
  };
}

/** The tax in hundredths of a percent, as the price's preview needs it (undefined while the text is not a number). */
export function taxHundredths(text: string): number | undefined {
  if (!text.trim()) return 0;
  const d = decimalText(text, 2);
  return d === undefined ? undefined : toScaled(Number(d), 2);
}
