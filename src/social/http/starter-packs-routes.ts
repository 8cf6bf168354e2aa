import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import {
  changeMembership,
  deleteStarterPack,
  listMembers,
  putStarterPack,
} from '../catalog/starter-packs.js';
import type { SocialContext } from '../context.js';
import { requireAdmin } from './caller.js';
import { Slug } from './catalog-schemas.js';
import {
  PagingQuery,
  SUCCESS,
  SuccessResponse,
  pageRequestOf,
  pagedBody,
  pagedResultOf,
} from './envelope.js';
import { Fid, strict } from './common-schemas.js';

const MembersQuery = Type.Composite([PagingQuery, Type.Object({ id: Slug })]);

const MembersResponse = pagedResultOf(
  Type.Object({ members: Type.Array(Type.Object({ fid: Type.Integer(), memberAt: Type.Integer() })) }),
);

const PackBody = Type.Object(
  {
    id: Slug,
    name: Type.String({ minLength: 1, maxLength: 128 }),
    description: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  strict,
);

const PackIdBody = Type.Object({ id: Slug }, strict);
const MemberBody = Type.Object({ id: Slug, fid: Fid }, strict);

/** Starter pack members (spec §4.6) and the admin API that keeps packs. */
export function registerStarterPackRoutes(app: HttpApp, context: SocialContext): void {
  const db = context.database.db;
  const admin = { preValidation: requireAdmin(context.config.adminToken) };

  app.get(
    '/fc/starter-pack-members',
    {
      schema: {
        summary: "A starter pack's members, most recently added first (memberAt in milliseconds)",
        querystring: MembersQuery,
        response: { 200: MembersResponse },
      },
    },
    async (request) =>
      pagedBody(request, 'members', await listMembers(db, request.query.id, pageRequestOf(request))),
  );

  app.put(
    '/admin/starter-packs',
    {
      ...admin,
      schema: {
        summary: 'Create a starter pack, or change its name and description',
        body: PackBody,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      const { id, name, description = '' } = request.body;
      await putStarterPack(db, context.clock, { id, name, description });
      return SUCCESS;
    },
  );

  app.delete(
    '/admin/starter-packs',
    {
      ...admin,
      schema: {
        summary: 'Delete a starter pack and its members (succeeds when absent)',
        body: PackIdBody,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await deleteStarterPack(db, request.body.id);
      return SUCCESS;
    },
  );

  for (const [method, member] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/admin/starter-pack-members',
      ...admin,
      schema: {
        summary: member
          ? 'Add a member to a starter pack (already a member: keeps the first memberAt)'
          : 'Remove a member from a starter pack (succeeds when not a member)',
        body: MemberBody,
        response: { 200: SuccessResponse },
      },
      handler: async (request) => {
        await changeMembership(db, context.clock, { ...request.body, member });
        return SUCCESS;
      },
    });
  }
}
