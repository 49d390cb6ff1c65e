import { defineConfig } from 'tsup';

/** One entry per subpath export of package.json: `.`, `./import`, `./sample`; code they share goes to chunks. */
export default defineConfig({
  entry: { index: 'src/index.ts', import: 'src/import.ts', sample: 'src/sample.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
});
