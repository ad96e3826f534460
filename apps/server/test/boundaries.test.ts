import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js (docs/architecture.md, "Layers"), run through ESLint as
 * `npm run lint` runs them: each deliberate crossing must be reported with its reason, and the
 * allowed ways in must not be. Only the boundary rules run, and without type information: the
 * other rules are not what is tested here, and building the program would take a minute.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: repo,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => ruleId.startsWith('cuadre/'),
  });
});

/** The boundary messages ESLint gives `code` placed in the (existing) file `file`. */
async function crossings(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the server boundaries (cuadre/server-boundaries)', () => {
  it("refuses an area reaching into another area's files", async () => {
    expect(await crossings('apps/server/src/modules/admin/admin.service.ts', "import { UsersRepository } from '../users/users.repository.js';\n")).toEqual([
      'cuadre/server-boundaries: modules/admin may not import modules/users/users.repository.js (another area is imported only through its index.ts: modules/users/index.js)',
    ]);
    expect(await crossings('apps/server/src/modules/reports/reports.routes.ts', "export { monthRange } from '../books/periods.service.js';\n")).toHaveLength(1);
    expect(
      await crossings('apps/server/src/modules/jobs/index.ts', "const m = await import('../account/account-export.js');\nexport default m;\n"),
    ).toHaveLength(1);
  });

  it('refuses code outside the areas reaching into one', async () => {
    expect(await crossings('apps/server/src/plugins/auth.ts', "import type { AuthService } from '../modules/auth/auth.service.js';\n")).toEqual([
      'cuadre/server-boundaries: plugins may not import modules/auth/auth.service.js (another area is imported only through its index.ts: modules/auth/index.js)',
    ]);
  });

  it('refuses lib/ and db/ importing any area, even through its index.ts', async () => {
    expect(await crossings('apps/server/src/lib/errors.ts', "import { MailQueue } from '../modules/mail/index.js';\n")).toEqual([
      'cuadre/server-boundaries: lib may not import modules/mail/index.js (lib/ imports no area)',
    ]);
    expect(await crossings('apps/server/src/db/sql.ts', "import { UsersRepository } from '../modules/users/users.repository.js';\n")).toEqual([
      'cuadre/server-boundaries: db may not import modules/users/users.repository.js (db/ imports no area)',
    ]);
  });

  it("allows another area's index.ts, the area's own files, the core and shared code", async () => {
    const code = [
      "import { UsersRepository } from '../users/index.js';",
      "import { AdminRepository } from './admin.repository.js';",
      "import type { AreaOptions } from '../core.js';",
      "import { notFound } from '../../lib/errors.js';",
      "import { users } from '../../db/schema/index.js';",
      '',
    ].join('\n');
    expect(await crossings('apps/server/src/modules/admin/admin.service.ts', code)).toEqual([]);
    expect(await crossings('apps/server/src/app.ts', "import authArea from './modules/auth/index.js';\n")).toEqual([]);
  });
});

describe('the web boundaries (cuadre/boundaries)', () => {
  it('refuses a feature importing another feature or the app, and shared code importing a feature', async () => {
    expect(await crossings('apps/web/src/features/help/components/matches.ts', "import { monthName } from '@/features/books/lib/month';\n")).toEqual([
      'cuadre/boundaries: features/help may not import features/books (features do not import each other)',
    ]);
    expect(await crossings('apps/web/src/features/help/components/matches.ts', "import { router } from '../../../app/router';\n")).toEqual([
      'cuadre/boundaries: features/help may not import app (features do not import the app; move what they share to lib/)',
    ]);
    expect(await crossings('apps/web/src/lib/download.ts', "import { monthName } from '@/features/books/lib/month';\n")).toEqual([
      'cuadre/boundaries: lib may not import features/books (shared code does not import features)',
    ]);
  });

  it("allows a feature's own files and the shared code", async () => {
    const code = "import { api } from '@/lib/api';\nimport { Article } from './article';\n";
    expect(await crossings('apps/web/src/features/help/components/matches.ts', code)).toEqual([]);
  });
});
