import { BinaryOperationNode, LimitNode, OperatorNode, SelectQueryNode, sql, ValueNode } from 'kysely';
import type {
  KyselyPlugin,
  PluginTransformResultArgs,
  RawBuilder,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * SQLite 3.53 plans a statement again each time a bare `LIMIT ?` is bound, as the planner may use the
 * limit's value (docs/performance.md has the cost); an expression of it is planned once. A
 * query's own `.limit(n)` is sent as `limit ? + 0`, with the same rows; a nested select's limit is not
 * reached (walking every query's tree would cost what this saves) and takes {@link plannedOnceLimit}.
 */
export const limitPlannedOnce: KyselyPlugin = {
  transformQuery({ node }): RootOperationNode {
    if (!SelectQueryNode.is(node) || node.limit === undefined || !ValueNode.is(node.limit.limit)) return node;
    const plusZero = BinaryOperationNode.create(
      node.limit.limit,
      OperatorNode.create('+'),
      ValueNode.createImmediate(0),
    );
    return { ...node, limit: LimitNode.create(plusZero) };
  },
  transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
};

/** A limit for a nested select (a page wrapped in an aggregate): `? + 0` on both dialects. */
export function plannedOnceLimit(limit: number): RawBuilder<number> {
  return sql<number>`${limit} + 0`;
}
