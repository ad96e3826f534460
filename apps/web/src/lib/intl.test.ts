import { describe, expect, it } from 'vitest';
import { dateFormat, numberFormat } from './intl';

describe('Intl formatters', () => {
  it('are made once per language and options, and format in that language', () => {
    const a = numberFormat('es', { style: 'currency', currency: 'EUR' });
    expect(numberFormat('es', { style: 'currency', currency: 'EUR' })).toBe(a);
    expect(numberFormat('en', { style: 'currency', currency: 'EUR' })).not.toBe(a);
    expect(a.format(1234.5)).toBe('1234,50\u00a0€');
    expect(dateFormat('tr', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 1))).toBe('Kasım');
  });
});
