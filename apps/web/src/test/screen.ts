/**
 * The screen's width as MUI's useMediaQuery sees it (jsdom has no matchMedia of its own): wide
 * (`min-width` queries match, md and up) or a phone (`max-width` queries match).
 */
export function setScreenWide(wide: boolean) {
  window.matchMedia = (query: string) => ({
    matches: wide ? /min-width/.test(query) : /max-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
