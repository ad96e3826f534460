import { sql } from 'drizzle-orm';
import { ErrorCode, type StorageParts } from '@cuadre/contracts';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { ownedBy } from '../../db/owned.js';
import { attachments, contacts, fileItems, inventoryProductImages } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/**
 * The owner's storage quota (FILES_QUOTA_MB) over everything they keep in the file store: the file
 * manager's files, the receipts, the contacts' avatars and the products' images. Every upload takes
 * the owner's lock, then checks, in the transaction that writes its row, so two at once cannot both
 * pass the quota.
 */
export class StorageQuota {
  constructor(readonly limitBytes: number) {}

  /** The owner's stored bytes, by kind. */
  async parts(db: DbOrTx, ownerId: string): Promise<StorageParts> {
    const s = ownedBy(db, ownerId);
    const [row] = await queryRows<Record<keyof StorageParts, string | number | null>>(
      db,
      s.sql`select
        (select coalesce(sum(size), 0) from ${fileItems}) as files,
        (select coalesce(sum(size), 0) from ${attachments}) as receipts,
        (select coalesce(sum(avatar_size), 0) from ${contacts}) as avatars,
        (select coalesce(sum(size), 0) from ${inventoryProductImages}) as "productImages"`,
    );
    return {
      files: Number(row?.files ?? 0),
      receipts: Number(row?.receipts ?? 0),
      avatars: Number(row?.avatars ?? 0),
      productImages: Number(row?.productImages ?? 0),
    };
  }

  async used(db: DbOrTx, ownerId: string): Promise<number> {
    const p = await this.parts(db, ownerId);
    return p.files + p.receipts + p.avatars + p.productImages;
  }

  /** Serialises the owner's uploads until the transaction ends (one lock for every kind of upload). */
  async lock(tx: DbOrTx, ownerId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`files:${ownerId}`}))`);
  }

  /** 413 STORAGE_FULL when `bytes` more would pass the quota. In a transaction, call `lock` first. */
  async assertRoom(db: DbOrTx, ownerId: string, bytes: number): Promise<void> {
    const used = await this.used(db, ownerId);
    if (used + bytes > this.limitBytes) {
      throw new AppError(
        413,
        ErrorCode.STORAGE_FULL,
        `Your storage is full: ${mb(used)} of ${mb(this.limitBytes)} used (files, receipts, contact pictures and product images together), ${mb(Math.max(0, this.limitBytes - used))} left. Delete files or images to make room.`,
      );
    }
  }

  /** Takes the owner's lock and checks the room, inside the transaction `tx`. */
  async reserve(tx: DbOrTx, ownerId: string, bytes: number): Promise<void> {
    await this.lock(tx, ownerId);
    await this.assertRoom(tx, ownerId, bytes);
  }
}
