import type { HttpApp } from '../../../shared/http/index.js';
import type { NodeApi } from '../../api.js';
import { readCall } from '../../engine/reads.js';
import { notFound } from '../../not-found.js';
import { tsHashPositions } from '../../paging.js';
import { pageRequest } from '../paging.js';
import * as p from '../params.js';
import type { MessageAnswers } from '../message-answers.js';
import { HubMessage, MessagesPage } from './response-schemas.js';
import { described, FID, LINK_TYPE, PAGING } from './route-schema.js';

export function registerLinkRoutes(app: HttpApp, { engine }: NodeApi, messages: MessageAnswers): void {
  app.get(
    '/v1/linkById',
    described(
      "A fid's LinkAdd of one type to a target fid",
      {
        fid: FID,
        target_fid: 'The target fid (required)',
        link_type: `${LINK_TYPE} (required)`,
      },
      HubMessage,
    ),
    async (request, reply) => {
      const { query } = request;
      const fid = p.required(query, 'fid', p.fid);
      const targetFid = p.required(query, 'target_fid', p.fid);
      const link = readCall(engine, 'linkById', fid, p.required(query, 'link_type', p.linkType), targetFid);
      return messages.item(request, reply, link, notFound.link(fid));
    },
  );

  app.get(
    '/v1/linksByFid',
    described("A fid's LinkAdds", { fid: FID, link_type: LINK_TYPE, ...PAGING }, MessagesPage),
    async (request, reply) => {
      const { query } = request;
      const fid = p.required(query, 'fid', p.fid);
      const page = pageRequest(query, tsHashPositions);
      const links = readCall(engine, 'linksByFid', fid, page, p.optional(query, 'link_type', p.linkType));
      return messages.page(request, reply, links);
    },
  );

  app.get(
    '/v1/linksByTargetFid',
    described(
      'LinkAdds to a target fid',
      {
        target_fid: 'The target fid (required)',
        link_type: LINK_TYPE,
        ...PAGING,
      },
      MessagesPage,
    ),
    async (request, reply) => {
      const { query } = request;
      const targetFid = p.required(query, 'target_fid', p.fid);
      const page = pageRequest(query, tsHashPositions);
      const links = readCall(
        engine,
        'linksByTargetFid',
        targetFid,
        page,
        p.optional(query, 'link_type', p.linkType),
      );
      return messages.page(request, reply, links);
    },
  );
}
