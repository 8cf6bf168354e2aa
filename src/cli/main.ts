import {
  COMMANDS,
  ConfigError,
  commandHelp,
  describeConfig,
  parseCommand,
  programHelp,
  type CommandName,
  type MigrateConfig,
  type NamesConfig,
  type NodeConfig,
} from '../shared/config/index.js';
import { runMigrate } from './commands/migrate.js';
import { runNames } from './commands/names.js';
import { runNode } from './commands/node.js';
import { consoleIo, type CliIo } from './io.js';

type Runner = (config: never, io: CliIo) => Promise<number>;

/** Commands that run; the others still only validate and print their options. */
const RUNNERS: Partial<Record<CommandName, Runner>> = {
  migrate: (config: MigrateConfig, io) => runMigrate(config, io),
  node: (config: NodeConfig, io) => runNode(config, io),
  names: (config: NamesConfig, io) => runNames(config, io),
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
  if (parsed.positionals.length > 0) {
    io.err(`agora ${command}: unexpected argument "${parsed.positionals[0]}" (see agora ${command} --help)`);
    return 2;
  }
  const runner = RUNNERS[command];
  if (runner !== undefined) {
    try {
      return await runner(parsed.config as never, io);
    } catch (error) {
      io.err(`agora ${command}: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  io.out(`agora ${command}: ${COMMANDS[command].summary}`);
  for (const line of describeConfig(command, parsed.config)) io.out(`  ${line}`);
  io.out(`agora ${command} is not implemented yet; the options above are valid.`);
  return 0;
}

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}
