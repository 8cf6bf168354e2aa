import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import { deleteVerification, listVerifications, putVerification } from '../catalog/verifications.js';
import { unixSeconds } from '../../shared/clock.js';
import type { SocialContext } from '../context.js';
import { requireAdmin } from './caller.js';
import { Platform } from './catalog-schemas.js';
import {
  PagingQuery,
  SUCCESS,
  SuccessResponse,
  pageRequestOf,
  pagedBody,
  pagedResultOf,
} from './envelope.js';
import { Fid, strict } from './common-schemas.js';

const PlatformText = Type.String({ minLength: 1, maxLength: 256 });

const VerificationsQuery = Type.Composite([
  PagingQuery,
  Type.Object({ fid: Type.Optional(Fid), platform: Type.Optional(Platform) }),
]);

const VerificationsResponse = pagedResultOf(
  Type.Object({
    verifications: Type.Array(
      Type.Object({
        fid: Type.Integer(),
        platform: Platform,
        platformId: Type.String(),
        platformUsername: Type.String(),
        verifiedAt: Type.Integer(),
      }),
    ),
  }),
);

const PutVerificationBody = Type.Object(
  {
    fid: Fid,
    platform: Platform,
    platformId: PlatformText,
    platformUsername: PlatformText,
    verifiedAt: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'UNIX seconds; now when absent',
      }),
    ),
  },
  strict,
);

const DeleteVerificationBody = Type.Object({ platform: Platform, platformId: PlatformText }, strict);

/** Account verifications (spec §4.6, beta) and their admin API. */
export function registerVerificationRoutes(app: HttpApp, context: SocialContext): void {
  const db = context.database.db;
  const admin = requireAdmin(context.config.adminToken);

  app.get(
    '/fc/account-verifications',
    {
      schema: {
        summary: 'Verified third-party accounts of one platform (default x), newest first. Beta.',
        querystring: VerificationsQuery,
        response: { 200: VerificationsResponse },
      },
    },
    async (request) => {
      const { fid, platform = 'x' } = request.query;
      const page = await listVerifications(db, { platform, fid }, pageRequestOf(request));
      return pagedBody(request, 'verifications', page);
    },
  );

  app.put(
    '/admin/account-verifications',
    {
      preValidation: admin,
      schema: {
        summary: 'Record a verification; a platform account verified again moves to the new fid',
        body: PutVerificationBody,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      const { verifiedAt = unixSeconds(context.clock), ...verification } = request.body;
      await putVerification(db, { ...verification, verifiedAt });
      return SUCCESS;
    },
  );

  app.delete(
    '/admin/account-verifications',
    {
      preValidation: admin,
      schema: {
        summary: 'Remove a verification (succeeds when absent)',
        body: DeleteVerificationBody,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await deleteVerification(db, request.body.platform, request.body.platformId);
      return SUCCESS;
    },
  );
}
