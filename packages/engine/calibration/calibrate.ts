/**
 * `pnpm calibrate`: fits the demand model of every category on every real
 * region in `../shared/data` and writes it beside this script as
 * `demand-model.json` (read by the engine), with `report.md` (what it was
 * fitted on, the weights, and the in-sample AUC of each region). Held-out
 * accuracy (spatial-block cross-validation and leave-one-region-out) is
 * `pnpm bench accuracy` (`docs/accuracy.md`).
 *
 * Deterministic: the same packs give the same file. Set `LOCSCORE_REAL_PACKS`
 * to a folder of packs already imported to skip the imports.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CATEGORIES } from '@locscore/schema';
import { aucOf } from '../../../bench/support/auc.js';
import { DEMAND_FEATURES } from '../src/market/demand-features.js';
import type { FittedDemandModel } from '../src/market/demand-model.js';
import { MODEL_VERSION } from '../src/model/version.js';
import { scoreSample } from './evaluate.js';
import { CATEGORY_STRENGTH, fitDemandModel, POOLED_STRENGTH } from './fit.js';
import { loadRealRegions, mappingReference, type RealRegion, samplesOf } from './real-samples.js';
import { CONTROLS_PER_REGION, OWN_SITE_METRES, type Sample } from './samples.js';

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/** The report's table of places per region and category. */
function placesTable(regions: readonly RealRegion[], samples: readonly Sample[]): string[] {
  const lines = [`| category | ${regions.map(({ name }) => name).join(' | ')} | all |`, `|---|${regions.map(() => '---:|').join('')}---:|`];
  for (const category of CATEGORIES) {
    const counts = regions.map(({ name }) => samples.filter((sample) => sample.label === 1 && sample.region === name && sample.category === category).length);
    lines.push(`| \`${category}\` | ${counts.join(' | ')} | ${counts.reduce((sum, count) => sum + count, 0)} |`);
  }
  return lines;
}

/** The report's table of fitted weights. */
function weightsTable(model: FittedDemandModel): string[] {
  const lines = [
    `| category | places | intercept | ${DEMAND_FEATURES.join(' | ')} | typical logit | typical supply |`,
    `|---|---:|---:|${DEMAND_FEATURES.map(() => '---:|').join('')}---:|---:|`,
  ];
  for (const category of CATEGORIES) {
    const fit = model.categories[category];
    lines.push(
      `| \`${category}\` | ${fit.places} | ${fit.intercept.toFixed(2)} | ${DEMAND_FEATURES.map((feature) => (fit.weights[feature] === 0 ? '–' : fit.weights[feature].toFixed(2))).join(' | ')} | ${fit.typicalLogit.toFixed(2)} | ${fit.typicalSupply.toFixed(2)} |`,
    );
  }
  return lines;
}

/** In-sample AUC of demand per region and category with at least 20 places. */
function inSampleTable(regions: readonly RealRegion[], samples: readonly Sample[], model: FittedDemandModel): string[] {
  const lines = ['| region | category | places | AUC demand (in sample) |', '|---|---|---:|---:|'];
  for (const { name } of regions) {
    for (const category of CATEGORIES) {
      const mine = samples.filter((sample) => sample.region === name && sample.category === category);
      const positives = mine.filter((sample) => sample.label === 1);
      if (positives.length < 20) continue;
      const auc = aucOf(
        positives.map((sample) => scoreSample(sample, model).demand),
        mine.filter((sample) => sample.label === 0).map((sample) => scoreSample(sample, model).demand),
      );
      lines.push(`| ${name} | \`${category}\` | ${positives.length} | ${auc?.auc.toFixed(3) ?? '–'} |`);
    }
  }
  return lines;
}

async function main(): Promise<void> {
  const regions = await loadRealRegions(log);
  const samples = samplesOf(regions, log);
  const coverage = mappingReference(regions);
  const started = performance.now();
  const model = fitDemandModel(samples, coverage);
  log(`fitted in ${Math.round(performance.now() - started)} ms`);
  writeFileSync(here('./demand-model.json'), `${JSON.stringify(model, null, 2)}\n`);
  const report = [
    '# Demand model calibration',
    '',
    `Written by \`pnpm calibrate\` (\`packages/engine/calibration/calibrate.ts\`) for model \`${MODEL_VERSION}\`; the fitted parameters are \`demand-model.json\` beside it. Method: \`docs/methodology.md\` (Demand). Held-out accuracy: \`docs/accuracy.md\`.`,
    '',
    `Positives: every mapped place of the category in each real region, its features measured at the place with the category's own places left out. Controls: ${CONTROLS_PER_REGION.toLocaleString('en')} seeded points per region along its named streets, uniform by street length (those within ${OWN_SITE_METRES} m of a place of the category left out of its controls), weighted so that each region's controls weigh as much as its places for each category. Logistic regression with non-negative weights on standardised features (projected Adam, full batch, zero start); the pooled model over every category has a ridge of ${POOLED_STRENGTH} pseudo-place toward 0; each category's model a ridge of ${CATEGORY_STRENGTH} pseudo-places toward the pooled one (borrowed strength); a category with no place anywhere takes the pooled model.`,
    '',
    '## Places per region',
    '',
    ...placesTable(regions, samples),
    '',
    '## Data confidence reference',
    '',
    `A well-mapped trade area (75th percentile of the populated 1.5 km blocks of every region): ${coverage.addressesPerResident} address points and ${coverage.poisPerResident} mapped places per resident.`,
    '',
    '## Fitted weights (standardised features)',
    '',
    'Feature centres and scales (mean and standard deviation over the controls):',
    '',
    `| feature | ${DEMAND_FEATURES.join(' | ')} |`,
    `|---|${DEMAND_FEATURES.map(() => '---:|').join('')}`,
    `| centre | ${DEMAND_FEATURES.map((feature) => model.features[feature].centre.toFixed(3)).join(' | ')} |`,
    `| scale | ${DEMAND_FEATURES.map((feature) => model.features[feature].scale.toFixed(3)).join(' | ')} |`,
    '',
    ...weightsTable(model),
    '',
    '## In-sample AUC',
    '',
    'Demand AUC of the final model on the places it was fitted on (optimistic by construction; the held-out figures are in `docs/accuracy.md`):',
    '',
    ...inSampleTable(regions, samples, model),
    '',
  ];
  writeFileSync(here('./report.md'), report.join('\n'));
  log('wrote demand-model.json and report.md');
}

await main();
