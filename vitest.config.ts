import { defineConfig } from 'vitest/config';

/**
 * One vitest config for the whole workspace. The `@locscore/source` export
 * condition resolves workspace packages to their TypeScript sources, so tests
 * run without building first (the zod pattern). Unit tests sit beside the code
 * (`src/**\/*.test.ts`); tests that start servers or read real data live in each
 * package's `test/` folder.
 */
const sourceConditions = ['@locscore/source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions, externalConditions: ['@locscore/source'] } },
  test: {
    include: ['packages/*/{src,test}/**/*.test.ts', 'apps/*/{src,test}/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
