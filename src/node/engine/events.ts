import { HubEvent, HubEventType } from '../../protocol/gen/hub_event.js';
import type { Message } from '../../protocol/gen/message.js';
import type { NewHubEvent } from '../events/event-log.js';
import type { Incoming, RemovalKind, StoreSpec } from './store-spec.js';

/** The hub events of message changes (node-api.md §6); stores may override them (username proofs). */

export function mergeMessageEvent(message: Message, deleted: readonly Message[]): NewHubEvent {
  return HubEvent.fromPartial({
    type: HubEventType.MERGE_MESSAGE,
    mergeMessageBody: { message, deletedMessages: [...deleted] },
  });
}

export function mergedEvent(spec: StoreSpec, incoming: Incoming, deleted: readonly Message[]): NewHubEvent {
  return spec.mergedEvent?.(incoming, deleted) ?? mergeMessageEvent(incoming.message, deleted);
}

export function removedEvent(spec: StoreSpec, kind: RemovalKind, message: Message): NewHubEvent {
  if (spec.removedEvent !== undefined) return spec.removedEvent(kind, message);
  return kind === 'prune'
    ? HubEvent.fromPartial({ type: HubEventType.PRUNE_MESSAGE, pruneMessageBody: { message } })
    : HubEvent.fromPartial({ type: HubEventType.REVOKE_MESSAGE, revokeMessageBody: { message } });
}
