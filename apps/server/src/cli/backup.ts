import { backupCommand } from '../modules/backup/index.js';
import { megabytes, runCommand, seconds } from './run.js';

// npm run backup -- FILE
await runCommand('Usage: npm run backup -- FILE.tar.gz  (DATA_DIR or DATABASE_URL name the instance, as for npm start)', async (target, file) => {
  const started = performance.now();
  const s = await backupCommand(target, file);
  return `Backup written to ${file}: ${s.rows} rows in ${s.tables} tables and ${s.files} files, ${megabytes(s.bytes)}, in ${seconds(performance.now() - started)}.`;
});
