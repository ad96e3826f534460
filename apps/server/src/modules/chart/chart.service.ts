import {
  fromScaled,
  toScaled,
  type Category,
  type CategoryBody,
  type CategoryList,
  type CategoryPatch,
  type CategoryQuery,
  type Language,
  type MileageRate,
  type MileageRateList,
  type Subcategory,
  type SubcategoryBody,
  type SubcategoryList,
  type SubcategoryPatch,
  type SubcategoryQuery,
} from '@cuadre/contracts';
import { withTransaction, type Db, type DbOrTx } from '../../db/client.js';
import { badReference, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { Authenticated } from '../auth/index.js';
import { AuditRepository } from '../books/index.js';
import { ChartRepository, type CategoryRow, type MileageRateRow, type SubcategoryRow } from './chart.repository.js';

export const toCategory = (c: CategoryRow): Category => ({
  id: c.id,
  name: c.name,
  translated: c.names !== null,
  kind: c.kind,
  taxLine: c.taxLine,
  sortOrder: c.sortOrder,
  active: c.active,
  createdAt: c.createdAt.toISOString(),
});
export const toSubcategory = (s: SubcategoryRow): Subcategory => ({
  id: s.id,
  categoryId: s.categoryId,
  categoryName: s.categoryName,
  categoryKind: s.categoryKind,
  name: s.name,
  translated: s.names !== null,
  active: s.active,
  ownerId: s.ownerId,
  createdAt: s.createdAt.toISOString(),
});
const toRate = (r: MileageRateRow): MileageRate => ({
  id: r.id,
  effectiveFrom: r.effectiveFrom,
  centsPerMile: fromScaled(r.rateTenths, 1),
  createdAt: r.createdAt.toISOString(),
});
const page = (q: { page: number; size: number }, total: number) => ({ page: q.page, size: q.size, total, lastPage: Math.max(1, Math.ceil(total / q.size)) });
const nameConflict = () =>
  conflict('A subcategory of that name already exists in this category', [{ path: 'name', message: 'This name is taken in the category' }]);

/**
 * A name sent in a change: the name shown now (a form saved as it was) changes nothing; any other
 * is the writer's own, shown as written in every language, so it replaces a default row's translations.
 */
const renamed = (shown: string, name: string | undefined) => (name === undefined || name === shown ? {} : { name, names: null });

/**
 * The chart: read by every owner, kept by administrators (categories, shared subcategories, mileage
 * rates); owners keep their own subcategories. Something in use is deactivated, never deleted.
 * Names are read and written in the caller's language (`language`): the default rows answer in it.
 */
export class ChartService {
  constructor(private readonly db: Db) {}

  async categories(q: CategoryQuery, language: Language): Promise<CategoryList> {
    const { items, total } = await new ChartRepository(this.db, undefined, language).listCategories(q);
    return { items: items.map(toCategory), pagination: page(q, total) };
  }

  async category(id: string, language: Language): Promise<Category> {
    const row = await new ChartRepository(this.db, undefined, language).category(id);
    if (!row) throw notFound('Category');
    return toCategory(row);
  }

  /** A category an administrator adds carries the name they wrote, in every language. */
  async createCategory(body: CategoryBody, language: Language): Promise<Category> {
    return withTransaction(this.db, async (tx) => {
      const repo = new ChartRepository(tx, undefined, language);
      return toCategory(await repo.insertCategory({ ...body, sortOrder: body.sortOrder ?? (await repo.nextSortOrder()) }));
    });
  }

  async updateCategory(id: string, patch: CategoryPatch, language: Language): Promise<Category> {
    return withTransaction(this.db, async (tx) => {
      const repo = new ChartRepository(tx, undefined, language);
      const before = await repo.category(id);
      if (!before) throw notFound('Category');
      // Entries were checked against the kind they were written under; a new kind would break that rule for them.
      if (patch.kind && patch.kind !== before.kind && (await repo.categoryInUse(id))) {
        throw conflict('This category is in use; its kind cannot change. Create a new category instead', [
          { path: 'kind', message: 'In use: the kind cannot change' },
        ]);
      }
      const { name, ...rest } = patch;
      return toCategory((await repo.updateCategory(id, { ...rest, ...renamed(before.name, name) }))!);
    });
  }

  async deleteCategory(id: string): Promise<true> {
    return withTransaction(this.db, async (tx) => {
      const repo = new ChartRepository(tx);
      if (!(await repo.category(id))) throw notFound('Category');
      if (await repo.categoryInUse(id)) throw conflict('This category is in use; deactivate it instead of deleting it');
      await repo.deleteCategory(id);
      return true as const;
    });
  }

  async reorder(ids: string[], language: Language): Promise<CategoryList> {
    await withTransaction(this.db, async (tx) => {
      const repo = new ChartRepository(tx);
      for (const [i, id] of ids.entries()) if (!(await repo.category(id))) throw badReference(`ids.${i}`, 'No such category');
      await repo.reorder(ids);
    });
    return this.categories({ page: 1, size: 100, order: 'asc', sort: 'sortOrder' }, language);
  }

  // Subcategories: `owner` undefined is the administrator keeping the shared ones.

  async subcategories(owner: Authenticated | undefined, q: SubcategoryQuery, language: Language): Promise<SubcategoryList> {
    const { items, total } = await new ChartRepository(this.db, owner?.user.id, language).listSubcategories(q);
    return { items: items.map(toSubcategory), pagination: page(q, total) };
  }

  async subcategory(owner: Authenticated | undefined, id: string, language: Language): Promise<Subcategory> {
    const row = await new ChartRepository(this.db, owner?.user.id, language).subcategory(id);
    if (!row) throw notFound('Subcategory');
    return toSubcategory(row);
  }

  async createSubcategory(owner: Authenticated | undefined, body: SubcategoryBody, language: Language): Promise<Subcategory> {
    const ownerId = owner?.user.id;
    return this.guardUnique(() =>
      withTransaction(this.db, async (tx) => {
        const repo = new ChartRepository(tx, ownerId, language);
        await this.checkCategory(repo, body.categoryId);
        if (await repo.nameTaken(body.categoryId, body.name)) throw nameConflict();
        const row = await repo.insertSubcategory(body);
        const out = (await repo.subcategory(row.id))!;
        if (ownerId) await new AuditRepository(tx, ownerId, ownerId).record('subcategory', row.id, 'create', null, row);
        return toSubcategory(out);
      }),
    );
  }

  async updateSubcategory(owner: Authenticated | undefined, id: string, patch: SubcategoryPatch, language: Language): Promise<Subcategory> {
    const ownerId = owner?.user.id;
    return this.guardUnique(() =>
      withTransaction(this.db, async (tx) => {
        const repo = new ChartRepository(tx, ownerId, language);
        const before = await this.ownSubcategory(repo, ownerId, id);
        const { name, ...rest } = patch;
        const rename = renamed(before.name, name);
        const categoryId = patch.categoryId ?? before.categoryId;
        if (patch.categoryId && patch.categoryId !== before.categoryId) {
          await this.checkCategory(repo, patch.categoryId);
          if (await repo.subcategoryInUse(id)) throw conflict('This subcategory is in use; it cannot move to another category');
        }
        if ((rename.name || patch.categoryId) && (await repo.nameTaken(categoryId, rename.name ?? before.name, id))) throw nameConflict();
        await repo.updateSubcategory(id, { ...rest, ...rename });
        const after = (await repo.subcategory(id))!;
        if (ownerId) await new AuditRepository(tx, ownerId, ownerId).record('subcategory', id, 'update', before, after);
        return toSubcategory(after);
      }),
    );
  }

  async deleteSubcategory(owner: Authenticated | undefined, id: string): Promise<true> {
    const ownerId = owner?.user.id;
    return withTransaction(this.db, async (tx) => {
      const repo = new ChartRepository(tx, ownerId);
      const before = await this.ownSubcategory(repo, ownerId, id);
      if (await repo.subcategoryInUse(id)) throw conflict('This subcategory is in use; deactivate it instead of deleting it');
      await repo.deleteSubcategory(id);
      if (ownerId) await new AuditRepository(tx, ownerId, ownerId).record('subcategory', id, 'delete', before, null);
      return true as const;
    });
  }

  /** An owner changes only their own subcategories; a shared one is the administrators'. */
  private async ownSubcategory(repo: ChartRepository, ownerId: string | undefined, id: string) {
    const row = await repo.subcategory(id);
    if (!row) throw notFound('Subcategory');
    if (ownerId && row.ownerId !== ownerId) throw forbidden('Shared subcategories are kept by the administrators');
    return row;
  }

  private async checkCategory(repo: ChartRepository, categoryId: string) {
    const category = await repo.category(categoryId);
    if (!category || !category.active) throw badReference('categoryId', 'No such active category');
  }

  /** Two requests that race past the name check meet the unique index: the loser gets the same 409. */
  private async guardUnique<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err)) throw nameConflict();
      throw err;
    }
  }

  // Mileage rates

  async rates(): Promise<MileageRateList> {
    const rows = await new ChartRepository(this.db).rates();
    return { items: rows.map(toRate), pagination: { page: 1, size: Math.max(rows.length, 1), total: rows.length, lastPage: 1 } };
  }

  async createRate(body: { effectiveFrom: string; centsPerMile: number }): Promise<MileageRate> {
    return this.guardRate(() =>
      withTransaction(this.db, async (tx) => {
        const repo = new ChartRepository(tx);
        if (await repo.rateOn(body.effectiveFrom)) throw rateConflict();
        return toRate(await repo.insertRate({ effectiveFrom: body.effectiveFrom, rateTenths: toScaled(body.centsPerMile, 1) }));
      }),
    );
  }

  async updateRate(id: string, patch: { effectiveFrom?: string; centsPerMile?: number }): Promise<MileageRate> {
    return this.guardRate(() =>
      withTransaction(this.db, async (tx: DbOrTx) => {
        const repo = new ChartRepository(tx);
        if (!(await repo.rate(id))) throw notFound('Mileage rate');
        if (patch.effectiveFrom && (await repo.rateOn(patch.effectiveFrom, id))) throw rateConflict();
        const row = await repo.updateRate(id, {
          ...(patch.effectiveFrom ? { effectiveFrom: patch.effectiveFrom } : {}),
          ...(patch.centsPerMile !== undefined ? { rateTenths: toScaled(patch.centsPerMile, 1) } : {}),
        });
        return toRate(row!);
      }),
    );
  }

  async deleteRate(id: string): Promise<true> {
    const repo = new ChartRepository(this.db);
    if (!(await repo.rate(id))) throw notFound('Mileage rate');
    await repo.deleteRate(id);
    return true;
  }

  private async guardRate<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err)) throw rateConflict();
      throw err;
    }
  }
}

const rateConflict = () => conflict('A rate already starts on that date', [{ path: 'effectiveFrom', message: 'A rate already starts on this date' }]);
