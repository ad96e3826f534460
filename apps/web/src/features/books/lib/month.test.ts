// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { monthOf, parseMonth, shiftMonth } from './month';

describe('the month in view', () => {
  const today = new Date(2026, 10, 23);
  it('reads year and month from the address, and falls back to this month on anything else', () => {
    expect(parseMonth(new URLSearchParams('year=2024&month=2'), today)).toMatchObject({
      year: 2024,
      month: 2,
      from: '2024-02-01',
      to: '2024-02-29',
      search: 'year=2024&month=2',
    });
    for (const bad of ['year=2024', 'year=2024&month=13', 'year=abc&month=1', 'year=1800&month=1', ''])
      expect(parseMonth(new URLSearchParams(bad), today)).toMatchObject({ year: 2026, month: 11 });
  });
  it('puts a new entry on today in the current month, else on the first', () => {
    expect(monthOf(2026, 11, today).defaultDate).toBe('2026-11-23');
    expect(monthOf(2026, 3, today).defaultDate).toBe('2026-03-01');
  });
  it('steps across years', () => {
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
  });
});
