/** A user's search text as a LIKE/ILIKE pattern piece: `%`, `_` and `\` match themselves, not anything. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);
