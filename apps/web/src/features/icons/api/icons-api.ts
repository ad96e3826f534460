import { queryOptions } from '@tanstack/react-query';
import { ZIconDrawings, ZIconSet, type IconSetId } from '@cuadre/contracts';
import { api } from '@/lib/api';

/** `GET /api/ui/icons/{set}` (spec 001 §7): the set's namespace, name, grid and names; they do not change while the server runs. */
export const iconSetQuery = (set: IconSetId) =>
  queryOptions({
    queryKey: ['icons', set],
    queryFn: ({ signal }) => api(`ui/icons/${set}`, { schema: ZIconSet, signal }),
    staleTime: Infinity,
  });

/** The drawings of the icons on screen (one page of the grid). */
export const iconDrawingsQuery = (set: IconSetId, names: string[]) =>
  queryOptions({
    queryKey: ['icons', set, 'svg', names.join(',')],
    queryFn: ({ signal }) => api(`ui/icons/${set}/svg`, { query: { names: names.join(',') }, schema: ZIconDrawings, signal }),
    staleTime: Infinity,
    enabled: names.length > 0,
  });
