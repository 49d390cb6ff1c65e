import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./heap-settings.ts', import.meta.url));

/**
 * Runs a fresh Node process that (optionally) applies the batch heap
 * settings at run time, then allocates short-lived garbage with a window
 * of live objects, as a batch does; returns the size of its young generation.
 */
function newSpaceMbAfterGarbage(apply: boolean): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    ${apply ? `const { applyBatchHeapSettings } = await import(${JSON.stringify(MODULE)}); applyBatchHeapSettings();` : ''}
    let window = [];
    for (let i = 0; i < 2e6; i++) {
      window.push({ row: i, text: 'row ' + i, cells: [i, i + 1] });
      if (window.length > 5000) window = [];
    }
    const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(space.space_size / 2 ** 20));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return Number(out);
}

describe('batch heap settings', () => {
  it('take effect when set at run time: the young generation stays at its initial size instead of growing', () => {
    const tuned = newSpaceMbAfterGarbage(true);
    const untuned = newSpaceMbAfterGarbage(false);
    expect(untuned).toBeGreaterThan(8);
    expect(tuned).toBeLessThanOrEqual(4);
  });
});
