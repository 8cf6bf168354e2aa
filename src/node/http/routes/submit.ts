import type { FastifyRequest } from 'fastify';
import type { HubError } from '../../../protocol/errors.js';
import { decodeMessage } from '../../../protocol/message.js';
import type { ReceivedMessage } from '../../../protocol/message.js';
import type { HttpApp } from '../../../shared/http/index.js';
import type { NodeApi } from '../../api.js';
import { hubFailure, HubFailure } from '../../failure.js';
import { messageJson, validationJson } from '../render.js';
import type { SubmitGuard } from '../../submit-guard.js';
import { HubMessage, Validation } from './response-schemas.js';
import { documented, serializeAsIs } from './route-schema.js';

const OCTET_STREAM = 'application/octet-stream';
/** For the document only: any body passes it, and requireProtobuf and the decoder judge the bytes. */
const MESSAGE_BYTES = {
  content: { [OCTET_STREAM]: { schema: { description: 'A Message protobuf, encoded' } } },
};

const ONLY_PROTOBUF = 'This API accepts only Message protobufs encoded into bytes (application/octet-stream)';

/** The media type must be octet-stream (parameters aside); checked before the body is read. */
async function requireProtobuf(request: FastifyRequest): Promise<void> {
  const contentType = request.headers['content-type'];
  if (contentType?.split(';', 1)[0]?.trim().toLowerCase() === OCTET_STREAM) return;
  throw hubFailure(
    'bad_request.parse_failure',
    `Content-Type ${contentType ?? '(none)'} is not supported. ${ONLY_PROTOBUF}`,
  );
}

function receivedFrom(body: unknown): ReceivedMessage {
  const decoded = decodeMessage(body instanceof Uint8Array ? body : new Uint8Array());
  if (decoded.ok) return decoded.value;
  const { error } = decoded;
  if (error.errCode !== 'bad_request.parse_failure') throw new HubFailure(error);
  throw hubFailure(error.errCode, `Could not parse Message. ${ONLY_PROTOBUF}: ${error.message}`);
}

/**
 * submitMessage and validateMessage. Each submit waits for the shared merge that took its message
 * (`api.submit`) and answers with its own outcome, so a refused message fails only its request.
 */
export function registerSubmitRoutes(app: HttpApp, api: NodeApi, guard: SubmitGuard): void {
  app.addContentTypeParser(OCTET_STREAM, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // The per-IP limit and credentials come before the message is read.
  const refuse = (refusal: HubError | undefined) => {
    if (refusal !== undefined) throw new HubFailure(refusal);
  };
  const guardSubmit = async (request: FastifyRequest) =>
    refuse(guard.check(request.ip, request.headers.authorization));
  const guardValidate = async (request: FastifyRequest) => refuse(guard.limit(request.ip));

  app.post(
    '/v1/submitMessage',
    {
      schema: {
        summary: 'Validate and merge a Message (protobuf bytes); answers with it as JSON',
        body: MESSAGE_BYTES,
        response: documented(HubMessage),
      },
      serializerCompiler: serializeAsIs,
      onRequest: [guardSubmit, requireProtobuf],
    },
    async (request) => {
      const received = receivedFrom(request.body);
      const outcome = await api.submit(received);
      if (!outcome.ok) throw new HubFailure(outcome.error);
      return messageJson(received.message);
    },
  );

  app.post(
    '/v1/validateMessage',
    {
      schema: {
        summary: 'Validate a Message (protobuf bytes) without storing it, e.g. a FrameAction',
        body: MESSAGE_BYTES,
        response: documented(Validation),
      },
      serializerCompiler: serializeAsIs,
      onRequest: [guardValidate, requireProtobuf],
    },
    async (request) => {
      const validated = await api.engine.validate(receivedFrom(request.body));
      if (!validated.ok) throw new HubFailure(validated.error);
      return validationJson(validated.value);
    },
  );
}
