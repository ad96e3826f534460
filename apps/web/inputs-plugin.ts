import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * What a plugin that reads files itself (not as modules) offers the inputs check, as its `api`: the
 * files it read in this build. Rolldown keeps `this.addWatchFile` calls to itself (Vite 8 plugins have
 * no `this.getWatchFiles()`), so such plugins say it here as well; see icons-plugin.ts.
 */
export interface ReadsFilesApi {
  filesRead(): Iterable<string>;
}

const readsFiles = (plugin: Plugin): plugin is Plugin & { api: ReadsFilesApi } =>
  typeof (plugin.api as Partial<ReadsFilesApi> | undefined)?.filesRead === 'function';

/**
 * Fails the build when it read a file that scripts/build.mjs does not fingerprint (`inputs`, absolute
 * paths): otherwise a change to that file would leave `npm start` serving the previous build.
 * Packages under node_modules are fixed by the lock file, itself an input. Plugins that read files
 * themselves list them in their `api` (ReadsFilesApi), so they are checked too.
 */
export function buildInputsPlugin(inputs: string[]): Plugin {
  const covered = (file: string) => inputs.some((i) => file === i || file.startsWith(i + path.sep));
  let readers: (Plugin & { api: ReadsFilesApi })[] = [];
  return {
    name: 'cuadre-build-inputs',
    apply: 'build',
    // Read by the test that the check and the fingerprint cover the same paths.
    api: { inputs },
    configResolved(config) {
      readers = config.plugins.filter(readsFiles);
    },
    buildEnd(error) {
      if (error) return;
      const read = new Set<string>();
      for (const id of [...this.getModuleIds(), ...readers.flatMap((p) => [...p.api.filesRead()])]) {
        const file = id.split('?')[0]!;
        if (id.startsWith('\0') || !path.isAbsolute(file) || file.split(path.sep).includes('node_modules') || !existsSync(file)) continue;
        read.add(file);
      }
      const outside = [...read].filter((file) => !covered(file)).sort();
      if (outside.length) {
        this.error(
          `The build read ${outside.join(', ')}, which scripts/build.mjs does not fingerprint: add ${outside.length === 1 ? 'it' : 'them'} to WEB_BUILD_INPUTS in apps/web/build-inputs.mjs, or a change there would not rebuild the app.`,
        );
      }
    },
  };
}
