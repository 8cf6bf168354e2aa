import { userDataTypeFromJSON } from '../../../protocol/gen/message.js';
import type { HttpApp } from '../../../shared/http/index.js';
import type { NodeApi } from '../../api.js';
import { typeFilter } from '../../engine/index.js';
import { readCall } from '../../engine/reads.js';
import { found } from '../../failure.js';
import { notFound } from '../../not-found.js';
import { tsHashPositions } from '../../paging.js';
import { pageRequest } from '../paging.js';
import * as p from '../params.js';
import type { MessageAnswers } from '../message-answers.js';
import { usernameProofJson, usernameProofsJson } from '../render.js';
import { MESSAGE_OR_PAGE, UserNameProof, UserNameProofs } from './response-schemas.js';
import { described, FID, PAGING } from './route-schema.js';

const userDataType = p.enumOf(userDataTypeFromJSON, 'USER_DATA_TYPE_');

/** Profiles: user data, usernames and verified addresses. */
export function registerUserRoutes(app: HttpApp, api: NodeApi, messages: MessageAnswers): void {
  const { engine } = api;

  app.get(
    '/v1/userDataByFid',
    described(
      "A fid's UserDataAdds, or the one of `user_data_type`",
      {
        fid: FID,
        user_data_type: 'USER_DATA_TYPE_* by number or name; with it, the one message of that type',
        ...PAGING,
      },
      MESSAGE_OR_PAGE,
    ),
    async (request, reply) => {
      const { query } = request;
      const fid = p.required(query, 'fid', p.fid);
      const type = typeFilter(p.optional(query, 'user_data_type', userDataType));
      if (type === undefined) {
        const page = pageRequest(query, tsHashPositions);
        return messages.page(request, reply, readCall(engine, 'userDataByFid', fid, page));
      }
      return messages.item(request, reply, readCall(engine, 'userData', fid, type), notFound.userData());
    },
  );

  app.get(
    '/v1/userNameProofByName',
    described(
      'The proof of an fname, or of an ENS name (x.eth)',
      { name: 'The name (required)' },
      UserNameProof,
    ),
    async ({ query }) => {
      const name = p.required(query, 'name', p.username);
      return usernameProofJson(found(await api.usernameProof(name), notFound.usernameProof(name)));
    },
  );

  app.get(
    '/v1/userNameProofsByFid',
    described("A fid's fname proofs, then its ENS proofs", { fid: FID }, UserNameProofs),
    async ({ query }) => usernameProofsJson(await api.usernameProofs(p.required(query, 'fid', p.fid))),
  );

  app.get(
    '/v1/verificationsByFid',
    described(
      "A fid's verified addresses, or the verification of `address`",
      {
        fid: FID,
        address: 'An Ethereum (0x hex) or Solana (base58) address; with it, the one verification',
        ...PAGING,
      },
      MESSAGE_OR_PAGE,
    ),
    async (request, reply) => {
      const { query } = request;
      const fid = p.required(query, 'fid', p.fid);
      const address = p.optional(query, 'address', p.verifiedAddress);
      if (address === undefined) {
        const page = pageRequest(query, tsHashPositions);
        return messages.page(request, reply, readCall(engine, 'verificationsByFid', fid, page));
      }
      const verification = readCall(engine, 'verification', fid, address);
      return messages.item(request, reply, verification, notFound.verification(fid));
    },
  );
}
