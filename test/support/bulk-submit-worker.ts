/**
 * A client in a thread of its own, so that encoding its request and decoding the answer do not load the
 * event loop of the test, where the node runs: one SubmitBulkMessages call of `messages` (encoded) with the
 * hub-nodejs client. Posts 'sending' as it calls, then each message's answer: 'merged' or [errCode, text].
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getInsecureHubRpcClient, Message } from '@farcaster/hub-nodejs';

export type BulkAnswer = 'merged' | [errCode: string | undefined, message: string | undefined];

const { address, messages } = workerData as { address: string; messages: Uint8Array[] };
const client = getInsecureHubRpcClient(address);
const decoded = messages.map((bytes) => Message.decode(bytes));
parentPort?.postMessage('sending');
const result = await client.submitBulkMessages({ messages: decoded });
client.$.close();
parentPort?.postMessage(
  result.isOk()
    ? result.value.messages.map(({ message, messageError }): BulkAnswer =>
        message === undefined ? [messageError?.errCode, messageError?.message] : 'merged',
      )
    : `refused: ${result.error.errCode} ${result.error.message}`,
);
