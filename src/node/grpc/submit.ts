import { setImmediate as nextTurn } from 'node:timers/promises';
import { fail } from '../../protocol/errors.js';
import type { HubError, HubResult } from '../../protocol/errors.js';
import type { Message } from '../../protocol/gen/message.js';
import type { BulkMessageResponse } from '../../protocol/gen/request_response.js';
import { decodeMessage, splitMessageList } from '../../protocol/message.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import type { NodeApi } from '../api.js';
import { HubFailure } from '../failure.js';
import type { SubmitGuard } from '../submit-guard.js';
import { authorizationOf } from './handler.js';
import type { Caller, UnaryHandlers } from './handler.js';
import { MAX_BULK_MESSAGES, MAX_MESSAGE_BYTES } from './hub-service.js';

/** What a submitted message decodes to: it keeps the bytes its hash covers, as over HTTP. */
type Submitted = HubResult<ReceivedMessage>;

/**
 * A bulk call's messages are decoded and submitted a slice of about this many bytes at a time, with a turn
 * of the event loop between slices: the loop is held for one slice's decoding at a time, and the call holds
 * one slice's decoded messages (which can take many times their size in memory) besides the answers.
 */
const SLICE_BYTES = 64 * 1024;

/** Consecutive entries of at most `bytes` bytes together, or one larger entry alone. */
function* slices(entries: readonly Uint8Array[], bytes: number): Generator<Uint8Array[]> {
  let slice: Uint8Array[] = [];
  let size = 0;
  for (const entry of entries) {
    if (slice.length > 0 && size + entry.length > bytes) {
      yield slice;
      slice = [];
      size = 0;
    }
    slice.push(entry);
    size += entry.length;
  }
  if (slice.length > 0) yield slice;
}

/** One message of a bulk call; past the size a single submit may have, refused unread. */
function decodeEntry(bytes: Uint8Array): Submitted {
  if (bytes.length <= MAX_MESSAGE_BYTES) return decodeMessage(bytes);
  return fail(
    'bad_request.parse_failure',
    `a message takes at most ${MAX_MESSAGE_BYTES} bytes; this one is ${bytes.length}`,
  );
}

/** A bulk call's answer for one message: itself once merged, or its error under its hash (when it has one). */
function answerOf(result: HubResult<Message>, submitted: Submitted | undefined): BulkMessageResponse {
  if (result.ok) return { message: result.value };
  const hash = submitted?.ok === true ? submitted.value.message.hash : new Uint8Array();
  return { messageError: { hash, errCode: result.error.errCode, message: result.error.message } };
}

function refuseIf(refusal: HubError | undefined): void {
  if (refusal !== undefined) throw new HubFailure(refusal);
}

/**
 * SubmitMessage, SubmitBulkMessages and ValidateMessage, over the same submit path as the HTTP API. Their
 * requests arrive as bytes (grpc/hub-service.ts) and are decoded only once the submit guard lets the caller
 * in, so the per-IP limit and the credentials apply before the request costs anything.
 */
export function submitHandlers(api: NodeApi, guard: SubmitGuard): UnaryHandlers {
  const admit = ({ ip, metadata }: Caller) => refuseIf(guard.check(ip, authorizationOf(metadata)));
  const submitOne = async (submitted: Submitted) => {
    if (!submitted.ok) return submitted;
    const outcome = await api.submit(submitted.value);
    return outcome.ok ? { ok: true as const, value: submitted.value.message } : outcome;
  };

  return {
    async SubmitMessage(bytes, caller) {
      admit(caller);
      const result = await submitOne(decodeMessage(bytes));
      if (!result.ok) throw new HubFailure(result.error);
      return result.value;
    },

    /**
     * The caller is admitted as for one message, and counted for the others once the list's length is
     * known, before any message is decoded: a bulk call of n messages counts n against the per-IP limit.
     * Each message is answered in input order with itself or its own error; one refusal fails no other.
     */
    async SubmitBulkMessages(bytes, caller) {
      admit(caller);
      const entries = splitMessageList(bytes, MAX_BULK_MESSAGES);
      if (!entries.ok) throw new HubFailure(entries.error);
      if (entries.value.length > 1) refuseIf(guard.limit(caller.ip, entries.value.length - 1));
      const messages: BulkMessageResponse[] = [];
      for (const slice of slices(entries.value, SLICE_BYTES)) {
        if (messages.length > 0) await nextTurn();
        const submitted = slice.map(decodeEntry);
        const results = await Promise.all(submitted.map(submitOne));
        results.forEach((result, index) => messages.push(answerOf(result, submitted[index])));
      }
      return { messages };
    },

    async ValidateMessage(bytes, { ip }) {
      refuseIf(guard.limit(ip));
      const submitted = decodeMessage(bytes);
      if (!submitted.ok) throw new HubFailure(submitted.error);
      const validated = await api.engine.validate(submitted.value);
      if (!validated.ok) throw new HubFailure(validated.error);
      return { valid: true, message: validated.value };
    },
  };
}
