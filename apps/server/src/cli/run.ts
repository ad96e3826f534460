import path from 'node:path';
import { CommandError, type Target } from '../modules/backup/index.js';

/**
 * What the backup and restore commands share: the target from the same variables the server reads
 * (DATA_DIR, DATABASE_URL), the file named on the command line, and a refusal printed as one
 * sentence with exit code 1.
 */
export async function runCommand(usage: string, fn: (target: Target, file: string) => Promise<string>) {
  const arg = process.argv[2];
  if (!arg || arg === '--help' || arg === '-h') {
    console.error(usage);
    process.exit(arg ? 0 : 1);
  }
  // `npm run` starts in the repository root; a relative FILE means the folder the command was typed in.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const target: Target = { dataDir: path.resolve(process.env.DATA_DIR?.trim() || './data'), databaseUrl };
  try {
    console.log(await fn(target, file));
    process.exit(0);
  } catch (err) {
    if (err instanceof CommandError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(`Failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
