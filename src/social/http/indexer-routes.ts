import { Type, type TSchema } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import type { IndexerStatus } from '../indexer/indexer.js';
import { requireAdmin } from './caller.js';
import { resultOf } from './envelope.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const IndexerStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  running: Type.Boolean(),
  phase: Type.Union(['starting', 'backfilling', 'following', 'stopped'].map((phase) => Type.Literal(phase))),
  cursor: Nullable(Type.Integer()),
  backfillAfterFid: Nullable(Type.Integer()),
  caughtUp: Type.Boolean(),
  lagMs: Nullable(Type.Integer()),
  lastEventId: Nullable(Type.Integer()),
  failures: Type.Integer(),
  lastError: Nullable(Type.Object({ message: Type.String(), at: Type.Integer() })),
  skipped: Type.Integer(),
});

/** `GET /admin/indexer`: this process's node indexer, or `enabled: false` when it does not run one. */
export function registerIndexerRoutes(
  app: HttpApp,
  options: { adminToken: string | undefined; status: (() => IndexerStatus) | undefined },
): void {
  app.get(
    '/admin/indexer',
    {
      preValidation: requireAdmin(options.adminToken),
      schema: {
        summary: "The node indexer's cursor, lag and last error",
        response: { 200: resultOf(IndexerStatusSchema) },
      },
    },
    async () => {
      const status = options.status?.();
      return { result: status === undefined ? { ...DISABLED } : { enabled: true, ...status } };
    },
  );
}

const DISABLED = {
  enabled: false,
  running: false,
  phase: 'stopped' as const,
  cursor: null,
  backfillAfterFid: null,
  caughtUp: false,
  lagMs: null,
  lastEventId: null,
  failures: 0,
  lastError: null,
  skipped: 0,
};
