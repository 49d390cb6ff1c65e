import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
/** Static imports and re-exports (`import x from 'm'`, `import 'm'`, `export * from 'm'`) and dynamic `import('m')`. */
const IMPORT = /(?:(?:import|export)\s(?:[^;]*?\sfrom\s+)?|import\(\s*)'([^']+)'/g;

/** Every module `entry` reaches through relative imports, with each one's bare imports. */
function reachable(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const bare: string[] = [];
    seen.set(file, bare);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else bare.push(specifier);
    }
  };
  visit(join(SRC, entry));
  return seen;
}

describe('@locscore/sdk/browser', () => {
  const modules = reachable('browser.ts');

  it('reaches no node: module and no Node-only transport', () => {
    const offenders = [...modules].flatMap(([file, bare]) =>
      bare.filter((specifier) => specifier.startsWith('node:')).map((specifier) => `${file}: ${specifier}`),
    );
    expect(offenders).toEqual([]);
    const files = [...modules.keys()].map((file) => file.slice(SRC.length + 1));
    expect(files).not.toContain('client.ts');
    expect(files).not.toContain('pool-exchange.ts');
    expect(files).toEqual(expect.arrayContaining(['admin/admin-client.ts', 'franchisor/franchisor-client.ts', 'session/session-client.ts']));
  });

  it('uses only p-retry and the schema package from outside', () => {
    expect(modules.size).toBeGreaterThan(15);
    const bare = new Set([...modules.values()].flat());
    expect([...bare].sort()).toEqual(['@locscore/schema', 'p-retry']);
  });
});
