import { defineConfig } from 'vitest/config';

/**
 * One vitest config for the whole workspace, in two projects:
 *
 * - `unit`: the tests beside the code (`src/**\/*.test.ts`, and the
 *   dashboard's component tests `*.test.tsx`, which ask for a DOM with a
 *   `@vitest-environment happy-dom` comment), one module each, in process
 *   only: no database, no child process, no real data (`pnpm test:unit`);
 * - `e2e`: each package's `test/` folder, the tests that start servers or
 *   processes, open PGlite or PostgreSQL, or read the real data in
 *   `../shared/data` (`pnpm test:e2e`).
 *
 * Time limits are per project, never per test: a unit test has 30 s, an
 * e2e test 5 min and an e2e hook (a pack import, a server start) 10 min. They
 * guard against a hang on a loaded machine; they assert nothing about speed
 * (speed lives in `pnpm bench`).
 *
 * `pnpm test` runs both. The `@locscore/source` export condition resolves
 * workspace packages to their TypeScript sources, so tests run without
 * building first (the zod pattern).
 *
 * Coverage (v8) is on in CI (`CI=true`, as `.ci/run` sets) and with
 * `pnpm test:coverage`; the report goes to `coverage/` (`coverage-summary.json`
 * holds the totals). Its thresholds are a floor that only rises: each sits a
 * little under a measured total, with `../shared/data` and PostgreSQL present
 * as in CI (without them real-data tests skip and the floor can fail). Raise
 * them when coverage rises; never lower them to make a change pass.
 */
const sourceConditions = ['@locscore/source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions, externalConditions: ['@locscore/source'] } },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 600_000,
          // One folder per run where the real region packs are imported once each
          // (sharedPack), and one where the PGlite template databases are made once
          // each (templateDataDir).
          globalSetup: ['packages/engine/test/pack-cache.global-setup.ts', 'apps/server/test/support/store-template.global-setup.ts'],
        },
      },
    ],
    coverage: {
      enabled: process.env.CI === 'true',
      provider: 'v8',
      include: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.ts', '**/*.d.ts'],
      reporter: ['text-summary', 'json-summary', 'html'],
      reportsDirectory: 'coverage',
      reportOnFailure: true,
      thresholds: { statements: 82, branches: 74, functions: 80, lines: 84 },
    },
  },
});
