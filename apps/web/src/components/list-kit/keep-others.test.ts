// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { keepOthers, type ListConfig } from './list-params';

describe('a list in the address beside other state', () => {
  const config: ListConfig<'date' | 'amount', 'paymentMethod'> = {
    sorts: ['date', 'amount'],
    defaultSort: 'date',
    defaultOrder: 'desc',
    filters: { paymentMethod: ['cash', 'card'] },
  };
  it('writes its own keys and keeps the month in view and anything else the page holds', () => {
    const current = new URLSearchParams('year=2026&month=3&search=old&page=4&paymentMethod=cash&tab=x');
    const next = new URLSearchParams('search=flour&sort=amount&order=asc');
    expect(keepOthers(config, current, next).toString()).toBe('year=2026&month=3&tab=x&search=flour&sort=amount&order=asc');
  });
});
