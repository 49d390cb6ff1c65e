import { describe, expect, it } from 'vitest';
import { nextSteps } from './quickstart.js';

describe('nextSteps', () => {
  it('gives every command as the user runs the CLI: pnpm locscore in the checkout, locscore on the PATH', () => {
    const commands = (cli: string) => nextSteps(cli).filter((line) => /^\s+\d\./.test(line));
    for (const line of commands('pnpm locscore')) expect(line).toMatch(/^\s+\d\. (LOCSCORE_API_KEY=<key> )?pnpm locscore (region|keys|serve|score) /);
    for (const line of commands('locscore')) expect(line).not.toContain('pnpm');
    expect(nextSteps('pnpm locscore').at(-1)).toBe(
      'Whole CSV files: pnpm locscore batch <file.csv> -c coffee -o scored.csv. All commands: pnpm locscore --help and apps/cli/README.md.',
    );
  });
});
