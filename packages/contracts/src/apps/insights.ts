import { z } from 'zod/mini';
import { listOf, PAGE_SIZES } from '../common/pagination.js';

/**
 * The analytics and crypto dashboards and the activities feed (spec 001 §3 "Dashboards" and
 * "Activity item", §7 "Dashboards, activities").
 */

/** How many days the analytics cover, today (UTC) included. */
export const ANALYTICS_DAYS = 30;

/** One figure per day: its total over the range, the days (YYYY-MM-DD, UTC) and one named series of counts. */
export const ZDailySeries = z.object({
  amount: z.int(),
  labels: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), data: z.array(z.int()) })),
});
export type DailySeries = z.infer<typeof ZDailySeries>;

/** A split: its labels and one count per label; `uniqueVisitors` is how many people (or sessions) it splits. */
export const ZSplit = z.object({ uniqueVisitors: z.int(), labels: z.array(z.string()), series: z.array(z.int()) });

/**
 * A split the service cannot know (gender, age): it never asks for them, so it answers `known: false` with
 * no labels and no counts rather than invented figures.
 */
export const ZUnknownSplit = z.object({ known: z.literal(false), uniqueVisitors: z.int(), labels: z.array(z.string()), series: z.array(z.int()) });

/**
 * GET api/dashboards/analytics, from the service's own records. `scope` `service` (an administrator):
 * visitors are the owners who opened a session each day, visits the sessions they opened, conversions
 * the sign-ups, impressions the changes recorded in every owner's books; new against returning splits the
 * range's visitors into those who signed up in it and the rest; languages are the owners' preferences.
 * `scope` `account` (an owner, about their own use): visitors are the devices (browsers) they used each
 * day, visits their sessions, conversions the entries they made, impressions every change to their books;
 * new against returning splits their sessions into those from a device first seen then and the rest.
 */
export const ZAnalytics = z.object({
  scope: z.enum(['service', 'account']),
  from: z.string(),
  to: z.string(),
  visitors: ZDailySeries,
  conversions: ZDailySeries,
  impressions: ZDailySeries,
  visits: ZDailySeries,
  /** Visitors against visits per day; `ratio` is visits per visitor over the range (two decimals). */
  visitorsVsPageViews: z.object({
    ratio: z.number(),
    labels: z.array(z.string()),
    series: z.array(z.object({ name: z.string(), data: z.array(z.int()) })),
  }),
  /** Labels `new` and `returning`. */
  newVsReturning: ZSplit,
  gender: ZUnknownSplit,
  age: ZUnknownSplit,
  /** Labels are language codes (en, es, tr), or `unset` for an account that never chose one. */
  language: ZSplit,
});
export type Analytics = z.infer<typeof ZAnalytics>;

/** A point of a price series: when (ISO) and the price in US dollars. */
export const ZPricePoint = z.object({ x: z.string(), y: z.number() });
export const ZTrend = z.object({ dir: z.enum(['up', 'down']), amount: z.number() });

/**
 * GET api/dashboards/crypto: sample data, made on the server from a fixed seed and the current minute
 * (never fetched), so one minute always answers the same. `sample` is always true: the screen says so.
 */
export const ZCrypto = z.object({
  sample: z.literal(true),
  btc: z.object({
    amount: z.number(),
    trend: ZTrend,
    marketCap: z.number(),
    volume: z.number(),
    supply: z.number(),
    allTimeHigh: z.number(),
    price: z.object({ series: z.array(z.object({ name: z.string(), data: z.array(ZPricePoint) })) }),
  }),
  prices: z.record(z.string(), z.number()),
  wallets: z.record(z.string(), z.number()),
  /** The last 20 minutes, one point a minute. */
  watchlist: z.array(
    z.object({
      iso: z.string(),
      title: z.string(),
      amount: z.number(),
      trend: ZTrend,
      series: z.array(z.object({ name: z.string(), data: z.array(ZPricePoint) })),
    }),
  ),
});
export type Crypto = z.infer<typeof ZCrypto>;

export const ACTIVITY_KINDS = ['entry', 'month', 'import', 'export', 'device', 'support'] as const;

/**
 * Activity item, as spec 001 §3 names it. `description` is simple HTML built by the server: the only
 * markup is `<strong>`, and any text a user wrote (a name, a subject) is escaped inside it. `link` is an
 * in-app path (`useRouter` true). `kind` says which record it comes from.
 */
export const ZActivityItem = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  icon: z.optional(z.string()),
  image: z.optional(z.string()),
  description: z.string(),
  date: z.string(),
  extraContent: z.optional(z.string()),
  linkedContent: z.optional(z.string()),
  link: z.string(),
  useRouter: z.boolean(),
});
export type ActivityItem = z.infer<typeof ZActivityItem>;

/** The paging the spec's list gains: `page` from 1, `size` 10, 25 or 50; newest first. */
export const ZActivitiesQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1, 'page starts at 1'), z.lte(100_000, 'page is at most 100000')), 1),
  size: z._default(z.coerce.number().check(z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'size must be 10, 25 or 50')), 10),
});
export type ActivitiesQuery = z.infer<typeof ZActivitiesQuery>;

/** GET api/pages/activities: the items of the page asked for (the list kit's shape: items and pagination). */
export const ZActivityList = listOf(ZActivityItem);
export type ActivityList = z.infer<typeof ZActivityList>;
