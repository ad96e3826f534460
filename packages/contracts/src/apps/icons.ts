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

/** At most this many icons' drawings per call. */
export const MAX_ICON_DRAWINGS = 200;
/** `GET /api/ui/icons/{set}/svg?names=a,b`: the drawings of some icons of a set (the screen's visible page). */
export const ZIconDrawingsQuery = z.object({ names: z.string().check(z.maxLength(MAX_ICON_DRAWINGS * 60)) });
export const ZIconDrawing = z.object({ body: z.string(), width: z.number(), height: z.number() });
export type IconDrawing = z.infer<typeof ZIconDrawing>;
/** Each known name's SVG body (from the Iconify package, never user text) and size; unknown names are left out. */
export const ZIconDrawings = z.object({ icons: z.record(z.string(), ZIconDrawing) });
export type IconDrawings = z.infer<typeof ZIconDrawings>;
