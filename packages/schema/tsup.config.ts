import { defineConfig } from 'tsup';

/**
 * ESM and CJS builds. geojson-polygon-self-intersections (and its rbush and
 * quickselect) ship as ES modules only, which `require` loads only from Node
 * 20.19 on: both builds bundle them (a few kilobytes), so that the CJS build
 * runs on every Node 20 the package supports.
 */
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  noExternal: ['geojson-polygon-self-intersections', 'rbush', 'quickselect'],
});
