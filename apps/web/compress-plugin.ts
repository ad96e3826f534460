import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes .br and .gz beside every text asset of the build, once, so the server sends them as they are
 * (`@fastify/static` with `preCompressed`) and spends no CPU compressing at run time.
 */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cuadre-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Rolldown calls this after a failed build too: then there is nothing to compress, and the build's
    // own error must be the one reported.
    closeBundle(error?: Error) {
      if (error || !existsSync(outDir)) return;
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir)) {
          const full = path.join(dir, entry);
          if (statSync(full).isDirectory()) walk(full);
          else if (/\.(js|css|html|json|svg)$/.test(entry) && statSync(full).size > 1024) {
            const data = readFileSync(full);
            writeFileSync(full + '.gz', gzipSync(data, { level: 9 }));
            writeFileSync(full + '.br', brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          }
        }
      };
      walk(outDir);
    },
  };
}
