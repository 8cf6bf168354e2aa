import { constants as http2 } from 'node:http2';
import { Metadata, status as Status } from '@grpc/grpc-js';
import { hubError } from '../../protocol/errors.js';
import type { SubscribeRequest } from '../../protocol/gen/request_response.js';
import type { ClientAddresses } from '../../shared/client-address.js';
import { encodedEvent } from '../events/event-log.js';
import { SHUTTING_DOWN } from '../events/feed.js';
import type { EventSink, EventStream, EventStreams, StreamEnd } from '../events/event-stream.js';
import { authorizationOf, callerOf, malformed } from './handler.js';
import type { StreamCall } from './handler.js';
import { EncodedResponse, MalformedRequest } from './hub-service.js';
import { grpcFailure, toGrpcFailure } from './status.js';
import type { GrpcFailure } from './status.js';

/** A Subscribe call: each event is written as its stored bytes. */
type SubscribeCall = StreamCall<SubscribeRequest, EncodedResponse>;

/** Agora's one data shard, as GetInfo reports it; 0 is what Hubble-era clients send for "the first". */
const SHARDS = new Set([0, 1]);

export interface Subscriptions {
  /** The Subscribe handler, as grpc-js calls it. */
  handle(call: SubscribeCall): void;
  /** Ends every open stream with UNAVAILABLE "the node is shutting down"; later calls are refused alike. */
  endAll(): void;
}

/** A handler's refusal or final status: grpc-js turns an `error` event into the call's status. */
function fail(call: SubscribeCall, failure: GrpcFailure): void {
  call.emit('error', failure);
}

/** The HTTP/2 stream under a call: grpc-js keeps it private (the server call's `call`, `nextCall`s). */
function http2StreamOf(call: SubscribeCall): { close(code: number): void } | undefined {
  let layer: unknown = (call as unknown as { call?: unknown }).call;
  for (let depth = 0; typeof layer === 'object' && layer !== null && depth < 8; depth += 1) {
    const { stream } = layer as { stream?: { close?: unknown; rstCode?: unknown } };
    if (typeof stream?.close === 'function' && 'rstCode' in stream) {
      return stream as { close(code: number): void };
    }
    layer = (layer as { nextCall?: unknown }).nextCall;
  }
  return undefined;
}

/**
 * A client that stopped reading would never receive a status: it waits behind the unread events. The
 * stream is reset instead (RST_STREAM ENHANCE_YOUR_CALM, which gRPC clients report as RESOURCE_EXHAUSTED),
 * so neither the call nor its buffered events outlive the cut.
 */
function cut(call: SubscribeCall): void {
  const stream = http2StreamOf(call);
  if (stream !== undefined) stream.close(http2.NGHTTP2_ENHANCE_YOUR_CALM);
  else call.end();
}

const sinkOf = (call: SubscribeCall): EventSink => ({
  // Response headers tell the client its subscription is in place, even before the first event.
  opened: () => call.sendMetadata(new Metadata()),
  write: (event) => call.write(new EncodedResponse(encodedEvent(event))),
  onDrain(listener) {
    call.once('drain', listener);
    return () => call.off('drain', listener);
  },
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

  const finish = (call: SubscribeCall, end: StreamEnd) => {
    switch (end.reason) {
      case 'cancelled':
        return;
      case 'shutdown':
        return fail(call, grpcFailure(SHUTTING_DOWN));
      case 'stalled':
        return cut(call);
      case 'failed':
        return fail(call, toGrpcFailure(end.error, onFault));
    }
  };

  return {
    handle(call) {
      const { request } = call;
      if (request instanceof MalformedRequest) return fail(call, malformed(request));
      if (closing) return fail(call, grpcFailure(SHUTTING_DOWN));
      const shard = request.shardIndex;
      if (shard !== undefined && !SHARDS.has(shard)) {
        const error = hubError('bad_request.invalid_param', `no shard ${shard}: Agora has one shard, 1`);
        return fail(call, grpcFailure(error));
      }
      const { ip, metadata } = callerOf(call, clients);
      const opened = streams.open({
        ip,
        authorization: authorizationOf(metadata),
        fromId: request.fromId,
        types: new Set(request.eventTypes),
      });
      if (!opened.ok) return fail(call, grpcFailure(opened.error, Status.RESOURCE_EXHAUSTED));

      const stream = opened.value;
      open.add(stream);
      const cancel = () => stream.stop('cancelled');
      call.once('cancelled', cancel);
      if (call.cancelled) cancel();
      void stream.run(sinkOf(call)).then((end) => {
        open.delete(stream);
        call.off('cancelled', cancel);
        finish(call, end);
      });
    },
    endAll() {
      closing = true;
      for (const stream of open) stream.stop('shutdown');
    },
  };
}
