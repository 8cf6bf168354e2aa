/**
 * Node reads: a fid's casts over HTTP (newest 25, sometimes the next page) from any node process; the event
 * log over HTTP (one reader tailing it, one reading it from the start again and again); and the same
 * account reads over gRPC.
 */
import type { World } from '../../../test/support/soak/world.js';
import type { Load } from '../../../test/support/soak/loads/load.js';

export async function castsByFid(world: World): Promise<void> {
  const { fid } = world.pick(world.accounts);
  const url = `${world.node()}/v1/castsByFid?fid=${fid}&pageSize=25&reverse=true`;
  const answer = await world.call('node', 'castsByFid', 'GET', url);
  const token =
    answer.status === 200 ? (JSON.parse(answer.body) as { nextPageToken?: string }).nextPageToken : '';
  if (token !== undefined && token !== '' && world.random() < 0.25) {
    await world.call('node', 'castsByFid', 'GET', `${url}&pageToken=${encodeURIComponent(token)}`);
  }
}

export function nodeReads(world: World): Load {
  let tail = 0;
  let scan = 0;
  let reads = 0;
  const events = async () => {
    const tailing = reads++ % 2 === 0;
    const from = tailing ? tail : scan;
    const url = `${world.node()}/v1/events?from_event_id=${from}`;
    const answer = await world.call('node', 'events', 'GET', url);
    if (answer.status !== 200) return;
    const page = JSON.parse(answer.body) as { events: unknown[]; nextPageEventId: number };
    if (tailing) {
      if (page.events.length > 0) tail = Math.max(tail, page.nextPageEventId);
    } else {
      scan = page.events.length === 0 ? 0 : page.nextPageEventId;
    }
  };
  const grpcReads = async () => {
    const { fid } = world.pick(world.accounts);
    const client = world.grpc();
    const roll = world.random();
    if (roll < 0.5) {
      await world.callGrpc('getCastsByFid (gRPC)', () =>
        client.getCastsByFid({ fid, pageSize: 25, reverse: true }),
      );
    } else if (roll < 0.75) {
      await world.callGrpc('getLinksByFid (gRPC)', () => client.getLinksByFid({ fid, pageSize: 25 }));
    } else {
      await world.callGrpc('getUserDataByFid (gRPC)', () => client.getUserDataByFid({ fid }));
    }
  };
  return {
    operations: [
      { service: 'node', name: 'castsByFid', weight: 5, run: () => castsByFid(world) },
      { service: 'node', name: 'events', weight: 5, run: events },
      { service: 'node', name: 'gRPC reads', weight: 6, run: grpcReads },
    ],
  };
}
