const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD plus some days. */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The Monday of the week of a day (YYYY-MM-DD, UTC). */
export function weekStart(day: string): string {
  const dow = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -dow);
}

/** The start of a UTC day as an instant. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** YYYY-MM-DD moved by whole months, the day kept or clamped to the month's last (31 March − 1 month = 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + months;
  const ty = y + Math.floor(m / 12);
  const tm = ((m % 12) + 12) % 12;
  const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  return `${ty}-${pad(tm + 1)}-${pad(Math.min(Number(day.slice(8, 10)), last))}`;
}

/**
 * `count` consecutive windows ending on `today`, oldest first, each [from, to] inclusive: the latest
 * is (today − one step, today], each earlier one ends the day before the next begins.
 */
export function windows(today: string, count: number, step: (day: string, back: number) => string): [string, string][] {
  const out: [string, string][] = [];
  for (let i = count - 1; i >= 0; i--) out.push([addDays(step(today, i + 1), 1), step(today, i)]);
  return out;
}
