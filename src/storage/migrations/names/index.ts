import type { MigrationSet } from '../../migration.js';
import { createServiceMeta } from '../shared/service-meta.js';
import { createTransferRateWindows } from './transfer-rate-windows.js';
import { createTransfers } from './transfers.js';

/** The names service's schema history, oldest first. Append only; never edit an applied migration. */
export const namesMigrations: MigrationSet = {
  '0001_service_meta': createServiceMeta,
  '0002_transfers': createTransfers,
  '0003_transfer_rate_windows': createTransferRateWindows,
};
