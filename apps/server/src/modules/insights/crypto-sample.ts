import type { Crypto } from '@cuadre/contracts';

/**
 * The crypto dashboard's sample (spec 001 §3 "Crypto": btc, prices, wallets, watchlist). It is made
 * here, never fetched: a small seeded generator walks each coin's price one step a minute from a fixed
 * start, so the same minute always gives the same figures and nothing pretends to be a market.
 */

const MINUTE = 60_000;
const WATCH_MINUTES = 20;
const BTC_POINTS = 60;

/** mulberry32: a tiny deterministic generator, good enough for sample curves. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COINS = [
  { iso: 'BTC', title: 'Bitcoin', base: 34_000, seed: 11 },
  { iso: 'ETH', title: 'Ethereum', base: 1_800, seed: 23 },
  { iso: 'BCH', title: 'Bitcoin Cash', base: 240, seed: 37 },
  { iso: 'XRP', title: 'XRP', base: 0.55, seed: 41 },
] as const;

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The coin's price at a minute: a walk within ±8 % of its base, from a seed of the coin and the minute. */
function priceAt(coin: (typeof COINS)[number], minute: number) {
  const r = generator(coin.seed * 1_000_003 + minute)();
  const wave = Math.sin(minute / 37 + coin.seed) * 0.05 + (r - 0.5) * 0.06;
  return round(coin.base * (1 + wave), coin.base < 10 ? 4 : 2);
}

export function sampleCrypto(now: Date): Crypto {
  const minute = Math.floor(now.getTime() / MINUTE);
  const series = (coin: (typeof COINS)[number], points: number) =>
    Array.from({ length: points }, (_, i) => {
      const m = minute - (points - 1 - i);
      return { x: new Date(m * MINUTE).toISOString(), y: priceAt(coin, m) };
    });
  const trend = (coin: (typeof COINS)[number]) => {
    const nowPrice = priceAt(coin, minute);
    const before = priceAt(coin, minute - WATCH_MINUTES);
    const change = round(((nowPrice - before) / before) * 100, 2);
    return { dir: change >= 0 ? ('up' as const) : ('down' as const), amount: Math.abs(change) };
  };
  const btc = COINS[0];
  const btcPrice = priceAt(btc, minute);
  const r = generator(minute);
  const key = (iso: string) => iso.toLowerCase();
  return {
    sample: true,
    btc: {
      amount: btcPrice,
      trend: trend(btc),
      marketCap: round(btcPrice * 19_500_000, 0),
      volume: round(btcPrice * 400_000 * (0.8 + r() * 0.4), 0),
      supply: 19_500_000,
      allTimeHigh: 69_044.77,
      price: { series: [{ name: 'Price', data: series(btc, BTC_POINTS) }] },
    },
    prices: Object.fromEntries(COINS.map((c) => [key(c.iso), priceAt(c, minute)])),
    // Fixed sample holdings.
    wallets: { btc: 24.97, eth: 126.3, bch: 52.8, xrp: 7_826.5 },
    watchlist: COINS.map((c) => ({
      iso: c.iso,
      title: c.title,
      amount: priceAt(c, minute),
      trend: trend(c),
      series: [{ name: 'Price', data: series(c, WATCH_MINUTES) }],
    })),
  };
}
