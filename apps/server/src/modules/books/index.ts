import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FileStore } from '../../lib/file-store.js';
import { StorageQuota } from '../files/index.js';
import { BudgetWarnings } from '../finance/index.js';
import type { AreaOptions } from '../core.js';
import { runEvery } from '../jobs/index.js';
import { AuditService } from './audit.service.js';
import { bookRoutes } from './books.routes.js';
import { entryRoutes } from './entries.routes.js';
import { EntriesService } from './entries.service.js';
import { registerImportJobs } from './import.jobs.js';
import { importRoutes } from './import.routes.js';
import { onboardingRoutes } from './onboarding.routes.js';
import { OnboardingService } from './onboarding.service.js';
import { ImportService } from './import.service.js';
import { PeriodsService } from './periods.service.js';
import { recurringRoutes } from './recurring.routes.js';
import { RECURRING_POLL_MS, RecurringService } from './recurring.service.js';
import { registryRoutes } from './registries.routes.js';
import { RegistriesService } from './registries.service.js';
import { TripsService } from './trips.service.js';
import { vehicleMethodRoutes } from './vehicle-methods.routes.js';
import { VehicleMethodsService } from './vehicle-methods.service.js';

// The reports read a month's state and range as the books keep them; the chart's changes go in the same audit trail.
export { AuditRepository } from './audit.repository.js';
export { monthRange, PeriodsService } from './periods.service.js';
// Tests run a round of the recurring entries' scheduler at a time of their choosing; the demo seeds templates.
export { RecurringService } from './recurring.service.js';
// The reports apply each vehicle's method for the year.
export { businessShare, VehicleMethodsRepository } from './vehicle-methods.repository.js';

/** The books: registries, entries and receipts, recurring entries, bank statement imports, trips, periods, the month's summary, the audit trail, the first-run checklist. */
export default async function booksArea(app: FastifyInstance, { core }: AreaOptions) {
  const files = new FileStore(path.join(core.config.dataDir, 'attachments'));
  registryRoutes(app, new RegistriesService(core.db), core.guards);
  vehicleMethodRoutes(app, new VehicleMethodsService(core.db), core.guards);
  const warnings = new BudgetWarnings(core.db, core.events);
  const entries = new EntriesService(core.db, files, new StorageQuota(core.config.filesQuotaBytes), (user, dates) => warnings.check(user, dates));
  entryRoutes(app, entries, core.guards);
  const imports = new ImportService(core.db, entries);
  registerImportJobs(core.jobs, imports);
  importRoutes(app, imports, core.guards, core.jobs);
  onboardingRoutes(app, new OnboardingService(core.db), core.guards);
  const recurring = new RecurringService(core.db, entries, core.events, (ownerId) => core.jobs.ownerChanged(ownerId));
  recurringRoutes(app, recurring, core.guards);
  runEvery(app, 'recurring', RECURRING_POLL_MS, () => recurring.runDue());
  bookRoutes(app, { audit: new AuditService(core.db), trips: new TripsService(core.db), periods: new PeriodsService(core.db) }, core.guards);
}
