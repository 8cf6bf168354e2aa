import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import type { SocialContext } from '../context.js';
import { SocialError } from '../errors.js';
import { readSignedKeyRequest } from '../keys/requests.js';
import { approvalPageHtml, contentSecurityPolicy, notFoundPageHtml } from './approval-page-html.js';
import { TokenQuery } from './signed-key-schemas.js';

const Html = { content: { 'text/html': { schema: Type.String() } } };

/**
 * GET /signed-key-request?token=: the https form of the request's `farcaster://` deeplink, where a user
 * approves it with a browser wallet (docs/social/signed-key-requests.md).
 */
export function registerApprovalPageRoute(app: HttpApp, context: SocialContext): void {
  app.get(
    '/signed-key-request',
    {
      schema: {
        summary: 'Web page to approve a signed key request with a browser wallet',
        querystring: TokenQuery,
        response: { 200: Html, 404: Html },
      },
    },
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', contentSecurityPolicy(nonce))
        .header('cache-control', 'no-store');
      try {
        const signedKeyRequest = await readSignedKeyRequest(context, request.query.token);
        return await approvalPageHtml(signedKeyRequest, nonce);
      } catch (error) {
        if (!(error instanceof SocialError && error.code === 'SIGNED_KEY_REQUEST_NOT_FOUND')) throw error;
        return reply.code(404).send(notFoundPageHtml(nonce));
      }
    },
  );
}
