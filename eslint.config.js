// One lint for the whole repository (part of `npm test`, after oxlint's type-aware rules): typescript-eslint,
// React's hooks rules and jsx-a11y (its fork jsx-a11y-x) on the web app, and the import boundaries of the
// web app and the server.
import path from 'node:path';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
// jsx-a11y's maintained fork: the same rules, and ESLint 10 in its peer range, which the original's
// 6.10.2 lacks (docs/decisions/012-dependency-majors.md). Registered under the original's name.
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import globals from 'globals';

const webSrc = path.resolve(import.meta.dirname, 'apps/web/src');

/** The area of a file under apps/web/src: `features/<name>`, or the top folder (app, lib, components, i18n). */
const areaOf = (file) => {
  const rel = path.relative(webSrc, file).split(path.sep);
  if (rel[0] === '..') return undefined;
  return rel[0] === 'features' ? `features/${rel[1]}` : rel[0];
};

/**
 * docs/architecture.md, "Layers": a feature imports neither another feature nor the app (router and
 * shell, which put the features together); shared code (components, lib, i18n) imports no feature.
 * Specifiers are resolved (the `@/` alias and relative paths) before their area is judged.
 */
const boundaries = {
  meta: { type: 'problem', messages: { crossing: '{{from}} may not import {{to}} ({{why}})' }, schema: [] },
  create(context) {
    const from = areaOf(context.filename);
    if (!from) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      let target;
      if (specifier.startsWith('@/')) target = path.join(webSrc, specifier.slice(2));
      else if (specifier.startsWith('.')) target = path.resolve(path.dirname(context.filename), specifier);
      else return;
      const to = areaOf(target);
      if (!to || to === from) return;
      let why;
      if (from.startsWith('features/') && to.startsWith('features/')) why = 'features do not import each other';
      else if (from.startsWith('features/') && to === 'app') why = 'features do not import the app; move what they share to lib/';
      else if (['components', 'lib', 'i18n'].includes(from) && to.startsWith('features/')) why = 'shared code does not import features';
      if (why) context.report({ node, messageId: 'crossing', data: { from, to, why } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

const serverSrc = path.resolve(import.meta.dirname, 'apps/server/src');

/** Where a file under apps/server/src sits: `modules/<area>` for a file of an area, else its top folder (lib, db, plugins...). */
const serverPlaceOf = (file) => {
  const rel = path.relative(serverSrc, file).split(path.sep);
  if (rel[0] === '..') return undefined;
  if (rel[0] === 'modules' && rel.length > 2) return `modules/${rel[1]}`;
  return rel.length > 1 ? rel[0] : '.';
};

/**
 * docs/architecture.md, "Layers": an area imports another only through its `index.ts` (what the area
 * offers the others), and neither does anything outside the areas reach into one; `lib/` and `db/`,
 * which every area builds on, import no area at all.
 */
const serverBoundaries = {
  meta: { type: 'problem', messages: { crossing: '{{from}} may not import {{to}} ({{why}})' }, schema: [] },
  create(context) {
    const from = serverPlaceOf(context.filename);
    if (!from) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), specifier);
      const to = serverPlaceOf(target);
      if (!to || to === from || !to.startsWith('modules/')) return;
      const shown = path.relative(serverSrc, target).split(path.sep).join('/');
      let why;
      if (from === 'lib' || from === 'db') why = `${from}/ imports no area`;
      else if (path.dirname(target) !== path.join(serverSrc, to) || !/^index(\.[jt]s)?$/.test(path.basename(target)))
        why = `another area is imported only through its index.ts: ${to}/index.js`;
      if (why) context.report({ node, messageId: 'crossing', data: { from, to: shown, why } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

const cuadre = { rules: { boundaries, 'server-boundaries': serverBoundaries } };

export default defineConfig(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', '**/coverage/**', 'apps/server/drizzle/**', '**/*.d.mts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // The type-aware rules (a promise nobody awaits or handles is a lost error) run in oxlint's
      // type-aware mode (.oxlintrc.json), on TypeScript 7, in a fraction of the time they took here:
      // docs/decisions/012-dependency-majors.md. This lint needs no type information.
      // The compiler's noUnusedLocals/Parameters already report these; `_name` marks a deliberate one.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Tests and a few adapters read answers of many shapes; each use is local and commented.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, cuadre },
    rules: {
      // The classic hooks rules; the React Compiler's rules (set-state-in-effect, refs...) judge code
      // written for the compiler, which this app does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...Object.fromEntries(Object.entries(jsxA11y.configs.recommended.rules).map(([rule, level]) => [rule.replace(/^jsx-a11y-x\//, 'jsx-a11y/'), level])),
      // Focus moved on purpose to a dialog's or a form's first field (a MUI prop, not the DOM attribute).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      'cuadre/boundaries': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { cuadre },
    rules: { 'cuadre/server-boundaries': 'error' },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
