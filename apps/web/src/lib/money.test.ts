// @vitest-environment node
import { amountProblem, centsToText, decimalText, formatMoney, numberText, parseMoney, purchasePreview, roundToWholeUnits } from './money';
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

describe("roundToWholeUnits: the year view's whole figures, half up, in integers", () => {
  it('rounds half up, away from zero, to whole units', () => {
    expect(roundToWholeUnits(1651398)).toBe(1651400);
    expect(roundToWholeUnits(1651350)).toBe(1651400);
    expect(roundToWholeUnits(1651349)).toBe(1651300);
    expect(roundToWholeUnits(-1651350)).toBe(-1651400);
    expect(roundToWholeUnits(-49)).toBe(0);
    expect(roundToWholeUnits(99999999999950)).toBe(100000000000000);
  });
});

describe('centsToText: integer cents to the text a form field starts from', () => {
  it('writes the digits exactly, with a point and two decimals, and nothing for no amount', () => {
    expect(centsToText(5)).toBe('0.05');
    expect(centsToText(123456)).toBe('1234.56');
    expect(centsToText(-310)).toBe('-3.10');
    expect(centsToText(0)).toBe('0.00');
    expect(centsToText(null)).toBe('');
    expect(centsToText(undefined)).toBe('');
    // Where dividing by 100 in floating point writes another amount ((c / 100).toFixed(2) gives .02 and .05).
    expect(centsToText(9007199254740001)).toBe('90071992547400.01');
    expect(centsToText(9007199254740004)).toBe('90071992547400.04');
    expect(() => centsToText(1.5)).toThrow(RangeError);
  });

  it('reads back through parseMoney as the same cents, for every amount', () => {
    const samples = [0, 1, 9, 10, 99, 100, 101, 29, 57, 1005, 123456, 10_000_000_000, 9007199254740001, Number.MAX_SAFE_INTEGER];
    // And 2,000 more spread over every size, the same on every run.
    let seed = 7n;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      samples.push(Number(seed % 10n ** BigInt(1 + (i % 16))) % Number.MAX_SAFE_INTEGER);
    }
    for (const cents of samples) {
      expect(parseMoney(centsToText(cents)), String(cents)).toBe(cents);
      if (cents) expect(parseMoney(centsToText(-cents)), String(-cents)).toBe(-cents);
    }
  });
});

describe('decimals that are not money', () => {
  it('reads decimals with a point or a comma, within their places', () => {
    expect(decimalText('2,5', 3)).toBe('2.5');
    expect(decimalText('0.125', 3)).toBe('0.125');
    expect(decimalText(' 67,5 ', 1)).toBe('67.5');
    expect(decimalText('0.1255', 3)).toBeUndefined();
    expect(decimalText('67.55', 1)).toBeUndefined();
    expect(decimalText('1e3', 3)).toBeUndefined();
    expect(decimalText('-1', 3)).toBeUndefined();
  });
  it('writes what the API sent as a field’s text', () => {
    expect(numberText(67.5, 1)).toBe('67.5');
    expect(numberText(70, 1)).toBe('70');
    expect(numberText(null, 1)).toBe('');
  });
  it('previews a purchase as the server computes it: quantity × unit cost, half up, in integers', () => {
    expect(purchasePreview('2.5', 1299)).toBe(3248);
    expect(purchasePreview('0.125', 333)).toBe(42);
    expect(purchasePreview('0.1', 1299)).toBe(130);
    expect(purchasePreview('x', 100)).toBeUndefined();
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

describe('one place for money', () => {
  // Every module of the app but this one and the tests, as text.
  const sources = Object.entries(
    import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/lib/money.ts'], { query: '?raw', import: 'default', eager: true }),
  );

  it('reads the app’s own modules', () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(sources.some(([file]) => file.endsWith('/features/admin/components/tax-rules.tsx'))).toBe(true);
  });

  it.each([
    ['cents through floating point', /\/\s*100\s*\)\s*\.toFixed\(/],
    ['a decimal comma read by hand', /\.replace\(\s*(['"]),\1\s*,\s*(['"])\.\2\s*\)/],
    ['a float parser', /parseFloat\(/],
    ['text scaled to cents by hand', /\*\s*100\s*\)\s*(\/\/|$|;|,)/m],
  ])('no module but lib/money has %s', (_what, pattern) => {
    expect(sources.filter(([, text]) => pattern.test(text)).map(([file]) => file)).toEqual([]);
  });
});

describe('amountProblem', () => {
  it('says "too large" for a number past what a line holds, however it is typed, and "invalid" for what is not an amount above zero', () => {
    expect(amountProblem('12.50')).toBeUndefined();
    expect(amountProblem('1,000,000,000.00')).toBeUndefined();
    expect(amountProblem('1,000,000,000.01')).toBe('tooLarge');
    expect(amountProblem('1e12')).toBe('tooLarge');
    expect(amountProblem('99999999999999999999')).toBe('tooLarge');
    expect(amountProblem('0')).toBe('invalid');
    expect(amountProblem('-5')).toBe('invalid');
    expect(amountProblem('1e-3')).toBe('invalid');
    expect(amountProblem('twelve')).toBe('invalid');
  });
});
