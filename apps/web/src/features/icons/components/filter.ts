/** Icons on one page of the grid: a phone draws them at once without a wait. */
export const ICONS_PER_PAGE = 96;

/** The names holding every word of the search (any case; spaces and dashes alike), in the set's order. */
export function filterIcons(list: string[], search: string): string[] {
  const words = search
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  if (!words.length) return list;
  return list.filter((name) => words.every((w) => name.includes(w)));
}
