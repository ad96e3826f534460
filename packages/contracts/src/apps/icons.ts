import { z } from 'zod/mini';

/** The icon sets of spec 001 §7 ("Dashboards, activities, icons"): `GET /api/ui/icons/{set}`. */
export const ICON_SETS = [
  'feather',
  'heroicons-outline',
  'heroicons-solid',
  'heroicons-mini',
  'material-solid',
  'material-outline',
  'material-twotone',
] as const;
export type IconSetId = (typeof ICON_SETS)[number];

export const ZIconSetParam = z.object({ set: z.string().check(z.maxLength(40)) });
export const ZIconSet = z.object({
  /** feather, heroicons_outline, heroicons_solid, heroicons_mini, mat_solid, mat_outline; '' for material-twotone. */
  namespace: z.string(),
  /** The set's display name. */
  name: z.string(),
  /** icon-size-5 for heroicons-mini, icon-size-6 for the others. */
  grid: z.string(),
  /** The icons' names, sorted. */
  list: z.array(z.string()),
});
export type IconSet = z.infer<typeof ZIconSet>;
