import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  // Declarations are checked against the workspace dependencies' built ones (`dist/*.d.ts`; `pnpm build`
  // builds dependencies first), not their sources, so each package's sources are type-checked once
  // rather than again in every dependent's declaration build.
  dts: { compilerOptions: { customConditions: [] } },
  sourcemap: true,
  clean: true,
  target: 'node20',
});
