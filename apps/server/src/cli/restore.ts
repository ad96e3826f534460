import { restoreCommand } from '../modules/backup/index.js';
import { runCommand, seconds } from './run.js';

// npm run restore -- FILE
await runCommand('Usage: npm run restore -- FILE.tar.gz  (into the empty DATA_DIR, or the empty database at DATABASE_URL)', async (target, file) => {
  const started = performance.now();
  const s = await restoreCommand(target, file);
  return `Restored ${s.rows} rows in ${s.tables} tables and ${s.files} files from ${file} in ${seconds(performance.now() - started)}. Everyone signs in again with their own password.`;
});
