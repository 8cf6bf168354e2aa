import { FarcasterNetwork, MessageType } from '../gen/message.js';
import { fromFarcasterTime } from '../time.js';
import { invalid, type Problem } from './checks.js';

/**
 * When mainnet began accepting the Snapchain-era message types (snapchain-messages.md §8, Unix seconds):
 * storage lending with engine version V11, gasless keys with V16. Testnet and devnet accept them from the
 * start: an Agora testnet or devnet is a network of its own, with no history before these upgrades.
 */
const MAINNET_ACTIVATION: ReadonlyMap<MessageType, { seconds: number; feature: string }> = new Map([
  [MessageType.LEND_STORAGE, { seconds: 1_759_942_800, feature: 'storage lending' }],
  [MessageType.KEY_ADD, { seconds: 1_778_173_200, feature: 'gasless signers' }],
  [MessageType.KEY_REMOVE, { seconds: 1_778_173_200, feature: 'gasless signers' }],
]);

const isoSeconds = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * A message of a type that is not active yet is refused: by its own timestamp, so a backdated one never
 * merges (Snapchain merges by message time), and by the node's clock, so none does before the upgrade.
 */
export function checkActivation(
  type: MessageType,
  timestamp: number,
  network: FarcasterNetwork,
  nowMs: number,
): Problem {
  const activation = network === FarcasterNetwork.MAINNET ? MAINNET_ACTIVATION.get(type) : undefined;
  if (activation === undefined) return undefined;
  const fromMs = activation.seconds * 1000;
  const timestampMs = fromFarcasterTime(timestamp);
  if (timestampMs >= fromMs && nowMs >= fromMs) return undefined;
  const which = timestampMs < fromMs ? `this one is timestamped ${isoSeconds(timestampMs)}` : 'not yet';
  return invalid(
    `${MessageType[type]} messages are accepted on mainnet from ${isoSeconds(fromMs)} (${activation.feature}); ${which}`,
  );
}
