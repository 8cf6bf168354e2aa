import {
  COMMANDS,
  ConfigError,
  commandHelp,
  describeConfig,
  parseCommand,
  programHelp,
  type ChainConfig,
  type CommandName,
  type DevConfig,
  type MigrateConfig,
  type NamesConfig,
  type NodeConfig,
  type SocialConfig,
} from '../shared/config/index.js';
import type {
  AdminConfig,
  ResyncFnamesConfig,
  SmokeConfig,
  SyncTrieConfig,
} from '../shared/config/commands.js';
import { consoleIo, type CliIo } from './io.js';

type Runner = (config: never, io: CliIo, args: readonly string[]) => Promise<number>;

/** Commands whose arguments name a call (`agora admin verification add`); they print only its answer. */
const CALL_COMMANDS: ReadonlySet<CommandName> = new Set(['admin']);
/** Commands that take arguments: the calls, and those naming an action (`agora sync-trie verify`). */
const ARGUMENT_COMMANDS: ReadonlySet<CommandName> = new Set([...CALL_COMMANDS, 'sync-trie']);

// Each command's module is imported when it runs: loading every service through tsx for any command
// (even --help) would cost seconds (docs/performance.md, "Start").
const RUNNERS: Record<CommandName, Runner> = {
  dev: async (config: DevConfig, io) => (await import('./commands/dev.js')).runDev(config, io),
  chain: async (config: ChainConfig, io) => (await import('./commands/chain.js')).runChain(config, io),
  migrate: async (config: MigrateConfig, io) =>
    (await import('./commands/migrate.js')).runMigrate(config, io),
  'resync-fnames': async (config: ResyncFnamesConfig, io) =>
    (await import('./commands/resync-fnames.js')).runResyncFnames(config, io),
  'sync-trie': async (config: SyncTrieConfig, io, args) =>
    (await import('./commands/sync-trie.js')).runSyncTrie(config, io, args),
  node: async (config: NodeConfig, io) => (await import('./commands/node.js')).runNode(config, io),
  names: async (config: NamesConfig, io) => (await import('./commands/names.js')).runNames(config, io),
  social: async (config: SocialConfig, io) => (await import('./commands/social.js')).runSocial(config, io),
  smoke: async (config: SmokeConfig, io) => (await import('./commands/smoke.js')).runSmoke(config, io),
  admin: async (config: AdminConfig, io, args) =>
    (await import('./commands/admin.js')).runAdmin(config, io, args),
};

/** Exit codes: 0 success, 1 runtime failure, 2 usage or configuration error. */
export async function main(argv: readonly string[], io: CliIo = consoleIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.out(programHelp());
    return command === undefined ? 2 : 0;
  }
  if (!isCommand(command)) {
    io.err(`agora: unknown command "${command}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
    return 2;
  }
  let parsed: ReturnType<typeof parseCommand>;
  try {
    parsed = parseCommand(command, COMMANDS[command].options, rest);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 2;
    }
    throw error;
  }
  if (parsed.help) {
    io.out(commandHelp(command));
    return 0;
  }
  const calls = CALL_COMMANDS.has(command);
  if (parsed.positionals.length > 0 && !ARGUMENT_COMMANDS.has(command)) {
    io.err(`agora ${command}: unexpected argument "${parsed.positionals[0]}" (see agora ${command} --help)`);
    return 2;
  }
  // What the command is about to use, secrets masked: the first thing to check when something is off.
  if (!calls) io.out(`agora ${command} ${describeConfig(command, parsed.config).join(' ')}`);
  try {
    return await RUNNERS[command](parsed.config as never, io, parsed.positionals);
  } catch (error) {
    io.err(`agora ${command}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}
