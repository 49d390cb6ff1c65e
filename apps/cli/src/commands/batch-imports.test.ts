import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The packages every module statically reachable from `start` imports:
 * follows relative `import … from './x.js'` (not `import type`, not dynamic
 * `import()`), and collects bare specifiers.
 */
function staticPackages(start: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  };
  visit(start);
  return packages;
}

describe('locscore batch start-up', () => {
  const packages = staticPackages(fileURLToPath(new URL('./batch.ts', import.meta.url)));

  it('finds the imports it walks (the SDK and csv-parse)', () => {
    expect(packages).toContain('@locscore/sdk');
    expect(packages).toContain('csv-parse');
  });

  it('does not load the server or the engine: they cost about 0.3 s of CPU and 25 MB of RSS per run', () => {
    expect(packages).not.toContain('@locscore/server');
    expect(packages).not.toContain('@locscore/engine');
  });
});
