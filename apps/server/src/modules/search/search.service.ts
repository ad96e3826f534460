import { numberLocale, SEARCH_GROUP_CAP, SEARCH_MIN_LENGTH, type Language, type SearchResultSet } from '@cuadre/contracts';
import type { Db } from '../../db/client.js';
import type { Authenticated } from '../auth/index.js';
import { readerLanguage } from '../../lib/language.js';
import { entryLink } from '../panels/index.js';
import { searchContacts } from '../contacts/index.js';
import { searchTasks } from '../planning/index.js';
import { findPages } from './pages.js';
import { amountOf, containsPattern, SearchRepository, type Registry } from './search.repository.js';

const LABELS: Record<Language, Record<SearchResultSet['id'], string>> = {
  en: {
    contacts: 'Contacts',
    pages: 'Pages',
    tasks: 'Tasks',
    workers: 'Workers',
    providers: 'Providers',
    vehicles: 'Vehicles',
    products: 'Products',
    entries: 'Entries',
  },
  es: {
    contacts: 'Contactos',
    pages: 'Páginas',
    tasks: 'Tareas',
    workers: 'Trabajadores',
    providers: 'Proveedores',
    vehicles: 'Vehículos',
    products: 'Productos',
    entries: 'Movimientos',
  },
  tr: {
    contacts: 'Kişiler',
    pages: 'Sayfalar',
    tasks: 'Görevler',
    workers: 'Çalışanlar',
    providers: 'Tedarikçiler',
    vehicles: 'Araçlar',
    products: 'Ürünler',
    entries: 'Kayıtlar',
  },
};
const REGISTRY_LINK: Record<Registry, string> = {
  workers: '/user/workers',
  providers: '/user/providers',
  vehicles: '/user/vehicles',
  products: '/user/purchasedproducts',
};

/**
 * The search box (`POST /api/common/search`): the user's contacts, the pages the user may open and the user's tasks (spec 000: contacts, pages, tasks), by their title in the
 * user's language, then the user's own workers, providers, vehicles, products and entries (by
 * description, reference or amount), each group capped. Groups with nothing are left out.
 */
export class SearchService {
  constructor(private readonly db: Db) {}

  async search(auth: Authenticated, query: string): Promise<SearchResultSet[]> {
    const q = query.trim();
    if (q.length < SEARCH_MIN_LENGTH) return [];
    const lang = readerLanguage(auth);
    const labels = LABELS[lang];
    const repo = new SearchRepository(this.db, auth.user.id, lang);
    const pattern = containsPattern(q);
    const money = new Intl.NumberFormat(numberLocale(lang), { style: 'currency', currency: auth.user.business?.currency ?? 'USD' });
    const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
    const registries: Registry[] = ['workers', 'providers', 'vehicles', 'products'];
    const [contacts, tasks, found, entries] = await Promise.all([
      searchContacts(this.db, auth.user.id, pattern, SEARCH_GROUP_CAP),
      searchTasks(this.db, auth.user.id, pattern, SEARCH_GROUP_CAP),
      Promise.all(registries.map((r) => repo.registry(r, pattern, SEARCH_GROUP_CAP))),
      repo.entries(pattern, amountOf(q), SEARCH_GROUP_CAP),
    ]);
    const sets: SearchResultSet[] = [
      { id: 'contacts', label: labels.contacts, results: contacts },
      { id: 'pages', label: labels.pages, results: findPages(q, auth.user.role, lang, SEARCH_GROUP_CAP) },
      { id: 'tasks', label: labels.tasks, results: tasks },
    ];
    registries.forEach((r, i) =>
      sets.push({
        id: r,
        label: labels[r],
        results: found[i]!.map((row) => ({ link: `${REGISTRY_LINK[r]}?search=${encodeURIComponent(row.name)}`, title: row.name })),
      }),
    );
    sets.push({
      id: 'entries',
      label: labels.entries,
      results: entries.map((e) => ({
        link: entryLink(e.type, e.date, e.description ?? e.reference ?? undefined),
        title: e.description || e.reference || e.category,
        subtitle: `${date.format(Date.parse(`${e.date}T00:00:00Z`))} · ${e.category} · ${money.format(Number(e.amount) / 100)}`,
      })),
    });
    return sets.filter((s) => s.results.length > 0);
  }
}
