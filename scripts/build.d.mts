/** Builds the named targets ('web', 'server') whose sources changed; returns the names it built. */
export function buildStale(names?: ('web' | 'server')[], opts?: { log?: (line: string) => void; every?: number }): Promise<string[]>;
/** A hash of every file under `paths` (names relative to `base`, the repository by default, and contents), skipping build output. */
export function fingerprint(paths: string[], base?: string): string;
/** The paths a target's fingerprint covers, under `base` (the repository by default). */
export function inputsOf(name: 'web' | 'server', base?: string): string[];
/** Runs `build`, saying so as it starts, every `every` ms while it runs, and when it is done. */
export function announced(label: string, why: string, build: () => Promise<void>, opts?: { log?: (line: string) => void; every?: number }): Promise<void>;
