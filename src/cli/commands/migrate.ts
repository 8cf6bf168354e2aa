import type { MigrateConfig } from '../../shared/config/index.js';
import { listServices, openServiceDatabase, type ServiceName } from '../../storage/index.js';
import type { CliIo } from '../io.js';

export async function runMigrate(config: MigrateConfig, io: CliIo): Promise<number> {
  const services: ServiceName[] = config.service === 'all' ? listServices() : [config.service];
  for (const service of services) {
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
