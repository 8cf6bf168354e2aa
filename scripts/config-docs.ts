// Writes docs/configuration.md from the CLI's option schemas.
import { writeFileSync } from 'node:fs';
import { configurationMarkdown } from '../src/shared/config/help.js';

writeFileSync(new URL('../docs/configuration.md', import.meta.url), configurationMarkdown());
