import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('follows a path of this site, with its query and fragment', () => {
    expect(safeRedirect('/user/taxmonths?year=2026')).toBe('/user/taxmonths?year=2026');
    expect(safeRedirect('/users#top')).toBe('/users#top');
    expect(safeRedirect('/')).toBe('/');
  });

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['an absolute URL', 'https://evil.example/phish'],
    ['another scheme', 'javascript:alert(1)'],
    ['a protocol-relative URL', '//evil.example/path'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['a tab the URL parser drops', '/\t/evil.example'],
    ['a newline the URL parser drops', '/\n/evil.example'],
    ['a relative path', 'dashboard'],
    ['an encoded protocol-relative URL', '%2F%2Fevil.example'],
    ['a protocol-relative URL behind a parent segment', '/..//evil.example'],
    ['a protocol-relative URL behind a current segment', '/.//evil.example'],
    ['a protocol-relative URL behind several segments', '/a/../..//evil.example/x'],
    ['an encoded dot segment', '/%2e%2e//evil.example'],
  ])('refuses %s', (_, value) => {
    expect(safeRedirect(value)).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeRedirect('https://evil.example', '/user/dashboard')).toBe('/user/dashboard');
  });
});
