/** Builds the named targets ('web', 'server') whose sources changed; returns the names it built. */
export function buildStale(names?: ('web' | 'server')[], opts?: { log?: (line: string) => void }): Promise<string[]>;
