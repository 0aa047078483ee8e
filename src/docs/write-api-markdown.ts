/**
 * Writes `docs/api.md` from the OpenAPI document: `npm run docs:api`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument, renderApiMarkdown } from './api-markdown.js';

const target = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/api.md');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, renderApiMarkdown(await openApiDocument()));
console.log(`wrote ${target}`);
