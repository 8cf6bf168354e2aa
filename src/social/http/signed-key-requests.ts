import type { FastifyReply } from 'fastify';
import type { HttpApp } from '../../shared/http/index.js';
import { unixSeconds } from '../../shared/clock.js';
import type { SocialContext } from '../context.js';
import { approvalData, approveSignedKeyRequest } from '../keys/approval.js';
import { createSignedKeyRequest, readSignedKeyRequest } from '../keys/requests.js';
import { setWarps } from '../keys/store.js';
import { rateLimitHeaders, type RateLimitState } from '../rate-limit.js';
import { registerApprovalPageRoute } from './approval-page.js';
import { requireAdmin } from './caller.js';
import { SUCCESS, SuccessResponse } from './envelope.js';
import {
  ApprovalDataQuery,
  ApprovalDataResponse,
  ApproveBody,
  CreateSignedKeyRequestBody,
  SignedKeyRequestResponse,
  TokenQuery,
  WarpsBody,
} from './signed-key-schemas.js';

/** Signed key requests (spec §4.7): create, poll, approve (docs/social/signed-key-requests.md). */
export function registerSignedKeyRequestRoutes(app: HttpApp, context: SocialContext): void {
  // What a call was counted against goes out on every answer from then on, refusals included.
  const sendQuota = (reply: FastifyReply) => (state: RateLimitState) =>
    reply.headers(rateLimitHeaders(state));

  // The docs name the singular path, every client posts to the plural one (reference §1): serve both.
  for (const url of ['/v2/signed-key-request', '/v2/signed-key-requests']) {
    app.post(
      url,
      {
        schema: {
          summary: 'Ask a user for a signing key, with a signature by the app fid custody address',
          body: CreateSignedKeyRequestBody,
          response: { 200: SignedKeyRequestResponse },
        },
      },
      async (request, reply) => {
        const { requestFid, deadline } = request.body;
        const input = { ...request.body, requestFid: Number(requestFid), deadline: Number(deadline) };
        const created = await createSignedKeyRequest(context, input, sendQuota(reply));
        return { result: { signedKeyRequest: created } };
      },
    );
  }

  app.get(
    '/v2/signed-key-request',
    {
      schema: {
        summary: 'A signed key request and its state (poll until completed)',
        querystring: TokenQuery,
        response: { 200: SignedKeyRequestResponse },
      },
    },
    async (request) => ({
      result: { signedKeyRequest: await readSignedKeyRequest(context, request.query.token) },
    }),
  );

  app.get(
    '/v2/signed-key-request/approval-data',
    {
      schema: {
        summary: 'The KeyGateway Add typed data fidOwner signs to approve the request',
        querystring: ApprovalDataQuery,
        response: { 200: ApprovalDataResponse },
      },
    },
    async (request) => ({
      result: await approvalData(context, request.query.token, request.query.fidOwner),
    }),
  );

  app.post(
    '/v2/signed-key-request/approve',
    {
      schema: {
        summary: "Approve with fidOwner's Add signature; the service relays KeyGateway.addFor",
        body: ApproveBody,
        response: { 200: SignedKeyRequestResponse },
      },
    },
    async (request, reply) => ({
      result: {
        signedKeyRequest: await approveSignedKeyRequest(context, request.body, sendQuota(reply)),
      },
    }),
  );

  app.put(
    '/admin/warps',
    {
      preValidation: requireAdmin(context.config.adminToken),
      schema: {
        summary: "Set an fid's warps (sponsoring a request needs at least 100)",
        body: WarpsBody,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await setWarps(context.database.db, request.body.fid, request.body.warps, unixSeconds(context.clock));
      return SUCCESS;
    },
  );

  registerApprovalPageRoute(app, context);
}
