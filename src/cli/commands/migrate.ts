import type { MigrateConfig } from '../../shared/config/index.js';
import {
  listServices,
  openServiceDatabase,
  openServiceStore,
  pendingMigrations,
  type ServiceName,
} from '../../storage/index.js';
import type { CliIo } from '../io.js';

/** `agora migrate`: applies each service's pending migrations, or with --status lists them. */
export async function runMigrate(config: MigrateConfig, io: CliIo): Promise<number> {
  const services: ServiceName[] = config.service === 'all' ? listServices() : [config.service];
  for (const service of services) {
    if (config.status) {
      const database = await openServiceStore(service, config);
      const pending = await pendingMigrations(database, service).finally(() => database.close());
      io.out(pending.length === 0 ? `${service}: up to date` : `${service}: pending ${pending.join(', ')}`);
      continue;
    }
    const { database, applied } = await openServiceDatabase(service, config);
    await database.close();
    io.out(
      applied.length === 0
        ? `${service}: up to date`
        : `${service}: applied ${applied.length} migration(s): ${applied.join(', ')}`,
    );
  }
  return 0;
}
