// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dateFormat, numberFormat } from './intl';

describe('Intl formatters', () => {
  it('are made once per language and options, and format in that language', () => {
    const a = numberFormat('es', { style: 'currency', currency: 'EUR' });
    expect(numberFormat('es', { style: 'currency', currency: 'EUR' })).toBe(a);
    expect(numberFormat('en', { style: 'currency', currency: 'EUR' })).not.toBe(a);
    expect(numberFormat('tr', { style: 'currency', currency: 'EUR' }).format(1234.5)).toBe('€1.234,50');
    // Spanish numbers as US Spanish writes them (the books are US books).
    expect(numberFormat('es', { style: 'currency', currency: 'USD' }).format(605.5)).toBe('$605.50');
    expect(numberFormat('es', { maximumFractionDigits: 1 }).format(1234.5)).toBe('1,234.5');
    expect(numberFormat('es', { style: 'percent', maximumFractionDigits: 1 }).format(0.123)).toBe('12.3%');
    expect(dateFormat('tr', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 1))).toBe('Kasım');
  });
});
