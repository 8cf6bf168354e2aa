/**
 * An attacker in a thread of its own, so its own work does not stall the test's event loop: `calls`
 * SubmitBulkMessages calls at once, each carrying `body`, over raw HTTP/2. Posts 'sending' as it starts
 * them, then their answers.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { rawUnary } from './raw-grpc.js';

const { port, calls, body } = workerData as { port: number; calls: number; body: Uint8Array };
parentPort?.postMessage('sending');
const answers = await Promise.all(
  Array.from({ length: calls }, () => rawUnary(port, '/HubService/SubmitBulkMessages', body)),
);
parentPort?.postMessage(answers);
