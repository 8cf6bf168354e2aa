import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import { allowlistedBots, setAllowlisted } from '../channels/bots.js';
import { createChannel, deleteChannel, editChannel } from '../channels/catalog.js';
import type { SocialContext } from '../context.js';
import { requireAdmin } from './caller.js';
import {
  AdminCreateChannelBody,
  AdminEditChannelBody,
  ChannelIdBody,
  ChannelSchema,
} from './channel-schemas.js';
import { resultOf, SUCCESS, SuccessResponse } from './envelope.js';
import { Fid } from './common-schemas.js';

const ChannelResponse = resultOf(Type.Object({ channel: ChannelSchema }));
const BotBody = Type.Object({ fid: Fid }, { additionalProperties: false });

/** The operator's channel tools: any channel's lifecycle and the bot allowlist. */
export function registerChannelAdminRoutes(app: HttpApp, context: SocialContext): void {
  const { db } = context.database;
  const admin = { preValidation: requireAdmin(context.config.adminToken) };

  app.post(
    '/admin/channels',
    {
      ...admin,
      schema: {
        summary: 'Create a channel for any lead (or none), with any parent url for legacy channels',
        body: AdminCreateChannelBody,
        response: { 200: ChannelResponse },
      },
    },
    async (request) => {
      const { leadFid, ...channel } = request.body;
      return { result: { channel: await createChannel(context, { ...channel, leadFid: leadFid ?? null }) } };
    },
  );

  app.patch(
    '/admin/channels',
    {
      ...admin,
      schema: {
        summary: "Edit any channel's details; leadFid hands it to a new owner",
        body: AdminEditChannelBody,
        response: { 200: ChannelResponse },
      },
    },
    async (request) => {
      const { channelId, ...edits } = request.body;
      return { result: { channel: await editChannel(context, channelId, edits, 'admin') } };
    },
  );

  app.delete(
    '/admin/channels',
    {
      ...admin,
      schema: {
        summary: 'Remove a channel with its roles, follows, invites, restrictions and bans',
        body: ChannelIdBody,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await deleteChannel(db, request.body.channelId);
      return SUCCESS;
    },
  );

  app.get(
    '/admin/bot-allowlist',
    {
      ...admin,
      schema: {
        summary: 'Bots that channel owners may make moderator directly',
        response: {
          200: resultOf(
            Type.Object({ bots: Type.Array(Type.Object({ fid: Fid, addedAt: Type.Integer() })) }),
          ),
        },
      },
    },
    async () => ({ result: { bots: await allowlistedBots(db) } }),
  );

  for (const allowed of [true, false]) {
    app.route({
      method: allowed ? 'POST' : 'DELETE',
      url: '/admin/bot-allowlist',
      ...admin,
      schema: {
        summary: allowed ? 'Allowlist a bot' : 'Take a bot off the allowlist (roles it holds stay)',
        body: BotBody,
        response: { 200: SuccessResponse },
      },
      handler: async (request) => {
        await setAllowlisted(db, context.clock, request.body.fid, allowed);
        return SUCCESS;
      },
    });
  }
}
