import { z } from 'zod/mini';

export const NAVIGATION_ITEM_TYPES = ['basic', 'aside', 'collapsable', 'group', 'divider', 'spacer'] as const;

export interface NavigationItem {
  id: string;
  type: (typeof NAVIGATION_ITEM_TYPES)[number];
  title?: string;
  subtitle?: string;
  icon?: string;
  tooltip?: string;
  link?: string;
  externalLink?: boolean;
  target?: string;
  disabled?: boolean;
  exactMatch?: boolean;
  children?: NavigationItem[];
}

export const ZNavigationItem = z.object({
  id: z.string(),
  type: z.enum(NAVIGATION_ITEM_TYPES),
  title: z.optional(z.string()),
  subtitle: z.optional(z.string()),
  icon: z.optional(z.string()),
  tooltip: z.optional(z.string()),
  link: z.optional(z.string()),
  externalLink: z.optional(z.boolean()),
  target: z.optional(z.string()),
  disabled: z.optional(z.boolean()),
  exactMatch: z.optional(z.boolean()),
  get children() {
    return z.optional(z.array(ZNavigationItem));
  },
});

export const ZNavigation = z.object({
  compact: z.array(ZNavigationItem),
  default: z.array(ZNavigationItem),
  futuristic: z.array(ZNavigationItem),
  horizontal: z.array(ZNavigationItem),
});
export type Navigation = z.infer<typeof ZNavigation>;
