import { inArray } from 'drizzle-orm';
import {
  fromScaled,
  maskTaxId,
  toScaled,
  type AuditEntity,
  type Pagination,
  type Product,
  type ProductBody,
  type Provider,
  type ProviderBody,
  type Vehicle,
  type VehicleBody,
  type Worker,
  type WorkerBody,
} from '@cuadre/contracts';
import { withTransaction, type Db, type DbOrTx } from '../../db/client.js';
import { categories } from '../../db/schema/index.js';
import { badReference, conflict, notFound } from '../../lib/errors.js';
import { readerLanguage } from '../../lib/language.js';
import { definedOnly } from '../../lib/objects.js';
import type { Authenticated } from '../auth/index.js';
import { AuditRepository } from './audit.repository.js';
import { RegistryRepository, type RegistryInsert, type RegistryListQuery, type RegistryName, type RegistryRow } from './registries.repository.js';

const iso = (d: Date) => d.toISOString();
const orNull = <T>(v: T | '' | null | undefined): T | null => (v === undefined || v === '' ? null : v);

/** How each registry's rows go out, and how a body comes in (scaled numbers, empty text as none). */
const MAPPERS = {
  workers: {
    entity: 'worker' as AuditEntity,
    noun: 'Worker',
    out: (r: RegistryRow<'workers'>): Worker => ({
      id: r.id,
      name: r.name,
      kind: r.kind,
      taxIdMasked: maskTaxId(r.taxId),
      phone: r.phone,
      email: r.email,
      payRate: r.payRate,
      payUnit: r.payUnit,
      active: r.active,
      notes: r.notes,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    }),
    in: (b: Partial<WorkerBody>): Partial<RegistryInsert<'workers'>> =>
      definedOnly({
        name: b.name,
        kind: b.kind,
        taxId: b.taxId === undefined ? undefined : orNull(b.taxId),
        phone: b.phone === undefined ? undefined : orNull(b.phone),
        email: b.email === undefined ? undefined : orNull(b.email),
        payRate: b.payRate === undefined ? undefined : b.payRate,
        payUnit: b.payUnit === undefined ? undefined : b.payUnit,
        active: b.active,
        notes: b.notes === undefined ? undefined : orNull(b.notes),
      }),
  },
  providers: {
    entity: 'provider' as AuditEntity,
    noun: 'Provider',
    out: (r: RegistryRow<'providers'>): Provider => ({
      id: r.id,
      name: r.name,
      taxIdMasked: maskTaxId(r.taxId),
      contactName: r.contactName,
      phone: r.phone,
      email: r.email,
      address: r.address,
      defaultCategoryId: r.defaultCategoryId,
      defaultCategoryName: r.defaultCategoryName,
      active: r.active,
      notes: r.notes,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    }),
    in: (b: Partial<ProviderBody>): Partial<RegistryInsert<'providers'>> =>
      definedOnly({
        name: b.name,
        taxId: b.taxId === undefined ? undefined : orNull(b.taxId),
        contactName: b.contactName === undefined ? undefined : orNull(b.contactName),
        phone: b.phone === undefined ? undefined : orNull(b.phone),
        email: b.email === undefined ? undefined : orNull(b.email),
        address: b.address === undefined ? undefined : orNull(b.address),
        defaultCategoryId: b.defaultCategoryId === undefined ? undefined : orNull(b.defaultCategoryId),
        active: b.active,
        notes: b.notes === undefined ? undefined : orNull(b.notes),
      }),
  },
  vehicles: {
    entity: 'vehicle' as AuditEntity,
    noun: 'Vehicle',
    out: (r: RegistryRow<'vehicles'>): Vehicle => ({
      id: r.id,
      name: r.name,
      make: r.make,
      model: r.model,
      year: r.year,
      plate: r.plate,
      initialOdometer: r.initialOdometer === null ? null : fromScaled(r.initialOdometer, 1),
      active: r.active,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    }),
    in: (b: Partial<VehicleBody>): Partial<RegistryInsert<'vehicles'>> =>
      definedOnly({
        name: b.name,
        make: b.make === undefined ? undefined : orNull(b.make),
        model: b.model === undefined ? undefined : orNull(b.model),
        year: b.year,
        plate: b.plate === undefined ? undefined : orNull(b.plate),
        initialOdometer: b.initialOdometer === undefined ? undefined : b.initialOdometer === null ? null : toScaled(Number(b.initialOdometer), 1),
        active: b.active,
      }),
  },
  products: {
    entity: 'product' as AuditEntity,
    noun: 'Product',
    out: (r: RegistryRow<'products'>): Product => ({
      id: r.id,
      name: r.name,
      unit: r.unit,
      defaultUnitCost: r.defaultUnitCost,
      providerId: r.providerId,
      providerName: r.providerName,
      categoryId: r.categoryId,
      categoryName: r.categoryName,
      active: r.active,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    }),
    in: (b: Partial<ProductBody>): Partial<RegistryInsert<'products'>> =>
      definedOnly({
        name: b.name,
        unit: b.unit,
        defaultUnitCost: b.defaultUnitCost === undefined ? undefined : b.defaultUnitCost,
        providerId: b.providerId === undefined ? undefined : orNull(b.providerId),
        categoryId: b.categoryId === undefined ? undefined : orNull(b.categoryId),
        active: b.active,
      }),
  },
};

export type RegistryDto = { workers: Worker; providers: Provider; vehicles: Vehicle; products: Product };
export type RegistryBody = { workers: WorkerBody; providers: ProviderBody; vehicles: VehicleBody; products: ProductBody };

/** The rules of the four registries: owner-scoped reads and writes, references checked, each change audited. */
export class RegistriesService {
  constructor(private readonly db: Db) {}

  async list<R extends RegistryName>(auth: Authenticated, name: R, q: RegistryListQuery): Promise<{ items: RegistryDto[R][]; pagination: Pagination }> {
    const { items, total } = await new RegistryRepository(this.db, auth.user.id, name, readerLanguage(auth)).list(q);
    const out = MAPPERS[name].out as (r: RegistryRow<R>) => RegistryDto[R];
    return { items: items.map(out), pagination: { page: q.page, size: q.size, total, lastPage: Math.max(1, Math.ceil(total / q.size)) } };
  }

  async get<R extends RegistryName>(auth: Authenticated, name: R, id: string): Promise<RegistryDto[R]> {
    const row = await new RegistryRepository(this.db, auth.user.id, name, readerLanguage(auth)).get(id);
    if (!row) throw notFound(MAPPERS[name].noun);
    return (MAPPERS[name].out as (r: RegistryRow<R>) => RegistryDto[R])(row);
  }

  async create<R extends RegistryName>(auth: Authenticated, name: R, body: RegistryBody[R]): Promise<RegistryDto[R]> {
    const m = MAPPERS[name];
    const values = (m.in as (b: Partial<RegistryBody[R]>) => RegistryInsert<R>)(body);
    return withTransaction(this.db, async (tx) => {
      await this.checkReferences(tx, auth.user.id, name, values);
      const repo = new RegistryRepository(tx, auth.user.id, name, readerLanguage(auth));
      const id = await repo.insert(values);
      const row = (await repo.get(id))!;
      await new AuditRepository(tx, auth.user.id, auth.user.id).record(m.entity, id, 'create', null, row);
      return (m.out as (r: RegistryRow<R>) => RegistryDto[R])(row);
    });
  }

  async update<R extends RegistryName>(auth: Authenticated, name: R, id: string, body: Partial<RegistryBody[R]>): Promise<RegistryDto[R]> {
    const m = MAPPERS[name];
    const values = (m.in as (b: Partial<RegistryBody[R]>) => Partial<RegistryInsert<R>>)(body);
    return withTransaction(this.db, async (tx) => {
      const repo = new RegistryRepository(tx, auth.user.id, name, readerLanguage(auth));
      const before = await repo.lock(id);
      if (!before) throw notFound(m.noun);
      await this.checkReferences(tx, auth.user.id, name, values);
      await repo.update(id, values);
      const after = (await repo.get(id))!;
      await new AuditRepository(tx, auth.user.id, auth.user.id).record(m.entity, id, 'update', before, after);
      return (m.out as (r: RegistryRow<R>) => RegistryDto[R])(after);
    });
  }

  /** A record that entries or trips use stays, deactivated (409 CONFLICT says so); an unused one goes. */
  async remove(auth: Authenticated, name: RegistryName, id: string): Promise<true> {
    const m = MAPPERS[name];
    return withTransaction(this.db, async (tx) => {
      const repo = new RegistryRepository(tx, auth.user.id, name, readerLanguage(auth));
      const before = await repo.lock(id);
      if (!before) throw notFound(m.noun);
      if (await repo.isUsed(id)) throw conflict(`${m.noun} is in use by the books; deactivate it instead of deleting it`);
      await repo.remove(id);
      await new AuditRepository(tx, auth.user.id, auth.user.id).record(m.entity, id, 'delete', before, null);
      return true as const;
    });
  }

  /** A provider's default category, a product's category and provider: real, active, of a kind that fits. */
  private async checkReferences(tx: DbOrTx, ownerId: string, name: RegistryName, values: Record<string, unknown>) {
    const categoryField = name === 'providers' ? 'defaultCategoryId' : name === 'products' ? 'categoryId' : undefined;
    const categoryId = categoryField ? (values[categoryField] as string | null | undefined) : undefined;
    if (categoryField && categoryId) {
      const [category] = await tx
        .select()
        .from(categories)
        .where(inArray(categories.id, [categoryId]));
      const kinds = name === 'products' ? ['cost_of_goods'] : ['expense', 'cost_of_goods'];
      if (!category || !category.active) throw badReference(categoryField, 'No such active category');
      if (!kinds.includes(category.kind)) throw badReference(categoryField, `Use a category of kind ${kinds.join(' or ')}`);
    }
    if (name === 'products' && values.providerId) {
      const found = await new RegistryRepository(tx, ownerId, 'providers').existing([values.providerId as string]);
      if (!found.has(values.providerId as string)) throw badReference('providerId', 'No such provider');
    }
  }
}
