// What the web build reads, in one place: vite.config.ts scans ICON_SOURCES for icon names, and
// scripts/build.mjs fingerprints WEB_BUILD_INPUTS to decide whether `npm start` rebuilds the app. The
// build itself checks that every file it read lies under these (inputs-plugin.ts), so a new input
// cannot be forgotten here without the build saying so.

/** Folders whose sources name icons: the web app's, and the server's modules that send icon names (navigation, notifications, activities) and the contracts' shortcut icons. */
export const ICON_SOURCES = [
  'apps/web/src',
  'apps/server/src/modules/common',
  'apps/server/src/modules/panels',
  'apps/server/src/modules/insights',
  'packages/contracts/src/shell',
];

/**
 * Every input of the web build, relative to the repository: this workspace (sources, locales,
 * index.html, public/, the config and its plugins, package.json, tsconfig), the icon sources, the
 * contracts, the TypeScript base config, and the lock file and root package.json, which fix every
 * package the build bundles from node_modules (the Iconify sets among them).
 */
export const WEB_BUILD_INPUTS = [
  'apps/web',
  ...ICON_SOURCES,
  'packages/contracts/src',
  'packages/contracts/package.json',
  'tsconfig.base.json',
  'package.json',
  'package-lock.json',
];
