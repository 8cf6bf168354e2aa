import { reactionTypeFromJSON } from '../../../protocol/gen/message.js';
import type { HttpApp } from '../../../shared/http/index.js';
import type { NodeApi } from '../../api.js';
import { readCall } from '../../engine/reads.js';
import { notFound } from '../../not-found.js';
import { tsHashPositions } from '../../paging.js';
import { pageRequest } from '../paging.js';
import * as p from '../params.js';
import type { Query } from '../params.js';
import type { MessageAnswers } from '../message-answers.js';
import { HubMessage, MessagesPage } from './response-schemas.js';
import { described, FID, PAGING, REACTION_TYPE } from './route-schema.js';

const reactionType = p.enumOf(reactionTypeFromJSON, 'REACTION_TYPE_');

/** The lists' optional type filter; the engine reads NONE as every type, for both transports. */
function listType(query: Query) {
  return p.optional(query, 'reaction_type', reactionType);
}

function targetCast(query: Query) {
  return {
    castId: {
      fid: p.required(query, 'target_fid', p.fid),
      hash: p.required(query, 'target_hash', p.messageHash),
    },
  };
}

const TARGET = {
  target_fid: "The target cast's fid (required)",
  target_hash: "The target cast's hash (required)",
};

export function registerReactionRoutes(app: HttpApp, { engine }: NodeApi, messages: MessageAnswers): void {
  app.get(
    '/v1/reactionById',
    described(
      "A fid's ReactionAdd of one type on a cast",
      {
        fid: FID,
        ...TARGET,
        reaction_type: `${REACTION_TYPE} (required)`,
      },
      HubMessage,
    ),
    async (request, reply) => {
      const { query } = request;
      const fid = p.required(query, 'fid', p.fid);
      const type = p.required(query, 'reaction_type', reactionType);
      const reaction = readCall(engine, 'reactionById', fid, type, targetCast(query));
      return messages.item(request, reply, reaction, notFound.reaction(fid));
    },
  );

  app.get(
    '/v1/reactionsByFid',
    described("A fid's ReactionAdds", { fid: FID, reaction_type: REACTION_TYPE, ...PAGING }, MessagesPage),
    async (request, reply) => {
      const { query } = request;
      const fid = p.required(query, 'fid', p.fid);
      const page = pageRequest(query, tsHashPositions);
      return messages.page(request, reply, readCall(engine, 'reactionsByFid', fid, page, listType(query)));
    },
  );

  app.get(
    '/v1/reactionsByCast',
    described('ReactionAdds on a cast', { ...TARGET, reaction_type: REACTION_TYPE, ...PAGING }, MessagesPage),
    async (request, reply) => {
      const { query } = request;
      const target = targetCast(query);
      const page = pageRequest(query, tsHashPositions);
      const reactions = readCall(engine, 'reactionsByTarget', target, page, listType(query));
      return messages.page(request, reply, reactions);
    },
  );

  app.get(
    '/v1/reactionsByTarget',
    described(
      'ReactionAdds on a URL',
      {
        url: 'The target URL (required)',
        reaction_type: REACTION_TYPE,
        ...PAGING,
      },
      MessagesPage,
    ),
    async (request, reply) => {
      const { query } = request;
      const target = { url: p.required(query, 'url', p.url) };
      const page = pageRequest(query, tsHashPositions);
      return messages.page(
        request,
        reply,
        readCall(engine, 'reactionsByTarget', target, page, listType(query)),
      );
    },
  );
}
