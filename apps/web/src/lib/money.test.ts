import { formatMoney, parseMoney } from './money';
import { formatDate, formatMonth, formatMonthName, formatShortDate } from './format';

describe('parseMoney: typed text to integer cents, never through a float', () => {
  it.each([
    ['1,234.56', 123456],
    ['1.234,56', 123456],
    ['1234,5', 123450],
    ['1234.5', 123450],
    ['0.29', 29],
    ['0,1', 10],
    ['12', 1200],
    ['$ 1,234.56', 123456],
    ['1.234,56 €', 123456],
    ['₺1.234.567,89', 123456789],
    ['1 234,56', 123456],
    ['1,234', 123400],
    ['1.234', 123400],
    ['1,234,567', 123456700],
    ['-3.10', -310],
    ['(12.50)', -1250],
    ['.5', 50],
    ['90071992547409.91', 9007199254740991],
  ])('%s is %i cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each(['', 'abc', '1.2.3,4,5', '1,2,3.4.5', '12.345.6', '1.234,567', '1e5', '12..5', '90071992547409.92', '1,234.5.6'])('refuses %j', (text) => {
    expect(parseMoney(text)).toBeUndefined();
  });
});

describe('formatMoney: integer cents to text in the language', () => {
  it('writes the language and the currency, exactly', () => {
    expect(formatMoney(123456, 'en', 'USD')).toBe('$1,234.56');
    expect(formatMoney(-5, 'en', 'USD')).toBe('-$0.05');
    expect(formatMoney(123456, 'tr', 'TRY')).toBe('₺1.234,56');
    expect(formatMoney(60550, 'tr', 'USD')).toBe('$605,50');
    expect(formatMoney(9007199254740991, 'en', 'USD')).toBe('$90,071,992,547,409.91');
  });
  it('writes Spanish as US Spanish does, the books being US books: "$605.50", not Spain\'s "605,50 US$"', () => {
    expect(formatMoney(60550, 'es', 'USD')).toBe('$605.50');
    expect(formatMoney(123456789, 'es', 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(-60550, 'es', 'USD')).toBe('-$605.50');
    expect(formatMoney(60550, 'es', 'USD')).not.toMatch(/US\$|,50/);
  });
  it('refuses what is not whole cents', () => {
    expect(() => formatMoney(1.5, 'en')).toThrow(RangeError);
  });
});

describe('dates through Intl', () => {
  it('formats a calendar day as that day wherever the browser is', () => {
    expect(formatDate('2026-11-23', 'en')).toBe('November 23, 2026');
    expect(formatShortDate('2026-02-01', 'en')).toBe('2/1/2026');
    expect(formatMonth('2026-02', 'en')).toBe('Feb 2026');
    expect(formatDate('2026-11-23', 'es')).toBe('23 de noviembre de 2026');
    expect(formatShortDate('2026-02-01', 'tr')).toBe('01.02.2026');
  });

  it('names a month on its own with one capital, at the start', () => {
    expect(formatMonthName(2026, 11, 'en')).toBe('November 2026');
    expect(formatMonthName(2026, 11, 'es')).toBe('Noviembre de 2026');
    expect(formatMonthName(2026, 11, 'tr')).toBe('Kasım 2026');
  });
});
