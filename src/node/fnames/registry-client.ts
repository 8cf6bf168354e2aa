import { createJsonClient } from '../../shared/fetch/json-client.js';
import { parseSigner, parseTransfersPage } from './transfers.js';
import type { RegistryKeys, TransferEntry } from './transfers.js';

export interface RegistryClientOptions {
  /** Base URL of the name registry, e.g. https://fnames.farcaster.xyz. */
  registryUrl: string;
  fetch: typeof fetch;
  /** Whole request, body included. */
  timeoutMs: number;
  /** Larger bodies are refused unread (a page of 100 transfers is about 40 kB). */
  maxResponseBytes: number;
  /** Aborts requests in flight (the sync stopping). */
  signal: AbortSignal;
}

export interface RegistryClient {
  /** `GET /signer`: the keys whose signatures the registry's transfers carry. */
  signer(): Promise<RegistryKeys>;
  /** `GET /transfers?from_id=`: the next page after `afterId`; empty when there is nothing new. */
  transfers(afterId: number): Promise<TransferEntry[]>;
}

/** The name registry's read API as the node consumes it; every failure is a thrown, descriptive Error. */
export function createRegistryClient(options: RegistryClientOptions): RegistryClient {
  const getJson = createJsonClient({ ...options, baseUrl: options.registryUrl });
  return {
    signer: async () => parseSigner(await getJson('signer')),
    transfers: async (afterId) =>
      parseTransfersPage(await getJson('transfers', { from_id: String(afterId) }), afterId),
  };
}
