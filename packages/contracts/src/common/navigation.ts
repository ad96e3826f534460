import { z } from 'zod';

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

export const ZNavigationItem: z.ZodType<NavigationItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    type: z.enum(NAVIGATION_ITEM_TYPES),
    title: z.string().optional(),
    subtitle: z.string().optional(),
    icon: z.string().optional(),
    tooltip: z.string().optional(),
    link: z.string().optional(),
    externalLink: z.boolean().optional(),
    target: z.string().optional(),
    disabled: z.boolean().optional(),
    exactMatch: z.boolean().optional(),
    children: z.array(ZNavigationItem).optional(),
  }),
);

export const ZNavigation = z.object({
  compact: z.array(ZNavigationItem),
  default: z.array(ZNavigationItem),
  futuristic: z.array(ZNavigationItem),
  horizontal: z.array(ZNavigationItem),
});
export type Navigation = z.infer<typeof ZNavigation>;
