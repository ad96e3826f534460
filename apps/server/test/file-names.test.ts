import { describe, expect, it } from 'vitest';
import { safeBaseName } from '../src/lib/file-names.js';

describe('the name a stored file keeps', () => {
  it('drops the folders, control characters and double quotes, trims and cuts', () => {
    expect(safeBaseName('C:\\Users\\ana\\recibo "marzo".pdf', 200)).toBe('recibo marzo.pdf');
    expect(safeBaseName('../../etc/pass\u0000wd\u001f\u007f.txt', 200)).toBe('passwd.txt');
    expect(safeBaseName('  tab\tname  ', 200)).toBe('tabname');
    expect(safeBaseName('ñandú-😀.png', 200)).toBe('ñandú-😀.png');
    expect(safeBaseName('a'.repeat(300), 150)).toHaveLength(150);
    expect(safeBaseName('\u0001\u0002', 150)).toBe('');
  });
});
