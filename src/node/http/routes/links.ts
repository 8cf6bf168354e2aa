import type { HttpApp } from '../../../shared/http/index.js';
import type { NodeApi } from '../../api.js';
import { found } from '../../failure.js';
import { notFound } from '../../not-found.js';
import { tsHashPositions } from '../../paging.js';
import { pageRequest } from '../paging.js';
import * as p from '../params.js';
import type { MessageJson } from '../message-json.js';
import { HubMessage, MessagesPage } from './response-schemas.js';
import { described, FID, LINK_TYPE, PAGING } from './route-schema.js';

export function registerLinkRoutes(app: HttpApp, { engine }: NodeApi, messages: MessageJson): void {
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
    async ({ query }, reply) => {
      const fid = p.required(query, 'fid', p.fid);
      const targetFid = p.required(query, 'target_fid', p.fid);
      const link = await engine.stored.linkById(fid, p.required(query, 'link_type', p.linkType), targetFid);
      return messages.item(reply, found(link, notFound.link(fid)));
    },
  );

  app.get(
    '/v1/linksByFid',
    described("A fid's LinkAdds", { fid: FID, link_type: LINK_TYPE, ...PAGING }, MessagesPage),
    async ({ query }, reply) =>
      messages.page(
        reply,
        await engine.stored.linksByFid(
          p.required(query, 'fid', p.fid),
          pageRequest(query, tsHashPositions),
          p.optional(query, 'link_type', p.linkType),
        ),
      ),
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
    async ({ query }, reply) =>
      messages.page(
        reply,
        await engine.stored.linksByTargetFid(
          p.required(query, 'target_fid', p.fid),
          pageRequest(query, tsHashPositions),
          p.optional(query, 'link_type', p.linkType),
        ),
      ),
  );
}
