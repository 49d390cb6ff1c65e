/**
 * Module hooks (`node --import ./register.mjs`): the engine's
 * `region/osm-pbf-read.js` resolves to `./osm-pbf-read.ts` (osm-pbf-parser),
 * so one bench run can time `importRegion` with the earlier decoder as its
 * baseline. Nothing else changes.
 */
const engineModule = /\/packages\/engine\/src\/region\/osm-pbf-read\.(js|ts)$/;
const legacy = new URL('./osm-pbf-read.ts', import.meta.url).href;

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  return engineModule.test(resolved.url) ? { ...resolved, url: legacy } : resolved;
}
