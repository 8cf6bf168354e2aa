import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import { periodWinners, publishPeriod } from '../catalog/rewards.js';
import type { SocialContext } from '../context.js';
import { requireAdmin } from './caller.js';
import { PagingQuery, pageRequestOf, pagedBody, pagedResultOf, resultOf } from './envelope.js';
import { Count, Fid, strict } from './common-schemas.js';

/** Enough for any real week; keeps one publish inside the 1 MiB body limit. */
const MAX_WINNERS = 10_000;

const Kind = Type.Union([Type.Literal('creator'), Type.Literal('developer')]);

const HistoryQuery = Type.Composite([
  PagingQuery,
  Type.Object({
    periodsAgo: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1_000_000, description: '0 or absent: the most recent period' }),
    ),
  }),
]);

const PeriodResponse = pagedResultOf(
  Type.Object({
    periodStartTimestamp: Type.Integer({ description: 'UNIX milliseconds' }),
    periodEndTimestamp: Type.Integer({ description: 'UNIX milliseconds' }),
    winners: Type.Array(
      Type.Object({
        fid: Type.Integer(),
        domain: Type.Optional(Type.String({ description: 'Developer winners only' })),
        frameName: Type.Optional(Type.String({ description: 'Developer winners only: the mini app name' })),
        score: Type.Integer(),
        rank: Type.Integer(),
        rewardCents: Type.Integer(),
        walletAddress: Type.Optional(Type.String({ description: 'Absent: no verified wallet' })),
      }),
    ),
  }),
);

const Millis = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

const PublishBody = Type.Object(
  {
    kind: Kind,
    periodStartTimestamp: Type.Optional(Millis),
    periodEndTimestamp: Type.Optional(Millis),
    winners: Type.Array(
      Type.Object(
        {
          fid: Fid,
          score: Count,
          rank: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
          rewardCents: Count,
          domain: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
          frameName: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
        },
        strict,
      ),
      { maxItems: MAX_WINNERS },
    ),
  },
  strict,
);

const PublishResponse = resultOf(
  Type.Object({
    success: Type.Literal(true),
    periodStartTimestamp: Type.Integer(),
    periodEndTimestamp: Type.Integer(),
  }),
);

/** Creator and developer rewards winners (spec §4.6) and the admin API that publishes them. */
export function registerRewardsRoutes(app: HttpApp, context: SocialContext): void {
  const db = context.database.db;

  for (const kind of ['creator', 'developer'] as const) {
    app.get(
      `/v1/${kind}-rewards-winner-history`,
      {
        schema: {
          summary: `A published ${kind} rewards period with its winners in rank order`,
          querystring: HistoryQuery,
          response: { 200: PeriodResponse },
        },
      },
      async (request) => {
        const { periodsAgo = 0 } = request.query;
        const { winners, ...period } = await periodWinners(db, kind, periodsAgo, pageRequestOf(request));
        const body = pagedBody(request, 'winners', winners);
        return { ...body, result: { ...period, ...body.result } };
      },
    );
  }

  app.post(
    '/admin/rewards-periods',
    {
      preValidation: requireAdmin(context.config.adminToken),
      // Up to MAX_WINNERS entries of about 60 bytes each.
      bodyLimit: 1024 * 1024,
      schema: {
        summary: 'Publish a finished week of creator or developer winners (again: replaces its winners)',
        body: PublishBody,
        response: { 200: PublishResponse },
      },
    },
    async (request) => {
      const period = await publishPeriod(db, context.clock, request.body);
      return { result: { success: true as const, ...period } };
    },
  );
}
