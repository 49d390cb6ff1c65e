/**
 * Writes `openapi.json` beside package.json from the zod schemas. Run by
 * `pnpm build`; the test suite checks that the file is current.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createOpenApiDocument } from '../src/openapi.js';

const target = fileURLToPath(new URL('../openapi.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`);
process.stderr.write(`wrote ${target}\n`);
