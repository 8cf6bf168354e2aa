import type { TSchema } from '@sinclair/typebox';
import { COMMANDS, type CommandName } from './commands.js';
import { envNamesFor, kebabCase, type OptionKeywords } from './option.js';

export function programHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, spec]) => `  ${name.padEnd(width)}  ${spec.summary}`);
  return [
    'Usage: agora <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Run `agora <command> --help` for the options of a command.',
    'Options come from flags, then environment variables, then defaults.',
  ].join('\n');
}

export function commandHelp(command: CommandName): string {
  const spec = COMMANDS[command];
  const rows = (Object.entries(spec.options.properties) as [string, TSchema & OptionKeywords][]).map(
    ([key, prop]) => {
      const usage =
        prop.type === 'boolean' ? `--${kebabCase(key)}` : `--${kebabCase(key)} ${placeholder(prop)}`;
      const notes = [`env ${envNamesFor(key, prop).join(' or ')}`];
      if (prop.default !== undefined && !(Array.isArray(prop.default) && prop.default.length === 0)) {
        notes.push(`default ${String(prop.default)}`);
      }
      return { usage, text: `${prop.description} (${notes.join('; ')})` };
    },
  );
  const width = Math.max(...rows.map((row) => row.usage.length));
  return [
    `Usage: agora ${command} [options]`,
    '',
    spec.summary,
    '',
    'Options:',
    ...rows.map((row) => `  ${row.usage.padEnd(width)}  ${row.text}`),
    `  ${'-h, --help'.padEnd(width)}  Show this help`,
  ].join('\n');
}

function placeholder(prop: TSchema & OptionKeywords): string {
  if (prop.placeholder !== undefined) return prop.placeholder;
  return prop.type === 'integer' ? '<n>' : '<value>';
}

/** One `--flag value` line per option that has a value, secrets masked: what a command is about to use. */
export function describeConfig(command: CommandName, config: Readonly<Record<string, unknown>>): string[] {
  const properties = COMMANDS[command].options.properties as Record<string, TSchema & OptionKeywords>;
  return Object.entries(properties)
    .filter(([key]) => config[key] !== undefined)
    .map(([key, prop]) => {
      const value = config[key];
      const shown = prop.secret === true ? '(set)' : Array.isArray(value) ? value.join(',') : String(value);
      return `--${kebabCase(key)} ${shown}`;
    });
}
