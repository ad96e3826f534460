/** What the router loads for /sign-in besides the entry (manifest keys). */
export const FIRST_SCREEN: string[];
/** The files a browser loads for index.html's entry and `routes`, each with its static imports. */
export function firstLoad(manifest: Record<string, { file: string; imports?: string[]; isEntry?: boolean }>, routes?: string[]): Set<string>;
/** A built file's size gzipped at level 9 (`dir`: the build, apps/web/dist by default). */
export function gzSize(file: string, dir?: string): number;
