import type { Language, Role } from '@cuadre/contracts';

/**
 * Every screen a user may open, by role, with its title in each language (the search box's "pages"
 * group). `admin` pages are for administrators only; the rest are open to both roles.
 */
type Page = { link: string; admin?: boolean; title: Record<Language, string> };
const p = (link: string, en: string, es: string, tr: string, admin = false): Page => ({ link, admin, title: { en, es, tr } });

export const PAGES: Page[] = [
  p('/dashboard', 'Admin dashboard', 'Panel de administración', 'Yönetim paneli', true),
  p('/users', 'Users', 'Usuarios', 'Kullanıcılar', true),
  p('/categories', 'Categories', 'Cuentas', 'Hesaplar', true),
  p('/subcategories', 'Subcategories', 'SubCuentas', 'Alt hesaplar', true),
  p('/support-requests', 'Support requests', 'Solicitudes de soporte', 'Destek talepleri', true),
  p('/user/dashboard', 'Dashboard (books)', 'Panel (libros)', 'Pano (defterler)'),
  p('/user/taxyears', 'Tax years', 'Años fiscales', 'Vergi yılları'),
  p('/user/taxmonths', 'Tax months', 'Meses fiscales', 'Vergi ayları'),
  p('/user/monthdashboard', 'Month dashboard', 'Panel del mes', 'Ay panosu'),
  p('/user/dailyincome', 'Daily income', 'Ingreso diario', 'Günlük gelir'),
  p('/user/dailyincomeregister', 'Income register', 'Registro de ingresos', 'Gelir defteri'),
  p('/user/dailyoperationalexpenses', 'Operational expenses (daily)', 'Gastos operativos (diarios)', 'İşletme giderleri (günlük)'),
  p('/user/operationalexpenses', 'Operational expenses by category', 'Gastos operativos por cuenta', 'Kategoriye göre işletme giderleri'),
  p('/user/dailyusersubcategory', 'My subcategories', 'Mis subcuentas', 'Alt hesaplarım'),
  p('/user/purchasedproducts', 'Purchased products', 'Productos comprados', 'Satın alınan ürünler'),
  p('/user/dailypurchasedproducts', 'Purchases', 'Compras', 'Alımlar'),
  p('/user/dailyworkerspayments', 'Worker payments', 'Pagos a trabajadores', 'Çalışan ödemeleri'),
  p('/user/workerspayment', 'Worker totals', 'Totales por trabajador', 'Çalışan toplamları'),
  p('/user/dailysupplierspayments', 'Supplier payments', 'Pagos a proveedores', 'Tedarikçi ödemeleri'),
  p('/user/monthlymileage', 'Mileage', 'Millaje', 'Kilometre'),
  p('/user/profitsandlossesmonth', 'Profit and loss (month)', 'Pérdidas y ganancias (mes)', 'Kâr ve zarar (ay)'),
  p('/user/profitsandlossesyear', 'Profit and loss (year)', 'Pérdidas y ganancias (año)', 'Kâr ve zarar (yıl)'),
  p('/user/annualtotal', 'Annual total', 'Total anual', 'Yıllık toplam'),
  p('/user/import', 'Import a bank statement', 'Importar un extracto bancario', 'Banka ekstresi içe aktar'),
  p('/dashboards/finance', 'Finance dashboard', 'Panel de finanzas', 'Finans panosu'),
  p(
    '/dashboards/project',
    'Project dashboard (tasks, schedule, expenses, team)',
    'Panel del proyecto (tareas, agenda, gastos, equipo)',
    'Proje panosu (görevler, takvim, giderler, ekip)',
  ),
  p('/user/budgets', 'Budgets', 'Presupuestos', 'Bütçeler'),
  p(
    '/user/recurring',
    'Recurring entries (rent, salaries, bills)',
    'Asientos periódicos (alquiler, sueldos, facturas)',
    'Tekrarlanan kayıtlar (kira, maaşlar, faturalar)',
  ),
  p('/user/workers', 'Workers', 'Trabajadores', 'Çalışanlar'),
  p('/user/providers', 'Providers', 'Proveedores', 'Tedarikçiler'),
  p('/user/vehicles', 'Vehicles', 'Vehículos', 'Araçlar'),
  p('/apps/contacts', 'Contacts (customers)', 'Contactos (clientes)', 'Kişiler (müşteriler)'),
  p('/apps/mailbox', 'Mailbox (mail)', 'Buzón (correo)', 'Posta kutusu (posta)'),
  p('/apps/scrumboard', 'Scrumboard (boards)', 'Tableros (scrumboard)', 'Panolar (scrumboard)'),
  p('/apps/ecommerce/inventory', 'Inventory (stock)', 'Inventario (existencias)', 'Envanter (stok)'),
  p('/apps/notes', 'Notes', 'Notas', 'Notlar'),
  p('/apps/tasks', 'Tasks (to do)', 'Tareas (pendientes)', 'Görevler (yapılacaklar)'),
  p('/apps/file-manager', 'Documents (files and receipts)', 'Documentos (archivos y comprobantes)', 'Belgeler (dosyalar ve fişler)'),
  p('/apps/chat', 'Chat (support)', 'Chat (soporte)', 'Sohbet (destek)'),
  p('/ui/icons', 'Icons', 'Iconos', 'Simgeler'),
  p('/dashboards/analytics', 'Analytics', 'Analítica', 'Analitik'),
  p('/dashboards/crypto', 'Crypto (sample data)', 'Cripto (datos de muestra)', 'Kripto (örnek veriler)'),
  p('/pages/activities', 'Activities (account history)', 'Actividad (historial de la cuenta)', 'Etkinlikler (hesap geçmişi)'),
  p('/user/help-center', 'Help center', 'Centro de ayuda', 'Yardım merkezi'),
  p('/user/help-center/faqs', 'Frequently asked questions', 'Preguntas frecuentes', 'Sık sorulan sorular'),
  p('/user/help-center/support', 'Contact support', 'Contactar con soporte', 'Destekle iletişim'),
  p('/user/pricing', 'Pricing', 'Precios', 'Fiyatlar'),
  p('/usersettings', 'Settings', 'Configuración', 'Ayarlar'),
];

/** The pages of a role whose title (in the language) contains the query, case- and accent-insensitively. */
export function findPages(query: string, role: Role, language: Language, cap: number) {
  const q = fold(query);
  return PAGES.filter((page) => (role === 'admin' || !page.admin) && fold(page.title[language]).includes(q))
    .slice(0, cap)
    .map((page) => ({ link: page.link, title: page.title[language] }));
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
