import { defineConfig } from 'tsup';

export default defineConfig({
  // The PGlite worker is an entry of its own: `db/pglite-db.ts` starts it
  // as `new URL('./pglite-worker.js', import.meta.url)`, from a chunk in `dist/`.
  entry: { index: 'src/index.ts', settings: 'src/settings.ts', main: 'src/main.ts', 'pglite-worker': 'src/db/pglite-worker.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts', settings: 'src/settings.ts', main: 'src/main.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
});
