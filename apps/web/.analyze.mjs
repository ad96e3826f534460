// Per-chunk composition by package (rendered, pre-minify bytes) for the entry and the sign-in closure.
import { build } from 'vite';
import path from 'node:path';
const pkgOf = (id) => {
  const m = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  const s = id.match(/(packages\/contracts|apps\/web\/src\/[^/]+(?:\/[^/]+)?)/);
  return s ? s[1] : id.slice(-60);
};
const report = {
  name: 'report',
  generateBundle(_, bundle) {
    const want = (process.env.CHUNKS ?? 'index,mui,empty-layout,sign-in').split(',');
    for (const c of Object.values(bundle)) {
      if (c.type !== 'chunk' || !want.some((w) => c.name === w)) continue;
      const by = {};
      for (const [id, m] of Object.entries(c.modules)) by[pkgOf(id)] = (by[pkgOf(id)] ?? 0) + m.renderedLength;
      const tot = Object.values(by).reduce((a, b) => a + b, 0);
      console.log(`\n== ${c.name} ${c.fileName} ${(tot / 1024).toFixed(0)} KB rendered; imports ${c.imports.join(' ')}`);
      for (const [k, v] of Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${(v / 1024).toFixed(1).padStart(7)} KB  ${k}`);
    }
  },
};
await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn', plugins: [report], build: { minify: false, outDir: '/tmp/firstscreen/an-dist', emptyOutDir: true } });
