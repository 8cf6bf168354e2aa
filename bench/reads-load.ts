// The load generator of bench/reads.ts, forked as a process of its own so that its CPU time is not the
// server's: it takes a task over IPC, keeps `connections` keep-alive requests in flight (each connection
// sends its next request as soon as the last one is answered) for `seconds`, and answers the counts.
import { encodeGet, openRawConnection } from './raw-http-client.js';

export interface LoadTask {
  origin: string;
  /** Paths with their queries, requested in turn. */
  paths: string[];
  connections: number;
  seconds: number;
}

export interface LoadResult {
  ok: number;
  /** Answers other than 200. */
  other: number;
  seconds: number;
}

async function run(task: LoadTask): Promise<LoadResult> {
  const origin = new URL(task.origin);
  const requests = task.paths.map((path) => encodeGet(new URL(path, origin)));
  const connections = await Promise.all(
    Array.from({ length: task.connections }, () => openRawConnection(origin)),
  );
  const result: LoadResult = { ok: 0, other: 0, seconds: 0 };
  let next = 0;
  const start = performance.now();
  const deadline = start + task.seconds * 1000;
  await Promise.all(
    connections.map(async (connection) => {
      while (performance.now() < deadline) {
        const status = await connection.send(requests[next++ % requests.length] as Buffer);
        if (status === 200) result.ok++;
        else result.other++;
      }
    }),
  );
  result.seconds = (performance.now() - start) / 1000;
  for (const connection of connections) connection.close();
  return result;
}

process.on('message', (task: LoadTask) => {
  void run(task).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
// Ends with the bench, however it ends.
process.on('disconnect', () => process.exit(0));
