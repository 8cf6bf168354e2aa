import { reactionTypeFromJSON, userDataTypeFromJSON } from '../../protocol/gen/message.js';
import type { ReactionType } from '../../protocol/gen/message.js';
import { StoreType } from '../../protocol/gen/request_response.js';
import type { FidRequest, FidTimestampRequest } from '../../protocol/gen/request_response.js';
import type { Engine } from '../engine/index.js';
import { encodedMessage } from '../engine/message-rows.js';
import { readCall } from '../engine/reads.js';
import type { MessagePage, ReadCall, StoredMessage } from '../engine/reads.js';
import { found } from '../failure.js';
import { notFound } from '../not-found.js';
import type { LimitedStore } from '../onchain/index.js';
import type { RequestOf, UnaryMethod } from './handler.js';
import { EncodedResponse } from './hub-service.js';
import { messagesResponse, pagedRead } from './paging.js';
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
 * The message reads of HubService: each method's request as the engine read it asks for, with its
 * arguments (so its scope, as engine/reads.ts declares it, is known before it runs), answered with its
 * response's bytes made of the stored messages. kept-reads.ts turns them into handlers.
 */
export type MessageMethods = {
  [M in UnaryMethod]?: (request: RequestOf<M>) => ReadCall<EncodedResponse>;
};

/** `call`, answered with the one message it finds, or `not_found` with `missing` as its details. */
const messageAnswer = (
  call: ReadCall<StoredMessage | undefined>,
  missing: string,
): ReadCall<EncodedResponse> => ({
  scope: call.scope,
  run: async () => new EncodedResponse(encodedMessage(found(await call.run(), missing))),
});

/** `call`, answered with the page it finds as MessagesResponse. */
const pageAnswer = (call: ReadCall<MessagePage>): ReadCall<EncodedResponse> => ({
  scope: call.scope,
  run: async () => messagesResponse(await call.run()),
});

/** The reads that take nothing but a fid and the page. */
type FidPageRead =
  'castAddsByFid' | 'castsByMention' | 'userDataByFid' | 'verificationsByFid' | 'linkCompactStateByFid';

const reactionTypeOf = (type: ReactionType | undefined) =>
  type === undefined ? undefined : knownEnum(type, reactionTypeFromJSON, 'reaction_type');

/** The message reads: the engine's reads that the HTTP routes call, plus the stores' getAll reads. */
export function messageReadMethods(engine: Engine): MessageMethods {
  const byFid = (name: FidPageRead) => (request: FidRequest) => {
    const fid = fidOf(request.fid);
    return pageAnswer(pagedRead(engine, name, request, (page) => [fid, page]));
  };
  /** GetAll*MessagesByFid of one of the fid's stores. */
  const allMessages = (store: LimitedStore) => (request: FidTimestampRequest) => {
    const fid = fidOf(request.fid);
    return pageAnswer(
      pagedRead(engine, 'allMessagesByFid', request, (page) => [
        fid,
        store,
        page,
        timestampBoundsOf(request),
      ]),
    );
  };
  const reactionsByTarget: MessageMethods['GetReactionsByTarget'] = (request) => {
    const target = targetOf(request.targetCastId, request.targetUrl, ['target_cast_id', 'target_url']);
    return pageAnswer(
      pagedRead(engine, 'reactionsByTarget', request, (page) => [
        target,
        page,
        reactionTypeOf(request.reactionType),
      ]),
    );
  };

  return {
    GetCast: (castId) =>
      messageAnswer(readCall(engine, 'castById', castIdOf(castId)), notFound.cast(castId.fid)),
    /** CastAdds only, as both references serve it; HTTP castsByFid is GetAllCastMessagesByFid's. */
    GetCastsByFid: byFid('castAddsByFid'),
    GetCastsByParent: (request) => {
      const parent = targetOf(request.parentCastId, request.parentUrl, ['parent_cast_id', 'parent_url']);
      return pageAnswer(pagedRead(engine, 'castsByParent', request, (page) => [parent, page]));
    },
    GetCastsByMention: byFid('castsByMention'),

    GetReaction(request) {
      const fid = fidOf(request.fid);
      const type = knownEnum(request.reactionType, reactionTypeFromJSON, 'reaction_type');
      const target = targetOf(request.targetCastId, request.targetUrl, ['target_cast_id', 'target_url']);
      return messageAnswer(readCall(engine, 'reactionById', fid, type, target), notFound.reaction(fid));
    },
    GetReactionsByFid: (request) => {
      const fid = fidOf(request.fid);
      return pageAnswer(
        pagedRead(engine, 'reactionsByFid', request, (page) => [
          fid,
          page,
          reactionTypeOf(request.reactionType),
        ]),
      );
    },
    // Either target for either method, as in Hubble; HTTP splits them into reactionsByCast and ...ByTarget.
    GetReactionsByCast: reactionsByTarget,
    GetReactionsByTarget: reactionsByTarget,

    GetUserData(request) {
      const type = knownEnum(request.userDataType, userDataTypeFromJSON, 'user_data_type');
      return messageAnswer(readCall(engine, 'userData', fidOf(request.fid), type), notFound.userData());
    },
    GetUserDataByFid: byFid('userDataByFid'),

    GetVerification(request) {
      const fid = fidOf(request.fid);
      const verification = readCall(engine, 'verification', fid, verifiedAddressOf(request.address));
      return messageAnswer(verification, notFound.verification(fid));
    },
    GetVerificationsByFid: byFid('verificationsByFid'),

    GetLink(request) {
      const fid = fidOf(request.fid);
      const type = required(linkTypeOf(request.linkType), 'link_type');
      const targetFid = fidOf(required(request.targetFid, 'target_fid'), 'target_fid');
      return messageAnswer(readCall(engine, 'linkById', fid, type, targetFid), notFound.link(fid));
    },
    GetLinksByFid: (request) => {
      const fid = fidOf(request.fid);
      return pageAnswer(
        pagedRead(engine, 'linksByFid', request, (page) => [fid, page, linkTypeOf(request.linkType)]),
      );
    },
    GetLinksByTarget: (request) => {
      const targetFid = fidOf(required(request.targetFid, 'target_fid'), 'target_fid');
      return pageAnswer(
        pagedRead(engine, 'linksByTargetFid', request, (page) => [
          targetFid,
          page,
          linkTypeOf(request.linkType),
        ]),
      );
    },
    GetLinkCompactStateMessageByFid: byFid('linkCompactStateByFid'),

    /** CastAdds and CastRemoves: HTTP castsByFid. */
    GetAllCastMessagesByFid(request) {
      const fid = fidOf(request.fid);
      return pageAnswer(
        pagedRead(engine, 'castsByFid', request, (page) => [fid, page, timestampBoundsOf(request)]),
      );
    },
    GetAllReactionMessagesByFid: allMessages(StoreType.REACTIONS),
    GetAllVerificationMessagesByFid: allMessages(StoreType.VERIFICATIONS),
    GetAllUserDataMessagesByFid: allMessages(StoreType.USER_DATA),
    GetAllLinkMessagesByFid: allMessages(StoreType.LINKS),
    /** The lends the fid made (not those it received), as Snapchain serves them. */
    GetAllLendStorageMessagesByFid: allMessages(StoreType.STORAGE_LENDS),
  };
}
