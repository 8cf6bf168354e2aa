import type { SmokeConfig } from '../../shared/config/commands.js';
import { NETWORKS } from '../../protocol/networks.js';
import type { CliIo } from '../io.js';
import { smokeSteps } from '../smoke/smoke.js';

/**
 * `agora smoke`: checks a running deployment end to end on a dev chain (docs/deploy.md, "Staging"), one
 * line per step; exit 1 at the first step that fails, with what went wrong.
 */
export async function runSmoke(config: SmokeConfig, io: CliIo): Promise<number> {
  const steps = smokeSteps({
    devnetFile: config.devnet,
    network: NETWORKS[config.network],
    node: config.nodeUrl,
    names: config.namesUrl,
    social: config.socialUrl,
    timeoutMs: config.timeoutSeconds * 1000,
  });
  for (const step of steps) {
    const started = Date.now();
    try {
      const shown = await step.run();
      io.out(`ok   ${step.name} (${Date.now() - started} ms): ${shown}`);
    } catch (error) {
      io.err(`FAIL ${step.name}: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  io.out('the deployment works');
  return 0;
}
