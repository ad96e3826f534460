import { and, asc, desc, eq, getTableColumns, ilike, isNull, or, sql } from 'drizzle-orm';
import type { CategoryQuery, Language, SubcategoryQuery } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, unscoped, type OwnerScope } from '../../db/owned.js';
import { categories, entries, mileageRates, products, providers, subcategories } from '../../db/schema/index.js';
import { escapeLike, shownName } from '../../db/sql.js';

/** A category with `name` as its reader sees it (`names` keeps its translations, if it has any). */
export type CategoryRow = typeof categories.$inferSelect;
export type SubcategoryRow = typeof subcategories.$inferSelect & { categoryName: string; categoryKind: CategoryRow['kind'] };
export type MileageRateRow = typeof mileageRates.$inferSelect;

/** Sorting by name sorts by the name the reader sees. */
const categorySorts = (language: Language) =>
  ({
    sortOrder: categories.sortOrder,
    name: sql`lower(${shownName(categories, language)})`,
    kind: categories.kind,
    createdAt: categories.createdAt,
  }) as const;
const subSorts = (language: Language) =>
  ({ name: sql`lower(${shownName(subcategories, language)})`, category: categories.sortOrder, createdAt: subcategories.createdAt }) as const;

/**
 * The chart of categories. `ownerId` undefined: the shared chart as administrators see it;
 * an owner's id: the shared subcategories plus that owner's own, and nobody else's. Names come back
 * in `language` (a default row's translation; a written name as written), and are searched and
 * sorted as they are shown.
 */
export class ChartRepository {
  /** Subcategories go through the scope: an owner's (shared and own), or the shared chart's (owner null). */
  private readonly s: OwnerScope;

  constructor(
    private readonly db: DbOrTx,
    ownerId?: string,
    private readonly language: Language = 'en',
  ) {
    this.s = ownedBy(db, ownerId ?? null);
  }

  /** Every column, with `name` the shown one. */
  private get categoryColumns() {
    return { ...getTableColumns(categories), name: shownName(categories, this.language) };
  }

  async listCategories(q: CategoryQuery) {
    const where = and(
      q.search
        ? or(ilike(shownName(categories, this.language), `%${escapeLike(q.search)}%`), ilike(categories.taxLine, `%${escapeLike(q.search)}%`))
        : undefined,
      q.kind ? eq(categories.kind, q.kind) : undefined,
      q.active === undefined ? undefined : eq(categories.active, q.active),
    );
    const dir = q.order === 'desc' ? desc : asc;
    const [items, [count]] = await Promise.all([
      this.db
        .select(this.categoryColumns)
        .from(categories)
        .where(where)
        .orderBy(dir(categorySorts(this.language)[q.sort]), asc(categories.sortOrder), asc(shownName(categories, this.language)))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(categories)
        .where(where),
    ]);
    return { items, total: count?.n ?? 0 };
  }

  async category(id: string): Promise<CategoryRow | undefined> {
    const [row] = await this.db.select(this.categoryColumns).from(categories).where(eq(categories.id, id));
    return row;
  }

  async insertCategory(values: typeof categories.$inferInsert) {
    const [row] = await this.db.insert(categories).values(values).returning({ id: categories.id });
    return (await this.category(row!.id))!;
  }

  async updateCategory(id: string, values: Partial<typeof categories.$inferInsert>) {
    await this.db
      .update(categories)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(categories.id, id));
    return this.category(id);
  }

  async nextSortOrder() {
    const [row] = await this.db.select({ max: sql<number>`coalesce(max(${categories.sortOrder}), 0)` }).from(categories);
    return (row?.max ?? 0) + 10;
  }

  /** Entries, products, providers or an owner's subcategory use it: it may be deactivated, not deleted. */
  async categoryInUse(id: string) {
    const [row] = await unscoped('a shared category is in use when the records of any owner name it', () =>
      this.db
        .execute<{ used: boolean }>(
          sql`select exists(
        select 1 from ${entries} where ${entries.categoryId} = ${id}
        union all select 1 from ${products} where ${products.categoryId} = ${id}
        union all select 1 from ${providers} where ${providers.defaultCategoryId} = ${id}
        union all select 1 from ${subcategories} where ${subcategories.categoryId} = ${id} and ${subcategories.ownerId} is not null
      ) as used`,
        )
        .then((r) => r.rows),
    );
    return !!row?.used;
  }

  async deleteCategory(id: string) {
    // Only shared ones remain under an unused category (an owner's would make it in use); all go with it.
    await unscoped('an unused shared category is deleted with its subcategories', () => this.db.delete(subcategories).where(eq(subcategories.categoryId, id)));
    await this.db.delete(categories).where(eq(categories.id, id));
  }

  async reorder(ids: string[]) {
    for (const [i, id] of ids.entries())
      await this.db
        .update(categories)
        .set({ sortOrder: (i + 1) * 10, updatedAt: new Date() })
        .where(eq(categories.id, id));
  }

  // Subcategories

  /** Whose subcategories this repository sees (the scope's condition): the shared ones, and its owner's own. */
  private subSelect() {
    return this.s
      .selectFields(subcategories, {
        sub: { ...getTableColumns(subcategories), name: shownName(subcategories, this.language) },
        categoryName: shownName(categories, this.language),
        categoryKind: categories.kind,
      })
      .innerJoin(categories, eq(categories.id, subcategories.categoryId));
  }

  async listSubcategories(q: SubcategoryQuery) {
    const where = and(
      q.search ? ilike(shownName(subcategories, this.language), `%${escapeLike(q.search)}%`) : undefined,
      q.categoryId ? eq(subcategories.categoryId, q.categoryId) : undefined,
      q.active === undefined ? undefined : eq(subcategories.active, q.active),
      q.own === undefined ? undefined : q.own ? sql`${subcategories.ownerId} is not null` : isNull(subcategories.ownerId),
    );
    const dir = q.order === 'desc' ? desc : asc;
    const [items, [count]] = await Promise.all([
      this.subSelect()
        .where(where)
        .orderBy(dir(subSorts(this.language)[q.sort]), asc(sql`lower(${shownName(subcategories, this.language)})`), asc(subcategories.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.s
        .selectFields(subcategories, { n: sql<number>`count(*)` })
        .innerJoin(categories, eq(categories.id, subcategories.categoryId))
        .where(where),
    ]);
    return { items: items.map(flat), total: count?.n ?? 0 };
  }

  async subcategory(id: string): Promise<SubcategoryRow | undefined> {
    const [row] = await this.subSelect().where(eq(subcategories.id, id));
    return row ? flat(row) : undefined;
  }

  /** A name already taken in the category, by a shared subcategory (in any of its languages) or by this owner's own. */
  async nameTaken(categoryId: string, name: string, exceptId?: string) {
    const [row] = await this.s
      .selectFields(subcategories, { id: subcategories.id })
      .where(
        and(
          eq(subcategories.categoryId, categoryId),
          sql`(lower(${subcategories.name}) = lower(${name})
            or exists (select 1 from jsonb_each_text(coalesce(${subcategories.names}, '{}'::jsonb)) as n where lower(n.value) = lower(${name})))`,
          exceptId ? sql`${subcategories.id} <> ${exceptId}` : undefined,
        ),
      )
      .limit(1);
    return !!row;
  }

  async insertSubcategory(values: { categoryId: string; name: string; active: boolean }) {
    const [row] = await this.s.insertInto(subcategories, values).returning();
    return row!;
  }

  async updateSubcategory(id: string, values: Partial<{ categoryId: string; name: string; names: null; active: boolean }>) {
    await this.s.updateSet(subcategories, { ...values, updatedAt: new Date() }).where(eq(subcategories.id, id));
  }

  async subcategoryInUse(id: string) {
    // A shared subcategory is in use when any owner's entry names it; an owner's own, only by theirs.
    const [row] = await unscoped('a shared subcategory is in use when an entry of any owner names it', () =>
      this.db.select({ id: entries.id }).from(entries).where(eq(entries.subcategoryId, id)).limit(1),
    );
    return !!row;
  }

  async deleteSubcategory(id: string) {
    await this.s.deleteFrom(subcategories).where(eq(subcategories.id, id));
  }

  // Mileage rates

  async rates() {
    return this.db.select().from(mileageRates).orderBy(desc(mileageRates.effectiveFrom));
  }
  async rate(id: string) {
    const [row] = await this.db.select().from(mileageRates).where(eq(mileageRates.id, id));
    return row;
  }
  async rateOn(date: string, exceptId?: string) {
    const [row] = await this.db
      .select()
      .from(mileageRates)
      .where(and(eq(mileageRates.effectiveFrom, date), exceptId ? sql`${mileageRates.id} <> ${exceptId}` : undefined));
    return row;
  }
  async insertRate(values: { effectiveFrom: string; rateTenths: number }) {
    const [row] = await this.db.insert(mileageRates).values(values).returning();
    return row!;
  }
  async updateRate(id: string, values: Partial<{ effectiveFrom: string; rateTenths: number }>) {
    const [row] = await this.db.update(mileageRates).set(values).where(eq(mileageRates.id, id)).returning();
    return row;
  }
  async deleteRate(id: string) {
    await this.db.delete(mileageRates).where(eq(mileageRates.id, id));
  }
}

function flat(r: { sub: typeof subcategories.$inferSelect; categoryName: string; categoryKind: CategoryRow['kind'] }): SubcategoryRow {
  return { ...r.sub, categoryName: r.categoryName, categoryKind: r.categoryKind };
}
