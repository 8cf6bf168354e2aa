import { readFileSync } from 'node:fs';

/** The agora package's version, as every service reports it (start line, OpenAPI, /_status). */
export function agoraVersion(): string {
  // The same relative path from src/shared and from a compiled dist/shared.
  const file = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
