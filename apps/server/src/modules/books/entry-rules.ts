import { KINDS_FOR_TYPE, purchaseAmount, toScaled, type EntryType, type ErrorDetail } from '@cuadre/contracts';
import type { EntryRow, NewEntry } from './entries.repository.js';
import type { Line } from './entries.mapper.js';
import type { References } from './references.js';

const NAMES: Record<EntryType, string> = {
  income: 'income',
  expense: 'an expense',
  purchase: 'a purchase',
  worker_payment: 'a worker payment',
  supplier_payment: 'a supplier payment',
};

/**
 * Checks one line against the rules of docs/product.md ("Entries") and turns it into the row to write, filling what a
 * product or a provider gives by default. Problems go into `details` under `prefix` (e.g.
 * "entries.3."); `before` is the entry being changed, whose references may stay as they are even
 * if deactivated since.
 */
export function resolveLine(line: Line, refs: References, prefix: string, details: ErrorDetail[], before?: EntryRow): NewEntry | undefined {
  const start = details.length;
  const fail = (field: string, message: string) => details.push({ path: prefix + field, message });
  const changed = (field: keyof EntryRow, value: unknown) => !before || before[field] !== value;
  const t = line.type;

  if (t !== 'worker_payment') {
    if (line.workerId) fail('workerId', `Only a worker payment names a worker, not ${NAMES[t]}`);
    if (line.hours !== undefined && line.hours !== null) fail('hours', 'Only a worker payment records hours');
  }
  // Stock: a purchase or an income may name an inventory product, with the whole units it moves.
  const stockItem = line.inventoryProductId ?? null;
  if (stockItem && t !== 'purchase' && t !== 'income') fail('inventoryProductId', 'Only a purchase or an income names an inventory product');
  const hasQuantity = line.quantity !== undefined && line.quantity !== null;
  if (stockItem && (t === 'purchase' || t === 'income')) {
    if (!hasQuantity) fail('quantity', 'Give the quantity of the inventory product');
    else if (toScaled(line.quantity!, 3) % 1000 !== 0) fail('quantity', 'Stock moves in whole units');
  }
  if (t !== 'purchase') {
    if (line.productId) fail('productId', 'Only a purchase names a product');
    if (hasQuantity && !(t === 'income' && stockItem)) fail('quantity', 'Only a purchase, or an income naming an inventory product, has a quantity');
    if (line.unitCost !== undefined && line.unitCost !== null) fail('unitCost', 'Only a purchase has a unit cost');
  }
  if (t !== 'income' && line.contactId) fail('contactId', `Only an income entry names a contact, not ${NAMES[t]}`);
  else if (line.contactId && !refs.contacts.has(line.contactId)) fail('contactId', 'No such contact');
  // A vehicle: an operational expense may say which vehicle it is for (docs/product.md, "Vehicle methods").
  if (line.vehicleId) {
    const vehicle = refs.vehicles.get(line.vehicleId);
    if (t !== 'expense') fail('vehicleId', `Only an operational expense names a vehicle, not ${NAMES[t]}`);
    else if (!vehicle) fail('vehicleId', 'No such vehicle');
    else if (!vehicle.active && changed('vehicleId', line.vehicleId)) fail('vehicleId', 'This vehicle is inactive');
  }
  if ((t === 'income' || t === 'worker_payment') && line.providerId) fail('providerId', `A provider is not named on ${NAMES[t]}`);

  // The registries: the owner's own, active when newly named.
  const worker = line.workerId ? refs.workers.get(line.workerId) : undefined;
  if (t === 'worker_payment') {
    if (!line.workerId) fail('workerId', 'A worker payment names the worker paid');
    else if (!worker) fail('workerId', 'No such worker');
    else if (!worker.active && changed('workerId', line.workerId)) fail('workerId', 'This worker is inactive');
  }
  const provider = line.providerId ? refs.providers.get(line.providerId) : undefined;
  if (line.providerId && t !== 'income' && t !== 'worker_payment') {
    if (!provider) fail('providerId', 'No such provider');
    else if (!provider.active && changed('providerId', line.providerId)) fail('providerId', 'This provider is inactive');
  }
  if (t === 'supplier_payment' && !line.providerId) fail('providerId', 'A supplier payment names the provider paid');
  const product = line.productId ? refs.products.get(line.productId) : undefined;
  if (line.productId && t === 'purchase') {
    if (!product) fail('productId', 'No such product');
    else if (!product.active && changed('productId', line.productId)) fail('productId', 'This product is inactive');
  }

  // The amount: given, or for a purchase quantity × unit cost, rounded half up to the cent.
  let amount = line.amount as number | undefined;
  let quantity: number | null = null;
  let unitCost = (line.unitCost as number | null | undefined) ?? null;
  if (t === 'purchase') {
    if (unitCost === null && product?.defaultUnitCost) unitCost = product.defaultUnitCost;
    if (line.quantity !== undefined && line.quantity !== null) {
      quantity = toScaled(line.quantity, 3);
      if (unitCost === null) fail('unitCost', 'A purchase by quantity needs the unit cost');
      else {
        amount = purchaseAmount(quantity, unitCost);
        if (amount <= 0) fail('quantity', 'The quantity × unit cost comes to less than a cent');
        else if (amount > 100_000_000_000) fail('quantity', 'The quantity × unit cost is too large');
      }
    } else if (line.unitCost !== undefined && line.unitCost !== null) fail('quantity', 'Give the quantity with the unit cost');
  }
  if (amount === undefined) fail('amount', 'The amount is required');

  // The category: given, or the product's or the provider's default; of a kind that fits the type.
  const categoryId = line.categoryId ?? (t === 'purchase' ? product?.categoryId : undefined) ?? provider?.defaultCategoryId ?? undefined;
  const category = categoryId ? refs.categories.get(categoryId) : undefined;
  if (!categoryId) fail('categoryId', 'Choose a category');
  else if (!category) fail('categoryId', 'No such category');
  else if (!category.active && changed('categoryId', categoryId)) fail('categoryId', 'This category is inactive');
  else if (!KINDS_FOR_TYPE[t].includes(category.kind))
    fail('categoryId', `${category.name} is not a category for ${NAMES[t]} (use a category of kind ${KINDS_FOR_TYPE[t].join(' or ')})`);

  if (line.subcategoryId) {
    const sub = refs.subcategories.get(line.subcategoryId);
    if (!sub) fail('subcategoryId', 'No such subcategory');
    else if (sub.categoryId !== categoryId) fail('subcategoryId', 'The subcategory belongs to another category');
    else if (!sub.active && changed('subcategoryId', line.subcategoryId)) fail('subcategoryId', 'This subcategory is inactive');
  }
  if (details.length > start) return undefined;
  return {
    type: t,
    date: line.date,
    amount: amount!,
    categoryId: categoryId!,
    subcategoryId: line.subcategoryId ?? null,
    paymentMethod: line.paymentMethod,
    reference: line.reference || null,
    description: line.description || null,
    workerId: t === 'worker_payment' ? line.workerId! : null,
    providerId: line.providerId ?? (t === 'purchase' ? (product?.providerId ?? null) : null),
    productId: t === 'purchase' ? (line.productId ?? null) : null,
    contactId: t === 'income' ? (line.contactId ?? null) : null,
    vehicleId: t === 'expense' ? (line.vehicleId ?? null) : null,
    quantity: t === 'income' && stockItem && hasQuantity ? toScaled(line.quantity!, 3) : quantity,
    unitCost: t === 'purchase' ? unitCost : null,
    hours: t === 'worker_payment' ? (line.hours ?? null) : null,
    inventoryProductId: t === 'purchase' || t === 'income' ? stockItem : null,
  };
}

export function refsWanted(lines: Line[]) {
  return {
    subcategoryIds: lines.map((l) => l.subcategoryId),
    workerIds: lines.map((l) => l.workerId),
    providerIds: lines.map((l) => l.providerId),
    productIds: lines.map((l) => l.productId),
    contactIds: lines.map((l) => l.contactId),
    vehicleIds: lines.map((l) => l.vehicleId),
  };
}
