/** The object without its undefined fields: in a patch, undefined means "leave it", never "set it to null". */
export function definedOnly<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T; // the same fields of T, fewer of them
}
