/**
 * `npm run seed:demo`: a demo owner with a year of a small bakery's books, written through the API
 * itself (every rule of the books applies to it as to anyone): the twelve months ending on the day it
 * runs, each month written the same whichever day that is, so the help center's worked examples (which
 * quote one month's figures) hold for every demo that has the month. DEMO_EMAIL and DEMO_PASSWORD choose
 * the account; without them it uses demo@cuadre.local and prints a generated password. The account
 * is created once: a second run finds it and changes nothing. It uses the server's own settings
 * (DATA_DIR or DATABASE_URL); with the embedded database, stop the server first (one process at a time).
 */
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { hashPassword, usePasswordProfile } from '../lib/passwords.js';
import { defaultCategoryId, defaultSubcategoryId } from '../db/default-chart.js';
import { users } from '../db/schema/index.js';
import { writeConversation } from '../modules/chat/index.js';
import { pdf, writeFiles } from './seed-demo-files.js';
import { writeMail } from './seed-demo-mail.js';

type Inject = Awaited<ReturnType<typeof buildApp>>['inject'];

/**
 * A generator seeded from one calendar month (mulberry32, integer arithmetic only), so a month's
 * lines and amounts depend on that month alone: seeded on any day, on any machine, May 2026 holds
 * the same books, and the help center's worked examples can quote them.
 */
function monthGenerator(year: number, month: number) {
  let s = (year * 100 + month) >>> 0;
  return (min: number, max: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = (t ^ (t >>> 14)) >>> 0;
    return min + (r % (max - min + 1));
  };
}

/** The van's odometer (in tenths) on the 1st of a month: 300 miles a month from 38,250 in January 2022 (the first year with mileage rates), so a month's readings, like its amounts, do not depend on the day the seed runs. */
const VAN_ODOMETER = 38250;
const odometerOnFirst = (year: number, month: number) => (VAN_ODOMETER + 300 * ((year - 2022) * 12 + month - 1)) * 10;

const pad = (n: number) => String(n).padStart(2, '0');

export async function seedDemo(
  opts: { email?: string; password?: string; now?: Date; log?: (line: string) => void; env?: Record<string, string | undefined> } = {},
) {
  const log = opts.log ?? ((line: string) => console.log(line));
  const email = (opts.email ?? 'demo@cuadre.local').toLowerCase();
  const chosen = !opts.password;
  const password = opts.password ?? `Demo-${randomBytes(6).toString('base64url')}-${randomBytes(2).toString('hex')}`;
  const config = loadConfig(opts.env ?? process.env);
  const started = Date.now();
  const app = await buildApp(config, { logger: false });
  await app.ready();
  try {
    const db = app.database.db;
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) {
      log(`The demo account ${email} already exists; nothing was changed.`);
      return { created: false, email };
    }
    usePasswordProfile('owasp');
    await db.insert(users).values({
      email,
      name: 'Marta Ruiz',
      company: 'Panadería La Espiga',
      passwordHash: await hashPassword(password),
      plan: 'pro',
      emailConfirmedAt: new Date(),
      agreementsAt: new Date(),
      business: { taxId: '12-3456789', address: '1200 Main St, San Antonio, TX', currency: 'USD' },
    });
    await writeBooks(app.inject.bind(app), email, password, opts.now ?? new Date());
    await writeFiles(app.inject.bind(app), email, password);
    await writeChat(db, email, opts.now ?? new Date());
    await writeMail(app, config, email, pdf('Catering invoice - October'));
    log(`Demo account: ${email}${chosen ? `  password: ${password}` : ' (password from DEMO_PASSWORD)'}  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return { created: true, email, password };
  } finally {
    await app.close();
  }
}

/** A conversation with support (the chat): a question about closing a month, answered, and a follow-up not yet read. */
async function writeChat(db: Awaited<ReturnType<typeof buildApp>>['database']['db'], email: string, now: Date) {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!owner || !admin) return;
  const ago = (days: number, hours: number, minutes = 0) => new Date(now.getTime() - ((days * 24 + hours) * 60 + minutes) * 60_000);
  await writeConversation(db, owner.id, admin.id, [
    { fromOwner: true, value: 'Hello! I tried to close last month, but it asks me to close the month before first. Is that right?', at: ago(2, 5) },
    { fromOwner: false, value: 'Hi Marta! Yes: months close in order, so the totals carried forward never change under you.', at: ago(2, 4, 48) },
    { fromOwner: false, value: 'Close the earlier month from its month dashboard, then the later one.', at: ago(2, 4, 47) },
    { fromOwner: true, value: 'That worked, thank you. Can I still fix an entry in a closed month?', at: ago(1, 3) },
    { fromOwner: false, value: 'Reopen the month, fix the entry, and close it again. The audit trail keeps both versions.', at: ago(0, 1, 10) },
  ]);
}

async function writeBooks(inject: Inject, email: string, password: string, now: Date) {
  const call = async <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, token?: string, body?: unknown): Promise<T> => {
    const res = await inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body instanceof FormData ? { payload: body } : body !== undefined ? { payload: body as object } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  const { accessToken: token } = await call<{ accessToken: string }>('POST', '/api/auth/sign-in', undefined, { email, password });
  const post = <T>(url: string, body: unknown) => call<T & { id: string }>('POST', url, token, body);
  // The default chart by its fixed ids (named here in Spanish, as docs/product.md's chart does): the API answers its names in the reader's language.
  const cat = defaultCategoryId;
  const sub = defaultSubcategoryId;

  const lucia = await post('/api/workers', {
    name: 'Lucía Pérez',
    kind: 'employee',
    taxId: '123-45-6789',
    phone: '210-555-0101',
    payRate: 1650,
    payUnit: 'hour',
  });
  const tomas = await post('/api/workers', {
    name: 'Tomás Ríos',
    kind: 'contractor',
    taxId: '987-65-4321',
    payRate: 45000,
    payUnit: 'job',
    notes: 'Oven repairs and deep cleaning',
  });
  const flourCo = await post('/api/providers', {
    name: 'Harinas del Sur',
    contactName: 'Ana Gil',
    phone: '210-555-0199',
    defaultCategoryId: cat('Compras de mercancía'),
  });
  const dairy = await post('/api/providers', { name: 'Lácteos Hill Country', defaultCategoryId: cat('Materiales de producción') });
  const utility = await post('/api/providers', { name: 'CPS Energy', defaultCategoryId: cat('Utilidades') });
  const van = await post('/api/vehicles', {
    name: 'Delivery van',
    make: 'Ford',
    model: 'Transit Connect',
    year: 2021,
    plate: 'BKR-2041',
    initialOdometer: VAN_ODOMETER,
  });
  const flour = await post('/api/products', {
    name: 'Flour 25 kg',
    unit: 'bag',
    defaultUnitCost: 1899,
    providerId: flourCo.id,
    categoryId: cat('Compras de mercancía'),
  });
  const butter = await post('/api/products', {
    name: 'Butter',
    unit: 'kg',
    defaultUnitCost: 845,
    providerId: dairy.id,
    categoryId: cat('Materiales de producción'),
  });
  const cakes = await post('/api/subcategories', { categoryId: cat('Ventas'), name: 'Pasteles por encargo' });

  // The inventory: what the bakery sells over the counter besides its bread, with the stock it starts
  // with; the purchases and sales below name them, so their stock moves with the books.
  const inv = '/api/apps/ecommerce/inventory';
  const category = await post(`${inv}/category`, { category: { name: 'Baking supplies' } });
  await post(`${inv}/category`, { category: { name: 'Bread', parentId: null } });
  const brand = await post(`${inv}/brand`, { brand: { name: 'Molinos del Sur' } });
  const vendor = await post(`${inv}/vendor`, { vendor: { name: 'Harinas del Sur' } });
  const bestseller = await post(`${inv}/tag`, { tag: { title: 'Bestseller' } });
  await post(`${inv}/tag`, { tag: { title: 'Seasonal' } });
  const stockItem = async (product: Record<string, unknown>) => {
    const made = await post(`${inv}/product`, undefined);
    return call<{ id: string }>('PATCH', `${inv}/product`, token, { id: made.id, product: { active: true, category: category.id, ...product } });
  };
  const flourBag = await stockItem({
    name: 'Flour 25 kg',
    sku: 'FLR-25',
    brand: brand.id,
    vendor: vendor.id,
    tags: [bestseller.id],
    stock: 6,
    reserved: 1,
    cost: 1899,
    basePrice: 2899,
    taxPercent: 8.25,
    weight: 25,
  });
  const sugar = await stockItem({ name: 'Sugar 5 kg', sku: 'SUG-5', stock: 8, reserved: 2, cost: 650, basePrice: 899, taxPercent: 8.25, weight: 5 });
  const vanilla = await stockItem({ name: 'Vanilla extract 100 ml', sku: 'VAN-100', stock: 12, cost: 450, basePrice: 799, taxPercent: 8.25, weight: 0.12 });
  // Each a picture (a swatch of the product's colour), uploaded as a user would: the list shows it as the thumbnail.
  for (const [product, rgb] of [
    [flourBag, [236, 226, 204]],
    [sugar, [250, 250, 246]],
    [vanilla, [122, 74, 40]],
  ] as const) {
    const form = new FormData();
    form.append('id', product.id);
    form.append('image', new Blob([new Uint8Array(swatchPng(rgb))], { type: 'image/png' }), 'product.png');
    await call('POST', `${inv}/product/image`, token, form);
  }
  // A dozen customers (the contacts area), some with a tag; the custom cake orders below name them.
  const regular = await post('/api/apps/contacts/tag', { tag: { title: 'Regular' } });
  const catering = await post('/api/apps/contacts/tag', { tag: { title: 'Catering' } });
  const CUSTOMERS: [string, string, string, string[]][] = [
    ['Ana Martínez', 'ana.martinez@example.com', '(210) 555-0111', [regular.id]],
    ['Benito Flores', 'benito@example.com', '(210) 555-0112', []],
    ['Carmen Ortiz', 'carmen.ortiz@example.com', '(210) 555-0113', [regular.id]],
    ['Daniel Reyes', 'daniel@example.com', '(210) 555-0114', []],
    ['Elena Castro', 'elena.castro@example.com', '(210) 555-0115', [catering.id]],
    ['Fernando Gómez', 'fgomez@example.com', '(210) 555-0116', []],
    ['Gabriela Soto', 'gabriela@example.com', '(210) 555-0117', [regular.id]],
    ['Hotel Alamo Plaza', 'events@example.com', '(210) 555-0118', [catering.id]],
    ['Isabel Navarro', 'isabel@example.com', '(210) 555-0119', []],
    ['Jorge Luna', 'jorge.luna@example.com', '(210) 555-0120', [regular.id]],
    ['Karina Vega', 'karina@example.com', '(210) 555-0121', []],
    ['St. Mary School PTA', 'pta@example.com', '(210) 555-0122', [catering.id]],
  ];
  const customers: { id: string }[] = [];
  for (const [name, mail, phone, tags] of CUSTOMERS) {
    const made = await call<{ id: string }>('POST', '/api/apps/contacts/contact', token);
    customers.push(
      await call<{ id: string }>('PATCH', '/api/apps/contacts/contact', token, {
        id: made.id,
        contact: {
          name,
          emails: [{ email: mail, label: 'personal' }],
          phoneNumbers: [{ country: 'US', phoneNumber: phone, label: 'mobile' }],
          company: /Hotel|School/.test(name) ? name : '',
          address: 'San Antonio, TX',
          tags,
        },
      }),
    );
  }

  await writePlanning(call, token, now, customers);
  // The bakery's week on a board (the scrumboard area): lists of cards, some labelled, some due.
  const sb = '/api/apps/scrumboard';
  const plan = await post(`${sb}/board`, {
    board: { title: 'Weekly bakery plan', description: 'Orders, baking and deliveries for the week', icon: 'heroicons_outline:cake' },
  });
  const [urgent, order] = [
    await call<{ id: string }>('PUT', `${sb}/board/label`, token, { label: { boardId: plan.id, title: 'Urgent' } }),
    await call<{ id: string }>('PUT', `${sb}/board/label`, token, { label: { boardId: plan.id, title: 'Customer order' } }),
  ];
  const inDays = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const PLAN: [string, [string, string[], number | null][]][] = [
    [
      'To do',
      [
        ['Order rye flour (50 kg)', [urgent.id], 1],
        ['Birthday cake for Ana Martínez', [order.id], 3],
        ['Clean the proofing cabinet', [], null],
      ],
    ],
    [
      'Baking',
      [
        ['Sourdough loaves for the café', [order.id], 0],
        ['Conchas for Saturday', [], 2],
      ],
    ],
    ['Delivery', [['Catering trays for Hotel Alamo Plaza', [order.id, urgent.id], 1]]],
    ['Done', [['Weekly stock count', [], null]]],
  ];
  for (const [title, cards] of PLAN) {
    const list = await post(`${sb}/board/list`, { list: { boardId: plan.id, title } });
    for (const [cardTitle, labels, due] of cards) {
      await call('PUT', `${sb}/board/card`, token, { card: { listId: list.id, title: cardTitle, labels, dueDate: due === null ? null : inDays(due) } });
    }
  }

  // The twelve months that end with this one: a rate change (1 January) falls inside them. Each
  // month's books are written whole from its own generator, then cut at today in the current month,
  // so the lines up to today are those the full month has.
  const today = `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}`;
  for (let back = 11; back >= 0; back--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth() + 1;
    const rnd = monthGenerator(y, m);
    const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const date = (day: number) => `${y}-${pad(m)}-${pad(day)}`;
    const lines: Record<string, unknown>[] = [];
    for (let day = 1; day <= days; day++) {
      if (new Date(Date.UTC(y, m - 1, day)).getUTCDay() === 1) continue; // closed on Mondays
      lines.push({
        type: 'income',
        date: date(day),
        amount: rnd(28000, 61000),
        categoryId: cat('Ventas'),
        paymentMethod: 'card',
        description: 'Counter sales',
      });
      lines.push({ type: 'income', date: date(day), amount: rnd(6000, 19000), categoryId: cat('Ventas'), paymentMethod: 'cash', description: 'Counter sales' });
      if (day % 9 === 0)
        lines.push({
          type: 'income',
          date: date(day),
          amount: rnd(4500, 22000),
          categoryId: cat('Ventas'),
          subcategoryId: cakes.id,
          paymentMethod: 'transfer',
          description: 'Custom cake order',
          // Who ordered it: a customer chosen by the date alone (no draw from the month's generator, whose amounts stay as they were).
          contactId: customers[(m * 7 + day) % customers.length]!.id,
        });
    }
    for (const day of [3, 17]) {
      lines.push({ type: 'purchase', date: date(day), productId: flour.id, quantity: rnd(8, 16) + 0.5, paymentMethod: 'transfer' });
      lines.push({ type: 'purchase', date: date(day + 1), productId: butter.id, quantity: `${rnd(10, 24)}.${rnd(0, 9)}${rnd(0, 9)}5`, paymentMethod: 'card' });
    }
    // Retail stock: bought on the 10th, sold on the 6th and the 21st (whole units, no draw on the month's generator).
    lines.push({
      type: 'purchase',
      date: date(10),
      categoryId: cat('Compras de mercancía'),
      inventoryProductId: sugar.id,
      quantity: 6,
      unitCost: 650,
      paymentMethod: 'card',
    });
    lines.push({
      type: 'purchase',
      date: date(10),
      categoryId: cat('Compras de mercancía'),
      inventoryProductId: flourBag.id,
      quantity: 2,
      unitCost: 1899,
      paymentMethod: 'card',
    });
    for (const day of [6, 21])
      lines.push({
        type: 'income',
        date: date(day),
        amount: 1798,
        categoryId: cat('Ventas'),
        paymentMethod: 'cash',
        description: 'Retail: sugar 5 kg',
        inventoryProductId: sugar.id,
        quantity: 2,
      });
    lines.push({
      type: 'income',
      date: date(21),
      amount: 2899,
      categoryId: cat('Ventas'),
      paymentMethod: 'cash',
      description: 'Retail: flour 25 kg',
      inventoryProductId: flourBag.id,
      quantity: 1,
    });
    lines.push({
      type: 'supplier_payment',
      date: date(25),
      amount: rnd(9000, 16000),
      providerId: utility.id,
      subcategoryId: sub('Electricidad'),
      paymentMethod: 'transfer',
      reference: `INV-${y}${pad(m)}`,
    });
    const rentLine = {
      type: 'expense',
      date: date(1),
      amount: 185000,
      categoryId: cat('Renta de local'),
      paymentMethod: 'check',
      reference: String(3000 + m),
      description: 'Shop rent',
    };
    lines.push(rentLine);
    lines.push({ type: 'expense', date: date(12), amount: 6999, categoryId: cat('Utilidades'), subcategoryId: sub('Internet'), paymentMethod: 'card' });
    // The van takes the standard mileage rate, which stands for its fuel (the IRS allows no fuel on top
    // of it for the same vehicle); the tolls and parking of its business trips, which name it, are deducted besides.
    lines.push({
      type: 'expense',
      date: date(4),
      amount: rnd(300, 900),
      categoryId: cat('Gastos de vehículo'),
      subcategoryId: sub('Peajes'),
      vehicleId: van.id,
      paymentMethod: 'card',
      description: 'Toll, flour pickup',
    });
    lines.push({
      type: 'expense',
      date: date(18),
      amount: rnd(800, 2400),
      categoryId: cat('Gastos de vehículo'),
      subcategoryId: sub('Estacionamiento'),
      vehicleId: van.id,
      paymentMethod: 'card',
      description: 'Parking, catering delivery',
    });
    lines.push({
      type: 'expense',
      date: date(8),
      amount: rnd(1500, 6000),
      categoryId: cat('Publicidad'),
      paymentMethod: 'card',
      description: 'Social media ads',
    });
    for (const day of [14, 28])
      lines.push({
        type: 'worker_payment',
        date: date(day),
        amount: rnd(118000, 132000),
        categoryId: cat('Salarios y jornales'),
        workerId: lucia.id,
        hours: 80,
        paymentMethod: 'transfer',
      });
    if (m % 3 === 0)
      lines.push({
        type: 'worker_payment',
        date: date(22),
        amount: 45000,
        categoryId: cat('Trabajo por contrato'),
        workerId: tomas.id,
        paymentMethod: 'check',
        reference: String(5000 + m),
      });
    let odometer = odometerOnFirst(y, m);
    const monthTrips = [4, 11, 18, 26].map((day) => {
      const start = odometer + rnd(50, 400);
      odometer = start + rnd(80, 260);
      return {
        vehicleId: van.id,
        date: date(day),
        odometerStart: start / 10,
        odometerEnd: odometer / 10,
        purpose: day === 18 ? 'Catering delivery' : 'Flour and dairy pickup',
        origin: 'Bakery',
        destination: day === 18 ? 'Client event' : 'Harinas del Sur',
      };
    });

    const written = lines.filter((l) => (l.date as string) <= today);
    const batch = await post<{ items: { id: string; type: string; description: string | null }[] }>('/api/entries/batch', { entries: written });

    // A receipt for the month's rent.
    const rent = batch.items.find((e) => e.type === 'expense' && e.description === rentLine.description)!;
    const form = new FormData();
    form.append(
      'file',
      new Blob([`%PDF-1.4\n% Rent receipt ${y}-${pad(m)}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`], { type: 'application/pdf' }),
      `rent-${y}-${pad(m)}.pdf`,
    );
    await call('POST', `/api/entries/${rent.id}/attachments`, token, form);

    for (const trip of monthTrips) if (trip.date <= today) await post('/api/trips', trip);
    // The first month is filed: closed.
    if (back === 11) await post(`/api/tax-years/${y}/months/${m}/close`, {});
  }

  // Recurring entries (issue 32): the rent and Lucía's salary recorded on their dates, the phone bill a
  // reminder to record with its amount of the month. Each starts next month, after the months written above,
  // and never before the server's clock (a demo dated in the past, as tests date it, would have them all made at once).
  const from = new Date(Math.max(now.getTime(), Date.now()));
  const nextMonth = (day: number) => {
    const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, day));
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  };
  const repeat = (template: Record<string, unknown>, startDate: string, mode: 'record' | 'remind') =>
    post('/api/recurring', { template, frequency: 'monthly', interval: 1, startDate, mode });
  await repeat(
    { type: 'expense', amount: 185000, categoryId: cat('Renta de local'), paymentMethod: 'check', description: 'Shop rent' },
    nextMonth(1),
    'record',
  );
  await repeat(
    {
      type: 'worker_payment',
      amount: 125000,
      categoryId: cat('Salarios y jornales'),
      workerId: lucia.id,
      hours: 80,
      paymentMethod: 'transfer',
      description: 'Salary, Lucía',
    },
    nextMonth(28),
    'record',
  );
  await repeat(
    { type: 'expense', amount: 5499, categoryId: cat('Utilidades'), subcategoryId: sub('Teléfono'), paymentMethod: 'card', description: 'Phone bill' },
    nextMonth(15),
    'remind',
  );

  // Monthly budgets for a few categories (the finance dashboard's budget): most with room to spare,
  // the utilities set just above what this month has spent so far, so it sits near its limit (about 90 %).
  const setBudget = (categoryId: string, amount: number) => call('PUT', '/api/budgets', token, { categoryId, amount });
  await setBudget(cat('Renta de local'), 250000);
  await setBudget(cat('Publicidad'), 40000);
  await setBudget(cat('Gastos de vehículo'), 30000);
  await setBudget(cat('Compras de mercancía'), 600000);
  await setBudget(cat('Utilidades'), 35000);
  const utilities = (await call<{ items: { categoryId: string; spent: number }[] }>('GET', '/api/budgets', token)).items.find(
    (b) => b.categoryId === cat('Utilidades'),
  );
  if (utilities && utilities.spent > 0) await setBudget(cat('Utilidades'), Math.ceil((utilities.spent * 100) / 90));
}

/** A 96×96 PNG of one colour, written here (no image library): a demo product's picture. */
function swatchPng([r, g, b]: readonly [number, number, number]): Buffer {
  const size = 96;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  seedDemo({ email: process.env.DEMO_EMAIL || undefined, password: process.env.DEMO_PASSWORD || undefined }).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`The demo seed failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}

type Call = <T>(method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, body?: unknown) => Promise<T>;

/** The bakery's tasks (in sections, with tags, priorities, due dates and subtasks) and notes (with labels, a checklist, a reminder). */
async function writePlanning(call: Call, token: string, now: Date, customers: { id: string }[]) {
  const day = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + n, 15)).toISOString();
  const tag = async (title: string) => (await call<{ id: string }>('POST', '/api/apps/tasks/tag', token, { tag: { title } })).id;
  const [orders, suppliers, taxes] = [await tag('Orders'), await tag('Suppliers'), await tag('Taxes')];
  type Item = {
    type: 'task' | 'section';
    title: string;
    notes?: string;
    priority?: 0 | 1 | 2;
    dueDate?: string;
    tags?: string[];
    completed?: boolean;
    subTasks?: { title: string; completed?: boolean }[];
    assignedTo?: string;
  };
  const ITEMS: Item[] = [
    { type: 'section', title: 'This week' },
    {
      type: 'task',
      title: 'Wedding cake for the Hotel Alamo Plaza',
      notes: 'Three tiers, lemon and raspberry. Deposit received.',
      priority: 2,
      dueDate: day(3),
      tags: [orders],
      assignedTo: customers[7]?.id,
      subTasks: [{ title: 'Order the cake boards', completed: true }, { title: 'Bake the tiers' }, { title: 'Deliver by 10 am' }],
    },
    { type: 'task', title: 'Reorder flour and sugar', notes: 'Flour 50 lb ×4, sugar 5 kg ×6.', priority: 1, dueDate: day(1), tags: [suppliers] },
    { type: 'task', title: 'Cupcakes for the St. Mary School bake sale', priority: 1, dueDate: day(5), tags: [orders], assignedTo: customers[11]?.id },
    { type: 'section', title: 'This month' },
    {
      type: 'task',
      title: 'Send the quarterly estimated tax payment',
      notes: 'The annual total has the estimate.',
      priority: 2,
      dueDate: day(12),
      tags: [taxes],
    },
    { type: 'task', title: 'Service the van', priority: 0, dueDate: day(20), subTasks: [{ title: 'Oil change' }, { title: 'Check the tyres' }] },
    { type: 'task', title: 'Ask two suppliers for butter prices', priority: 1, tags: [suppliers] },
    { type: 'section', title: 'Done' },
    { type: 'task', title: 'Close last month', priority: 1, tags: [taxes], completed: true },
  ];
  const ids: string[] = [];
  for (const { type, ...fields } of ITEMS) {
    const made = await call<{ id: string }>('POST', '/api/apps/tasks/task', token, { type });
    await call('PATCH', '/api/apps/tasks/task', token, { id: made.id, task: Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) });
    ids.push(made.id);
  }
  await call('PATCH', '/api/apps/tasks/order', token, { tasks: ids.map((id) => ({ id })) });

  const label = async (title: string) =>
    (await call<{ id: string; title: string }[]>('POST', '/api/apps/notes/labels', token, { title })).find((l) => l.title === title)!.id;
  const [ideas, shop, business] = [await label('Ideas'), await label('Shopping'), await label('Business')];
  const NOTES = [
    { title: 'New recipes to try', content: 'Conchas with matcha, pan de muerto in October, a sugar-free tres leches.', labels: [ideas] },
    {
      title: 'Market run',
      tasks: [{ content: 'Eggs (30 dozen)', completed: true }, { content: 'Fresh strawberries' }, { content: 'Piping bags' }],
      labels: [shop],
    },
    { title: 'Call the insurance agent', content: 'Ask about covering the new oven.', reminder: day(2), labels: [business] },
    { title: 'Holiday hours', content: 'Closed on the 25th and the 1st; half day on the 24th.', labels: [business] },
    { title: 'Old price list', content: 'Before the butter price went up.', archived: true, labels: [business] },
  ];
  for (const note of NOTES) await call('POST', '/api/apps/notes', token, { note });
}
