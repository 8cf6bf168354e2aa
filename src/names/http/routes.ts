import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpApp } from '../../shared/http/index.js';
import { requestKey } from '../../shared/http/kept-answers.js';
import type { KeptAnswers } from '../../shared/http/kept-answers.js';
import type { NameRegistry } from '../registry.js';
import { currentQueryOf, transferFilterOf } from './query.js';
import { renderTransfer } from './render.js';
import {
  CurrentTimeResponse,
  CurrentTransferQuery,
  SignerResponse,
  TransferBody,
  CurrentTransferResponse,
  TransferResponse,
  TransfersQuery,
  TransfersResponse,
} from './schemas.js';

/** Every read of transfers is kept under the one version of them all (store.ts `lastTransferId`). */
const TRANSFERS = ['transfers'];

/**
 * The name registry's routes; `/_health` comes with the shared app. The reads of transfers are kept
 * rendered, each named by its route and declared parameters, until the next transfer
 * (src/shared/http/kept-answers.ts).
 */
export function registerNamesRoutes(app: HttpApp, registry: NameRegistry, kept: KeptAnswers): void {
  const keptReply = (request: FastifyRequest, reply: FastifyReply, body: () => Promise<unknown>) =>
    kept.reply(
      reply,
      requestKey(request),
      () => TRANSFERS,
      async () => ({ scopes: TRANSFERS, body: await body() }),
    );

  app.get(
    '/transfers',
    {
      schema: {
        summary: 'Transfer history, 100 per page, oldest first',
        querystring: TransfersQuery,
        response: { 200: TransfersResponse },
      },
    },
    async (request, reply) =>
      keptReply(request, reply, async () => {
        const transfers = await registry.listTransfers(transferFilterOf(request.query));
        return { transfers: transfers.map(renderTransfer) };
      }),
  );

  app.get(
    '/transfers/current',
    {
      schema: {
        summary: "The latest transfer of a fid's current name, of a name, or of all names",
        querystring: CurrentTransferQuery,
        response: { 200: CurrentTransferResponse },
      },
    },
    async (request, reply) =>
      keptReply(request, reply, async () => {
        // The spec's `transfers` array and the `transfer` the real registry's clients read.
        const transfer = renderTransfer(await registry.currentTransfer(currentQueryOf(request.query)));
        return { transfers: [transfer], transfer };
      }),
  );

  app.post(
    '/transfers',
    {
      schema: {
        summary: 'Register, transfer or unregister a name',
        body: TransferBody,
        response: { 200: TransferResponse },
      },
    },
    async (request) => ({
      transfer: renderTransfer(await registry.submit(request.body, { ip: request.ip })),
    }),
  );

  app.get(
    '/signer',
    {
      schema: {
        summary:
          'Address of the key that signs accepted transfers, and of the previous one during a rotation',
        response: { 200: SignerResponse },
      },
    },
    async () => {
      const previousSigner = registry.previousSignerAddress();
      return { signer: registry.signerAddress, ...(previousSigner !== undefined && { previousSigner }) };
    },
  );

  app.get(
    '/current-time',
    { schema: { summary: "The server's Unix time in seconds", response: { 200: CurrentTimeResponse } } },
    async () => ({ currentTime: registry.currentTime() }),
  );
}
