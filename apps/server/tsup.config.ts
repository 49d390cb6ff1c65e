import { defineConfig } from 'tsup';

export default defineConfig({
  // The PGlite worker is an entry of its own: `db/pglite-db.ts` starts it
  // as `new URL('./pglite-worker.js', import.meta.url)`, from a chunk in `dist/`.
  entry: { index: 'src/index.ts', settings: 'src/settings.ts', main: 'src/main.ts', 'pglite-worker': 'src/db/pglite-worker.ts' },
  format: ['esm'],
  // Declarations are checked against the workspace dependencies' built ones (`dist/*.d.ts`; `pnpm build`
  // builds dependencies first), not their sources, so each package's sources are type-checked once
  // rather than again in every dependent's declaration build.
  dts: { entry: { index: 'src/index.ts', settings: 'src/settings.ts', main: 'src/main.ts' }, compilerOptions: { customConditions: [] } },
  sourcemap: true,
  clean: true,
  target: 'node20',
});
