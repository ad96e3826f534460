import { fireEvent, screen } from '@testing-library/react';
import { AppThemeProvider } from '@/app/theme/theme-provider';
import { setScreenWide } from '@/test/screen';
import { renderApp, testQueryClient } from '@/test/render';
import { SearchBox } from './search-box';

function setup(width: number) {
  // A phone below `md` (900 px) gets the bar, a desktop the field.
  setScreenWide(width >= 900);
  renderApp(<SearchBox />, { path: '/', url: '/', queryClient: testQueryClient({ staleTime: Infinity }), wrapper: AppThemeProvider });
}

// What is typed right after `/` must land in the field: the focus moves in the same key event,
// not a frame later (keys typed in between went to the page and were lost).
describe('search box keyboard', () => {
  it.each([
    ['desktop', 1280, '/'],
    ['desktop', 1280, 'k'],
    ['phone', 390, '/'],
  ] as const)('on a %s (%i px), %s focuses the field at once', (_name, width, key) => {
    setup(width);
    fireEvent.keyDown(document.body, { key, ctrlKey: key === 'k' });
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search' }));
  });

  it('a `/` typed inside another field stays there', () => {
    setup(1280);
    const other = document.createElement('input');
    document.body.appendChild(other);
    other.focus();
    const event = fireEvent.keyDown(other, { key: '/' });
    expect(event).toBe(true);
    expect(document.activeElement).toBe(other);
    other.remove();
  });
});
