import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FileStore } from '../../lib/file-store.js';
import type { AreaOptions } from '../core.js';
import { runEvery } from '../jobs/index.js';
import { NotesService } from './notes.service.js';
import { noteRoutes, taskRoutes } from './planning.routes.js';
import { REMINDER_POLL_MS, Reminders } from './reminders.js';
import { TasksService } from './tasks.service.js';

// The search box lists tasks; the demo seeds notes and tasks; tests run a reminders' round at a time of their choosing.
export { searchTasks, TasksService } from './tasks.service.js';
export { NotesService } from './notes.service.js';
export { Reminders } from './reminders.js';

/**
 * Planning: notes and tasks (spec 001 §7 "Notes", "Tasks"). Note images in the receipts' file store,
 * so a backup carries them; reminders and due dates made notifications by a scheduler that polls
 * the database, so they survive a restart.
 */
export default async function planningArea(app: FastifyInstance, { core }: AreaOptions) {
  const files = new FileStore(path.join(core.config.dataDir, 'attachments'));
  noteRoutes(app, new NotesService(core.db, files), core.guards, core.pictures);
  taskRoutes(app, new TasksService(core.db), core.guards);
  const reminders = new Reminders(core.db, core.events);
  runEvery(app, 'reminders', REMINDER_POLL_MS, () => reminders.fireDue());
}
