import { describe, expect, it } from 'vitest';
import { usedShare } from './share';

describe('usedShare', () => {
  it('rounds down, so a share just under a warning never reads as it', () => {
    expect(usedShare(7999, 10000)).toBe(79);
    expect(usedShare(8000, 10000)).toBe(80);
    expect(usedShare(12345, 10000)).toBe(123);
    expect(usedShare(5, 0)).toBe(0);
  });
});
