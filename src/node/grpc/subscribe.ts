import { status as Status } from '@grpc/grpc-js';
import { hubError } from '../../protocol/errors.js';
import type { SubscribeRequest } from '../../protocol/gen/request_response.js';
import type { ClientAddresses } from '../../shared/client-address.js';
import { encodedEvent } from '../events/event-log.js';
import { SHUTTING_DOWN } from '../events/feed.js';
import type { EventSink, EventStream, EventStreams, StreamEnd } from '../events/event-stream.js';
import { authorizationOf, callerOf, malformed } from './handler.js';
import { MalformedRequest } from './hub-service.js';
import type { Request } from './hub-service.js';
import type { StreamingCall } from './rpc-server.js';
import { grpcFailure, toGrpcFailure } from './status.js';

/** Agora's one data shard, as GetInfo reports it; 0 is what Hubble-era clients send for "the first". */
const SHARDS = new Set([0, 1]);

export interface Subscriptions {
  /** Serves one Subscribe call. */
  handle(request: Request<SubscribeRequest>, call: StreamingCall): void;
  /** Ends every open stream with UNAVAILABLE "the node is shutting down"; later calls are refused alike. */
  endAll(): void;
}

/** Each event goes out as its stored bytes. */
const sinkOf = (call: StreamingCall): EventSink => ({
  // Response headers tell the client its subscription is in place, even before the first event.
  opened: () => call.sendHeaders(),
  write: (event) => call.write(encodedEvent(event)),
  onDrain: (listener) => call.onDrain(listener),
});

/**
 * Subscribe (grpc-api.md §6) over the shared event streams: `from_id` present (0 included) backfills
 * from that id inclusive and goes on live with no gap or repeat; absent, only events merged from now on.
 * `event_types` empty means the five streamed types (Hubble's reading; Snapchain's empty list sends nothing,
 * and Shuttle always lists its types). `shard_index` absent, 0 or 1 means the whole log, as Agora is one
 * shard; another index is refused as Snapchain refuses an unknown shard. The stream runs until the client
 * cancels, the node shuts down (UNAVAILABLE), reading the log fails, or the client stalls (reset).
 */
export function subscriptions(
  streams: EventStreams,
  onFault: (error: unknown) => void,
  clients: ClientAddresses,
): Subscriptions {
  const open = new Set<EventStream>();
  let closing = false;

  const finish = (call: StreamingCall, end: StreamEnd) => {
    switch (end.reason) {
      case 'cancelled':
        return;
      case 'shutdown':
        return call.finish(grpcFailure(SHUTTING_DOWN));
      case 'stalled':
        // A client that stopped reading would never receive a status: it waits behind the unread events.
        // The stream is reset instead (gRPC clients report RESOURCE_EXHAUSTED), so nothing outlives the cut.
        return call.reset();
      case 'failed':
        return call.finish(toGrpcFailure(end.error, onFault));
    }
  };

  return {
    handle(request, call) {
      if (request instanceof MalformedRequest) throw malformed(request);
      if (closing) return call.finish(grpcFailure(SHUTTING_DOWN));
      const shard = request.shardIndex;
      if (shard !== undefined && !SHARDS.has(shard)) {
        const error = hubError('bad_request.invalid_param', `no shard ${shard}: Agora has one shard, 1`);
        return call.finish(grpcFailure(error));
      }
      const { ip, metadata } = callerOf(call, clients);
      const opened = streams.open({
        ip,
        authorization: authorizationOf(metadata),
        fromId: request.fromId,
        types: new Set(request.eventTypes),
      });
      if (!opened.ok) return call.finish(grpcFailure(opened.error, Status.RESOURCE_EXHAUSTED));

      const stream = opened.value;
      open.add(stream);
      call.onCancel(() => stream.stop('cancelled'));
      void stream.run(sinkOf(call)).then((end) => {
        open.delete(stream);
        finish(call, end);
      });
    },
    endAll() {
      closing = true;
      for (const stream of open) stream.stop('shutdown');
    },
  };
}
