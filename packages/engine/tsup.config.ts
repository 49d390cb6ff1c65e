import { defineConfig } from 'tsup';

/** One entry per subpath export of package.json: `.`, `./import`, `./sample`; code they share goes to chunks. */
export default defineConfig({
  entry: { index: 'src/index.ts', import: 'src/import.ts', sample: 'src/sample.ts' },
  format: ['esm'],
  // Declarations are checked against the workspace dependencies' built ones (`dist/*.d.ts`; `pnpm build`
  // builds dependencies first), not their sources, so each package's sources are type-checked once
  // rather than again in every dependent's declaration build.
  dts: { compilerOptions: { customConditions: [] } },
  sourcemap: true,
  clean: true,
  target: 'node20',
});
