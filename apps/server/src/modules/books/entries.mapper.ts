// An entry's row as the wire shows it, and back as a line the rules check again after a change.
import { fromScaled, type Attachment, type Entry, type EntryInput } from '@cuadre/contracts';
import type { AttachmentJson, AttachmentRow, DetailedEntry, EntryRow } from './entries.repository.js';

const toIso = (v: string | Date) => new Date(v).toISOString();

export function toAttachment(a: AttachmentRow | AttachmentJson): Attachment {
  return { id: a.id, entryId: a.entryId, fileName: a.fileName, mime: a.mime, size: a.size, createdAt: toIso(a.createdAt) };
}

export function toEntry(d: DetailedEntry): Entry {
  const e = d.entry;
  return {
    id: e.id,
    type: e.type,
    date: e.date,
    amount: e.amount,
    categoryId: e.categoryId,
    categoryName: d.categoryName,
    subcategoryId: e.subcategoryId,
    subcategoryName: d.subcategoryName,
    paymentMethod: e.paymentMethod,
    reference: e.reference,
    description: e.description,
    workerId: e.workerId,
    workerName: d.workerName,
    providerId: e.providerId,
    providerName: d.providerName,
    productId: e.productId,
    productName: d.productName,
    contactId: e.contactId,
    contactName: d.contactName,
    vehicleId: e.vehicleId,
    vehicleName: d.vehicleName,
    quantity: e.quantity === null ? null : fromScaled(e.quantity, 3),
    unitCost: e.unitCost,
    hours: e.hours,
    inventoryProductId: e.inventoryProductId,
    recurringId: e.recurringId,
    attachments: d.attachments.map(toAttachment),
    createdAt: toIso(e.createdAt),
    updatedAt: toIso(e.updatedAt),
  };
}

/** A full set of an entry's fields, as written or as they stand after a change. */
export type Line = Omit<EntryInput, 'paymentMethod'> & { paymentMethod: EntryInput['paymentMethod'] };

export function rowToLine(e: EntryRow): Line {
  return {
    type: e.type,
    date: e.date,
    amount: e.amount as Line['amount'],
    categoryId: e.categoryId,
    subcategoryId: e.subcategoryId,
    paymentMethod: e.paymentMethod,
    reference: e.reference,
    description: e.description,
    workerId: e.workerId,
    providerId: e.providerId,
    productId: e.productId,
    contactId: e.contactId,
    vehicleId: e.vehicleId,
    quantity: e.quantity === null ? null : fromScaled(e.quantity, 3),
    unitCost: e.unitCost as Line['unitCost'],
    hours: e.hours,
    inventoryProductId: e.inventoryProductId,
  };
}
