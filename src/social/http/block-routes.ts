import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import { blockUser, listBlocks, unblockUser } from '../blocks/blocks.js';
import type { SocialContext } from '../context.js';
import type { KeptAnswers } from '../../shared/http/kept-answers.js';
import { BLOCKS_SCOPES } from '../read-scopes.js';
import { keptReplyIn } from './kept-reply.js';
import { callerOf } from './caller.js';
import {
  PagingQuery,
  SUCCESS,
  SuccessResponse,
  pageRequestOf,
  pagedBody,
  pagedResultOf,
} from './envelope.js';
import { Fid } from './common-schemas.js';
import { limitedWrite } from './rate-limited.js';

const BlockedUsersQuery = Type.Composite([PagingQuery, Type.Object({ blockerFid: Type.Optional(Fid) })]);

const BlockedUsersResponse = pagedResultOf(
  Type.Object({
    blockedUsers: Type.Array(
      Type.Object({ blockerFid: Type.Integer(), blockedFid: Type.Integer(), createdAt: Type.Integer() }),
    ),
  }),
);

/** User blocks (spec §4.5). */
export function registerBlockRoutes(app: HttpApp, context: SocialContext, kept: KeptAnswers): void {
  const db = context.database.db;
  const limited = limitedWrite(context, 'blocks');

  app.get(
    '/fc/blocked-users',
    {
      schema: {
        summary: 'Current blocks, newest first, of one blocker or of everyone',
        querystring: BlockedUsersQuery,
        response: { 200: BlockedUsersResponse },
      },
    },
    async (request, reply) =>
      keptReplyIn(kept, request, reply, BLOCKS_SCOPES, async () =>
        pagedBody(
          request,
          'blockedUsers',
          await listBlocks(db, { blockerFid: request.query.blockerFid }, pageRequestOf(request)),
        ),
      ),
  );

  app.post(
    '/fc/blocked-users',
    {
      ...limited,
      schema: {
        summary: 'Block a user (idempotent)',
        body: Type.Object({ blockFid: Fid }),
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await blockUser(db, context.clock, callerOf(request).fid, request.body.blockFid);
      return SUCCESS;
    },
  );

  app.delete(
    '/fc/blocked-users',
    {
      ...limited,
      schema: {
        summary: 'Unblock a user (idempotent)',
        body: Type.Object({ unblockFid: Fid }),
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await unblockUser(db, callerOf(request).fid, request.body.unblockFid);
      return SUCCESS;
    },
  );
}
