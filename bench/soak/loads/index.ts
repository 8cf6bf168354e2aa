/**
 * The soak's load: every module, each a public surface under load. A new surface is one module here (its
 * operations with their weights, and what it checks at the end); the weights below add up to 100.
 */
import { blocks } from './blocks.js';
import { channelFeed } from './channel-feed.js';
import { channelFollows } from './channel-follows.js';
import { eventStreams } from '../../../test/support/soak/loads/event-streams.js';
import { gaslessSigners } from './gasless-signers.js';
import { invites } from './invites.js';
import type { LoadModule } from '../../../test/support/soak/loads/load.js';
import { names } from '../../../test/support/soak/loads/names.js';
import { nodeMessages } from './node-messages.js';
import { nodeReads } from './node-reads.js';
import { socialReads } from './social-reads.js';

export const LOADS: readonly LoadModule[] = [
  nodeMessages, // 30: casts, reactions, follows over HTTP and gRPC
  nodeReads, // 16: castsByFid, the event log, gRPC reads
  gaslessSigners, // 4: KEY_ADD, casts with the key, KEY_REMOVE
  eventStreams, // gRPC Subscribe and SSE subscribers, checked against the log at the end
  names, // 15: name transfer cycles, registry reads
  channelFollows, // 5: topic channels and their follows
  blocks, // 11: blocks, blocked-users reads
  invites, // 5: invite → accept → remove cycles
  socialReads, // 10: channels, followers, members
  channelFeed, // 4: channel feeds and cast replies, checked for order
];
