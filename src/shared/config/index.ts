export { ANSWER_CACHE_MB } from './answer-cache-options.js';
export { COMMANDS, configOf, NamesOptions, NodeOptions, SocialOptions } from './commands.js';
export type {
  ChainConfig,
  CommandName,
  DevConfig,
  MigrateConfig,
  NamesConfig,
  NodeConfig,
  SocialConfig,
} from './commands.js';
export { commandHelp, describeConfig, programHelp } from './help.js';
export { ConfigError, parseCommand } from './parse.js';
