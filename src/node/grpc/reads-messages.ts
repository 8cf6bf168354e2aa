import { reactionTypeFromJSON, userDataTypeFromJSON } from '../../protocol/gen/message.js';
import type { ReactionType } from '../../protocol/gen/message.js';
import { StoreType } from '../../protocol/gen/request_response.js';
import type { FidTimestampRequest, MessagesResponse } from '../../protocol/gen/request_response.js';
import type { Engine } from '../engine/index.js';
import { found } from '../failure.js';
import { notFound } from '../not-found.js';
import type { LimitedStore } from '../onchain/index.js';
import type { UnaryHandlers } from './handler.js';
import { acrossFidsPageOf, messagePageOf, messagesResponse } from './paging.js';
import {
  castIdOf,
  fidOf,
  knownEnum,
  linkTypeOf,
  required,
  targetOf,
  timestampBoundsOf,
  verifiedAddressOf,
} from './request-fields.js';

/**
 * The message reads whose answers show other fids' messages than the request's `fid` (or have none): they
 * page by `acrossFidsPageOf`, and their kept answers hang on every fid's writes (kept-reads.ts).
 */
export const ACROSS_FIDS: ReadonlySet<string> = new Set([
  'GetCastsByParent',
  'GetCastsByMention',
  'GetReactionsByCast',
  'GetReactionsByTarget',
  'GetLinksByTarget',
]);

/** GetAll*MessagesByFid over one store's read. */
function allMessages(read: Engine['castsByFid']) {
  return async (request: FidTimestampRequest): Promise<MessagesResponse> =>
    messagesResponse(await read(fidOf(request.fid), messagePageOf(request), timestampBoundsOf(request)));
}

const reactionTypeOf = (type: ReactionType | undefined) =>
  type === undefined ? undefined : knownEnum(type, reactionTypeFromJSON, 'reaction_type');

/** The message reads: the engine's reads that the HTTP routes call, plus the stores' getAll reads. */
export function messageReadHandlers(engine: Engine): UnaryHandlers {
  const ofStore = (store: LimitedStore) =>
    allMessages((fid, page, bounds) => engine.allMessagesByFid(fid, store, page, bounds));
  const reactionsByTarget: UnaryHandlers['GetReactionsByTarget'] = async (request) =>
    messagesResponse(
      await engine.reactionsByTarget(
        targetOf(request.targetCastId, request.targetUrl, ['target_cast_id', 'target_url']),
        acrossFidsPageOf(request),
        reactionTypeOf(request.reactionType),
      ),
    );

  return {
    async GetCast(castId) {
      return found(await engine.castById(castIdOf(castId)), notFound.cast(castId.fid));
    },
    /** CastAdds only, as both references serve it; HTTP castsByFid is GetAllCastMessagesByFid's. */
    GetCastsByFid: async (request) =>
      messagesResponse(await engine.castAddsByFid(fidOf(request.fid), messagePageOf(request))),
    GetCastsByParent: async (request) =>
      messagesResponse(
        await engine.castsByParent(
          targetOf(request.parentCastId, request.parentUrl, ['parent_cast_id', 'parent_url']),
          acrossFidsPageOf(request),
        ),
      ),
    GetCastsByMention: async (request) =>
      messagesResponse(await engine.castsByMention(fidOf(request.fid), acrossFidsPageOf(request))),

    async GetReaction(request) {
      const fid = fidOf(request.fid);
      const reaction = await engine.reactionById(
        fid,
        knownEnum(request.reactionType, reactionTypeFromJSON, 'reaction_type'),
        targetOf(request.targetCastId, request.targetUrl, ['target_cast_id', 'target_url']),
      );
      return found(reaction, notFound.reaction(fid));
    },
    GetReactionsByFid: async (request) =>
      messagesResponse(
        await engine.reactionsByFid(
          fidOf(request.fid),
          messagePageOf(request),
          reactionTypeOf(request.reactionType),
        ),
      ),
    // Either target for either method, as in Hubble; HTTP splits them into reactionsByCast and ...ByTarget.
    GetReactionsByCast: reactionsByTarget,
    GetReactionsByTarget: reactionsByTarget,

    async GetUserData(request) {
      const type = knownEnum(request.userDataType, userDataTypeFromJSON, 'user_data_type');
      return found(await engine.userData(fidOf(request.fid), type), notFound.userData());
    },
    GetUserDataByFid: async (request) =>
      messagesResponse(await engine.userDataByFid(fidOf(request.fid), messagePageOf(request))),

    async GetVerification(request) {
      const fid = fidOf(request.fid);
      const verification = await engine.verification(fid, verifiedAddressOf(request.address));
      return found(verification, notFound.verification(fid));
    },
    GetVerificationsByFid: async (request) =>
      messagesResponse(await engine.verificationsByFid(fidOf(request.fid), messagePageOf(request))),

    async GetLink(request) {
      const fid = fidOf(request.fid);
      const type = required(linkTypeOf(request.linkType), 'link_type');
      const targetFid = fidOf(required(request.targetFid, 'target_fid'), 'target_fid');
      return found(await engine.linkById(fid, type, targetFid), notFound.link(fid));
    },
    GetLinksByFid: async (request) =>
      messagesResponse(
        await engine.linksByFid(fidOf(request.fid), messagePageOf(request), linkTypeOf(request.linkType)),
      ),
    GetLinksByTarget: async (request) =>
      messagesResponse(
        await engine.linksByTargetFid(
          fidOf(required(request.targetFid, 'target_fid'), 'target_fid'),
          acrossFidsPageOf(request),
          linkTypeOf(request.linkType),
        ),
      ),
    GetLinkCompactStateMessageByFid: async (request) =>
      messagesResponse(await engine.linkCompactStateByFid(fidOf(request.fid), messagePageOf(request))),

    GetAllCastMessagesByFid: allMessages(engine.castsByFid),
    GetAllReactionMessagesByFid: ofStore(StoreType.REACTIONS),
    GetAllVerificationMessagesByFid: ofStore(StoreType.VERIFICATIONS),
    GetAllUserDataMessagesByFid: ofStore(StoreType.USER_DATA),
    GetAllLinkMessagesByFid: ofStore(StoreType.LINKS),
    /** The lends the fid made (not those it received), as Snapchain serves them. */
    GetAllLendStorageMessagesByFid: ofStore(StoreType.STORAGE_LENDS),
  };
}
