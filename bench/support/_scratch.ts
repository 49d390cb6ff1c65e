import { loadRegion } from '../../packages/engine/src/region/pack-read.js';
import { createEngine } from '../../packages/engine/src/engine.js';
const [key, category, ...addresses] = process.argv.slice(2);
const region = await loadRegion(`/tmp/model-packs/${key}`);
if (addresses[0] === '--streets') {
  const want = new RegExp(addresses[1] ?? '.', 'i');
  const seen = new Map<string, string>();
  for (const a of region.addresses) if (want.test(a.street)) seen.set(`${a.street}`, `${a.housenumber} ${a.street}, ${a.postcode ?? ''} ${a.city ?? ''}`);
  console.log([...seen.values()].slice(0, 40).join('\n'));
} else {
  const engine = createEngine({ regions: [region] });
  for (const address of addresses) {
    try {
      const r = await engine.score({ address, category: category as never });
      console.log(`${address} | ${r.score} ${r.story} passed=${r.passed} conf=${r.meta?.confidence?.level} b=${JSON.stringify(r.breakdown)}`);
      if (process.env.V) for (const i of r.insights) console.log(`   - ${i.headline}. ${i.detail}`);
    } catch (e) { console.log(address, 'ERR', (e as Error).message); }
  }
}
