import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { HttpApp } from '../../src/shared/http/index.js';

/** How long the event loop may be held while an attack runs: what a request such as `/_health` waits. */
export const RESPONSIVE_WITHIN_MS = 100;

const RESOLUTION_MS = 5;

/** Starts `app` on a loopback port; its base URL. The harness's close() stops it. */
export async function listenOnLoopback(app: HttpApp): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface Responsiveness<T> {
  result: T;
  /** `/_health` answers over a real socket during the attack, and the slowest of them. */
  probes: number;
  slowestProbeMs: number;
  /** The longest any one turn held the event loop (the server under attack runs in this process). */
  longestHeldMs: number;
}

/**
 * Runs `attack` (already started) while asking `/_health` every few milliseconds and watching the event
 * loop, until the attack settles. The bound is on how long the loop was held, from how late a 5 ms timer
 * fired: that is what any request waits before it is read, without the probe client's own work (the
 * client runs in this process too, so its round trips count this process's client code twice). The probes
 * show the node answering meanwhile.
 */
export async function responsiveDuring<T>(base: string, attack: Promise<T>): Promise<Responsiveness<T>> {
  // The probes' connection is opened, and their code path warmed, before the measurement.
  for (let warm = 0; warm < 5; warm += 1) await (await fetch(`${base}/_health`)).arrayBuffer();
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  let done = false;
  const settled = attack.finally(() => (done = true));
  settled.catch(() => undefined);
  const times: number[] = [];
  try {
    while (!done) {
      const started = performance.now();
      const health = await fetch(`${base}/_health`);
      await health.arrayBuffer();
      assert.equal(health.status, 200);
      times.push(performance.now() - started);
      // One probe per turn of the event loop: the attack's own work runs between probes, and the delay
      // histogram covers the gaps.
      await nextTurn();
    }
    return {
      result: await settled,
      probes: times.length,
      slowestProbeMs: Math.max(...times),
      // The histogram records the time between ticks, which includes the timer's own interval.
      longestHeldMs: Math.max(0, delay.max / 1e6 - RESOLUTION_MS),
    };
  } finally {
    delay.disable();
  }
}

/** Asserts that `/_health` answered during the attack and the event loop was never held past the bound. */
export function assertResponsive(measured: Responsiveness<unknown>, minProbes = 1): void {
  const { probes, slowestProbeMs, longestHeldMs } = measured;
  assert.ok(probes >= minProbes, `${probes} /_health probe(s) ran during the attack`);
  assert.ok(
    longestHeldMs < RESPONSIVE_WITHIN_MS,
    `the event loop was held ${longestHeldMs.toFixed(0)} ms during the attack (slowest /_health ${slowestProbeMs.toFixed(0)} ms)`,
  );
}
