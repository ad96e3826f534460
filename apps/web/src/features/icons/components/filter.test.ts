import { describe, expect, it } from 'vitest';
import { filterIcons } from './filter';

describe('filterIcons', () => {
  const list = ['arrow-down', 'arrow-up', 'cloud-arrow-up', 'home'];
  it('keeps every name when nothing is searched', () => {
    expect(filterIcons(list, '  ')).toEqual(list);
  });
  it('keeps the names holding every word, in any case, spaces and dashes alike', () => {
    expect(filterIcons(list, 'Arrow UP')).toEqual(['arrow-up', 'cloud-arrow-up']);
    expect(filterIcons(list, 'arrow-down')).toEqual(['arrow-down']);
    expect(filterIcons(list, 'nothing')).toEqual([]);
  });
});
