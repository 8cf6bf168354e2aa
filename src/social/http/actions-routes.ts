import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import { allActions, createAction, deleteAction, editAction, listActions } from '../catalog/actions.js';
import type { SocialContext } from '../context.js';
import { requireAdmin } from './caller.js';
import { HttpUrl, Slug } from './catalog-schemas.js';
import {
  PagingQuery,
  SUCCESS,
  SuccessResponse,
  pageRequestOf,
  pagedBody,
  pagedResultOf,
  resultOf,
} from './envelope.js';
import { Count, strict } from './common-schemas.js';

const Kind = Type.Union([Type.Literal('cast'), Type.Literal('composer')]);

const ServedAction = Type.Object({
  name: Type.String(),
  icon: Type.String(),
  description: Type.String(),
  aboutUrl: Type.String(),
  imageUrl: Type.Optional(Type.String()),
  actionUrl: Type.String(),
  action: Type.Object({ actionType: Type.Literal('post'), postUrl: Type.String() }),
});

const ActionsResponse = pagedResultOf(Type.Object({ actions: Type.Array(ServedAction) }));

const TopQuery = Type.Composite([PagingQuery, Type.Object({ list: Type.Literal('top') })]);
const ComposerQuery = Type.Composite([
  PagingQuery,
  Type.Object({ list: Type.Union([Type.Literal('top'), Type.Literal('featured')]) }),
]);

/** The fields an operator may edit, as the admin API takes them. */
const Editable = {
  name: Type.String({ minLength: 1, maxLength: 64 }),
  icon: Type.String({ pattern: '^[a-z0-9-]{1,64}$', description: 'An Octicon name, e.g. `zap`' }),
  description: Type.String({ maxLength: 1024 }),
  aboutUrl: HttpUrl,
  actionUrl: HttpUrl,
  postUrl: HttpUrl,
  imageUrl: Type.Union([HttpUrl, Type.Null()], {
    description: 'Composer actions only, and required for them',
  }),
  totalUsers: Count,
  featuredRank: Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()], {
    description: 'Position in the featured list of composer actions; null: not featured',
  }),
};

const CreateBody = Type.Object(
  {
    id: Slug,
    kind: Kind,
    name: Editable.name,
    icon: Editable.icon,
    description: Editable.description,
    aboutUrl: Editable.aboutUrl,
    actionUrl: Editable.actionUrl,
    postUrl: Editable.postUrl,
    imageUrl: Type.Optional(Editable.imageUrl),
    totalUsers: Type.Optional(Editable.totalUsers),
    featuredRank: Type.Optional(Editable.featuredRank),
  },
  strict,
);

const EditBody = Type.Composite([Type.Object({ id: Slug }), Type.Partial(Type.Object(Editable))], strict);

const AdminActionsResponse = resultOf(
  Type.Object({
    actions: Type.Array(
      Type.Object({
        id: Type.String(),
        kind: Kind,
        name: Type.String(),
        icon: Type.String(),
        description: Type.String(),
        aboutUrl: Type.String(),
        actionUrl: Type.String(),
        postUrl: Type.String(),
        imageUrl: Type.Union([Type.String(), Type.Null()]),
        totalUsers: Type.Integer(),
        featuredRank: Type.Union([Type.Integer(), Type.Null()]),
      }),
    ),
  }),
);

/** Discoverable cast and composer actions (spec §4.6) and the admin API that curates them. */
export function registerActionRoutes(app: HttpApp, context: SocialContext): void {
  const db = context.database.db;
  const admin = { preValidation: requireAdmin(context.config.adminToken) };

  app.get(
    '/v2/discover-actions',
    {
      schema: {
        summary: 'Cast actions by total users; `list` must be `top`',
        querystring: TopQuery,
        response: { 200: ActionsResponse },
      },
    },
    async (request) =>
      pagedBody(
        request,
        'actions',
        await listActions(db, 'cast', request.query.list, pageRequestOf(request)),
      ),
  );

  app.get(
    '/v2/discover-composer-actions',
    {
      schema: {
        summary: 'Composer actions: `top` by total users, or `featured` in curated order',
        querystring: ComposerQuery,
        response: { 200: ActionsResponse },
      },
    },
    async (request) =>
      pagedBody(
        request,
        'actions',
        await listActions(db, 'composer', request.query.list, pageRequestOf(request)),
      ),
  );

  app.get(
    '/admin/actions',
    {
      ...admin,
      schema: {
        summary: 'Every action with its id, kind, total users and featured rank',
        response: { 200: AdminActionsResponse },
      },
    },
    async () => ({ result: { actions: await allActions(db) } }),
  );

  app.post(
    '/admin/actions',
    {
      ...admin,
      schema: { summary: 'Add an action', body: CreateBody, response: { 200: SuccessResponse } },
    },
    async (request) => {
      await createAction(db, context.clock, request.body);
      return SUCCESS;
    },
  );

  app.patch(
    '/admin/actions',
    {
      ...admin,
      schema: {
        summary: 'Change fields of an action: total users, featured rank, texts, URLs',
        body: EditBody,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await editAction(db, request.body);
      return SUCCESS;
    },
  );

  app.delete(
    '/admin/actions',
    {
      ...admin,
      schema: {
        summary: 'Delete an action (succeeds when absent)',
        body: Type.Object({ id: Slug }, strict),
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await deleteAction(db, request.body.id);
      return SUCCESS;
    },
  );
}
