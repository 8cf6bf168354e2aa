import type { HttpApp } from '../../../shared/http/index.js';
import type { NodeApi } from '../../api.js';
import type { Target } from '../../engine/index.js';
import { readCall } from '../../engine/reads.js';
import { badParam } from '../../failure.js';
import { notFound } from '../../not-found.js';
import { tsHashPositions } from '../../paging.js';
import { pageRequest } from '../paging.js';
import * as p from '../params.js';
import type { Query } from '../params.js';
import type { MessageAnswers } from '../message-answers.js';
import { HubMessage, MessagesPage } from './response-schemas.js';
import { described, FID, PAGING } from './route-schema.js';

/** A parent cast (fid and hash; it wins over url, as in the reference) or a parent URL. */
function parentOf(query: Query): Target {
  const fid = p.optional(query, 'fid', p.fid);
  const hash = p.optional(query, 'hash', p.messageHash);
  if (fid !== undefined && hash !== undefined) return { castId: { fid, hash } };
  const url = p.optional(query, 'url', p.url);
  if (url !== undefined && fid === undefined && hash === undefined) return { url };
  throw badParam('castsByParent needs either fid and hash (the parent cast) or url');
}

export function registerCastRoutes(app: HttpApp, { engine }: NodeApi, messages: MessageAnswers): void {
  app.get(
    '/v1/castById',
    described(
      'A CastAdd by its author and hash',
      { fid: FID, hash: 'Cast hash, 0x + 40 hex digits' },
      HubMessage,
    ),
    async (request, reply) => {
      const { query } = request;
      const fid = p.required(query, 'fid', p.fid);
      const hash = p.required(query, 'hash', p.messageHash);
      return messages.item(request, reply, readCall(engine, 'castById', { fid, hash }), notFound.cast(fid));
    },
  );

  app.get(
    '/v1/castsByFid',
    described("A fid's CastAdds and CastRemoves, oldest first", { fid: FID, ...PAGING }, MessagesPage),
    async (request, reply) => {
      const fid = p.required(request.query, 'fid', p.fid);
      const page = pageRequest(request.query, tsHashPositions);
      return messages.page(request, reply, readCall(engine, 'castsByFid', fid, page));
    },
  );

  app.get(
    '/v1/castsByParent',
    described(
      'Replies to a cast, or casts under a parent URL',
      {
        fid: "The parent cast's fid (with hash)",
        hash: "The parent cast's hash (with fid)",
        url: 'The parent URL, when no cast is given',
        ...PAGING,
      },
      MessagesPage,
    ),
    async (request, reply) => {
      const parent = parentOf(request.query);
      const page = pageRequest(request.query, tsHashPositions);
      return messages.page(request, reply, readCall(engine, 'castsByParent', parent, page));
    },
  );

  app.get(
    '/v1/castsByMention',
    described(
      'CastAdds that mention a fid',
      { fid: 'The mentioned fid (required)', ...PAGING },
      MessagesPage,
    ),
    async (request, reply) => {
      const fid = p.required(request.query, 'fid', p.fid);
      const page = pageRequest(request.query, tsHashPositions);
      return messages.page(request, reply, readCall(engine, 'castsByMention', fid, page));
    },
  );
}
