/** Why the storage layer refused or failed; lets callers map failures without parsing messages. */
export type StorageErrorCode = 'invalid_options' | 'open_failed' | 'migration_failed' | 'sync_failed';

export class StorageError extends Error {
  override readonly name: string = 'StorageError';

  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A migration run failed; nothing from that run was kept (the run is one transaction). */
export class MigrationError extends StorageError {
  override readonly name: string = 'MigrationError';

  constructor(
    readonly setName: string,
    /** The migration that threw, when the failure happened inside one. */
    readonly migrationName: string | undefined,
    cause: unknown,
  ) {
    const where = migrationName ? `migration ${migrationName} of ${setName}` : `migrations of ${setName}`;
    super('migration_failed', `${where} failed: ${messageOf(cause)}`, { cause });
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
