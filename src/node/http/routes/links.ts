import type { HttpApp } from '../../../shared/http/index.js';
import type { NodeApi } from '../../api.js';
import { found } from '../../failure.js';
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
      return messages.item(request, reply, fid, async () => {
        const targetFid = p.required(query, 'target_fid', p.fid);
        const link = await engine.stored.linkById(fid, p.required(query, 'link_type', p.linkType), targetFid);
        return found(link, notFound.link(fid));
      });
    },
  );

  app.get(
    '/v1/linksByFid',
    described("A fid's LinkAdds", { fid: FID, link_type: LINK_TYPE, ...PAGING }, MessagesPage),
    async (request, reply) => {
      const { query } = request;
      const fid = p.required(query, 'fid', p.fid);
      return messages.page(request, reply, fid, () =>
        engine.stored.linksByFid(
          fid,
          pageRequest(query, tsHashPositions),
          p.optional(query, 'link_type', p.linkType),
        ),
      );
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
    async (request, reply) =>
      messages.page(request, reply, 'all', () =>
        engine.stored.linksByTargetFid(
          p.required(request.query, 'target_fid', p.fid),
          pageRequest(request.query, tsHashPositions),
          p.optional(request.query, 'link_type', p.linkType),
        ),
      ),
  );
}
