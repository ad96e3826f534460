import { useMatches, useSearchParams } from 'react-router';
import { LAYOUTS, type Layout, type Navigation } from '@cuadre/contracts';
import { usePreferences } from '@/lib/preferences';

export type NavigationVariant = keyof Navigation;

/** How the vertical navigation draws its items: full rows, icon over a short title, or icons only. */
export type NavigationAppearance = 'default' | 'compact' | 'dense' | 'thin';

/** The navigation's colours: the page's surface, a dark panel, or a dark panel tinted with the theme. */
export type NavigationTone = 'surface' | 'dark' | 'primary';

export interface VerticalLayoutStyle {
  kind: 'vertical';
  navigation: NavigationVariant;
  appearance: NavigationAppearance;
  /** docs/product.md, "Layouts, themes and navigation": 280 px normal, 112 compact, 80 dense or thin. */
  width: 280 | 112 | 80;
  tone: NavigationTone;
  /** Where the signed-in person is shown inside the navigation, if at all. */
  user: 'top' | 'bottom' | 'none';
  /** The quick-chat panel's header height (spec 000 "Quick chat"), or null where the layout has none. */
  quickChat: QuickChatHeader;
}

/** The quick chat's header: 64 px, 80 in the enterprise and modern layouts (spec 000 "Quick chat"). */
export type QuickChatHeader = 64 | 80 | null;

export interface HorizontalLayoutStyle {
  kind: 'horizontal';
  navigation: 'horizontal';
  /** Content and bars kept to the xl width and centred, rather than edge to edge. */
  boxed: boolean;
  /** The menu in a row of its own under the header, rather than beside the logo. */
  menuRow: boolean;
  /** The header in the theme's primary colour rather than the surface. */
  header: 'surface' | 'primary';
  /** A primary band behind the top of the page with the content on a card over it. */
  card: boolean;
  quickChat: QuickChatHeader;
}

export type ShellLayoutStyle = VerticalLayoutStyle | HorizontalLayoutStyle;

/**
 * Every layout but empty, as a variant of two components. The navigation variant follows docs/product.md:
 * compact and futuristic use their own menus, the horizontal layouts the horizontal one.
 */
export const LAYOUT_STYLES: Record<Exclude<Layout, 'empty'>, ShellLayoutStyle> = {
  classy: { kind: 'vertical', navigation: 'default', appearance: 'default', width: 280, tone: 'dark', user: 'top', quickChat: 64 },
  classic: { kind: 'vertical', navigation: 'default', appearance: 'default', width: 280, tone: 'dark', user: 'none', quickChat: 64 },
  compact: { kind: 'vertical', navigation: 'compact', appearance: 'compact', width: 112, tone: 'dark', user: 'none', quickChat: 64 },
  dense: { kind: 'vertical', navigation: 'default', appearance: 'dense', width: 80, tone: 'dark', user: 'none', quickChat: 64 },
  futuristic: { kind: 'vertical', navigation: 'futuristic', appearance: 'default', width: 280, tone: 'primary', user: 'bottom', quickChat: 64 },
  thin: { kind: 'vertical', navigation: 'default', appearance: 'thin', width: 80, tone: 'surface', user: 'none', quickChat: 64 },
  centered: { kind: 'horizontal', navigation: 'horizontal', boxed: true, menuRow: false, header: 'surface', card: false, quickChat: null },
  enterprise: { kind: 'horizontal', navigation: 'horizontal', boxed: false, menuRow: true, header: 'primary', card: false, quickChat: 80 },
  material: { kind: 'horizontal', navigation: 'horizontal', boxed: true, menuRow: true, header: 'primary', card: true, quickChat: 64 },
  modern: { kind: 'horizontal', navigation: 'horizontal', boxed: false, menuRow: false, header: 'surface', card: false, quickChat: 80 },
};

export const DEFAULT_LAYOUT: Layout = 'classy';

const isLayout = (value: unknown): value is Layout => typeof value === 'string' && (LAYOUTS as readonly string[]).includes(value);

/**
 * The layout on screen (docs/product.md, "Layouts, themes and navigation"): the route's data first (the deepest matched route that
 * names one), then the `layout` query parameter, then the user's preference, then classy. Unknown
 * names are skipped, so a mistyped link never leaves the page without a shell.
 */
export function chooseLayout(handles: readonly unknown[], queryLayout: string | null, preference: string | undefined): Layout {
  for (let i = handles.length - 1; i >= 0; i -= 1) {
    const handle = handles[i];
    const fromRoute = handle && typeof handle === 'object' ? (handle as { layout?: unknown }).layout : undefined;
    if (isLayout(fromRoute)) return fromRoute;
  }
  if (isLayout(queryLayout)) return queryLayout;
  if (isLayout(preference)) return preference;
  return DEFAULT_LAYOUT;
}

export function useLayoutChoice(): Layout {
  const matches = useMatches();
  const [params] = useSearchParams();
  const { layout } = usePreferences();
  return chooseLayout(
    matches.map((m) => m.handle),
    params.get('layout'),
    layout,
  );
}
