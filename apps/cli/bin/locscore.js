#!/usr/bin/env node
// The `locscore` executable: runs the built CLI (dist/bin.js). This file is
// part of the sources, so that package managers can link the command at
// install time, before a checkout has built dist/ (`pnpm install`, then
// `pnpm build`, then `pnpm locscore`).
import { existsSync } from 'node:fs';

const built = new URL('../dist/bin.js', import.meta.url);
if (existsSync(built)) await import(built.href);
else {
  process.stderr.write('Error: locscore is not built yet: run `pnpm build` in the repository first (apps/cli/dist/bin.js is missing).\n');
  process.exitCode = 1;
}
