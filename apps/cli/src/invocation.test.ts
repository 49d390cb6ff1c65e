import { describe, expect, it } from 'vitest';
import { cliCommand } from './invocation.js';

describe('cliCommand', () => {
  it('is `pnpm locscore` when pnpm runs the CLI, and `locscore` otherwise', () => {
    // `pnpm locscore` (pnpm's fallback from a script name to the bin says run-script) and `pnpm exec locscore`.
    const pnpm = { npm_config_user_agent: 'pnpm/10.34.7 npm/? node/v20.20.2 linux x64', npm_command: 'run-script' };
    expect(cliCommand(pnpm)).toBe('pnpm locscore');
    expect(cliCommand({ ...pnpm, npm_command: 'exec' })).toBe('pnpm locscore');
    expect(cliCommand({})).toBe('locscore');
    // npm's own exec (npx) and a package script that calls the installed bin keep the bare name.
    expect(cliCommand({ npm_config_user_agent: 'npm/11.0.0 node/v20.20.2 linux x64', npm_command: 'exec' })).toBe('locscore');
    expect(cliCommand({ ...pnpm, npm_lifecycle_event: 'score-sites' })).toBe('locscore');
  });
});
