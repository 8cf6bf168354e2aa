import { hubError } from '../../protocol/errors.js';
import type { HubError } from '../../protocol/errors.js';
import type { BulkMessageResponse } from '../../protocol/gen/request_response.js';
import type { NodeApi } from '../api.js';
import { HubFailure } from '../failure.js';
import type { SubmitGuard } from '../submit-guard.js';
import { authorizationOf } from './handler.js';
import type { Caller, UnaryHandlers } from './handler.js';
import type { Submitted } from './hub-service.js';

/** Hubble's cap on one SubmitBulkMessages call. */
export const MAX_BULK_MESSAGES = 256;

function bulkFailure(error: HubError, hash: Uint8Array): BulkMessageResponse {
  return { messageError: { hash, errCode: error.errCode, message: error.message } };
}

/** SubmitMessage, SubmitBulkMessages and ValidateMessage, over the same submit path as the HTTP API. */
export function submitHandlers(api: NodeApi, guard: SubmitGuard): UnaryHandlers {
  const admit = ({ ip, metadata }: Caller) => {
    const refusal = guard.check(ip, authorizationOf(metadata));
    if (refusal !== undefined) throw new HubFailure(refusal);
  };
  const submitOne = async (submitted: Submitted) => {
    if (!submitted.ok) return submitted;
    const outcome = await api.submit(submitted.value);
    return outcome.ok ? { ok: true as const, value: submitted.value.message } : outcome;
  };

  return {
    async SubmitMessage(submitted, caller) {
      admit(caller);
      const result = await submitOne(submitted);
      if (!result.ok) throw new HubFailure(result.error);
      return result.value;
    },

    /** Each message is answered in input order with itself or its own error; one refusal fails no other. */
    async SubmitBulkMessages(list, caller) {
      admit(caller);
      if (!list.ok) throw new HubFailure(list.error);
      if (list.value.length > MAX_BULK_MESSAGES) {
        throw new HubFailure(
          hubError('bad_request.validation_failure', `at most ${MAX_BULK_MESSAGES} messages per call`),
        );
      }
      const results = await Promise.all(list.value.map(submitOne));
      return {
        messages: results.map((result, index): BulkMessageResponse => {
          if (result.ok) return { message: result.value };
          const submitted = list.value[index];
          return bulkFailure(
            result.error,
            submitted?.ok === true ? submitted.value.message.hash : new Uint8Array(),
          );
        }),
      };
    },

    async ValidateMessage(submitted, { ip }) {
      const refusal = guard.limit(ip);
      if (refusal !== undefined) throw new HubFailure(refusal);
      if (!submitted.ok) throw new HubFailure(submitted.error);
      const validated = await api.engine.validate(submitted.value);
      if (!validated.ok) throw new HubFailure(validated.error);
      return { valid: true, message: validated.value };
    },
  };
}
