import { CATEGORY_LABELS, type Category, type ScoreResult, type ScoreTerritory } from '@locscore/schema';
import { formatMetres, formatPercent, formatScore, NONE } from '../format/format.js';

const SUB_SCORES = [
  ['transit', 'Transit'],
  ['competitor', 'Competition'],
  ['marketFit', 'Market fit'],
] as const;

/**
 * A scored site: overall score and verdict, the three sub-scores, the
 * insights, the nearest station, the account's own units around it
 * (`meta.territory`) and the nearest competitors.
 *
 * @param result - the score result
 * @param address - the address as asked
 * @param category - the category scored for
 */
export function ResultCard({ result, address, category }: { result: ScoreResult; address: string; category: Category }) {
  const meta = result.meta;
  return (
    <article class="result-card" aria-labelledby="result-address">
      <header class="result-head">
        <div>
          <h3 id="result-address">{address}</h3>
          <p class="muted">
            {CATEGORY_LABELS[category]}
            {meta?.matchedAddress !== undefined && meta.matchedAddress !== address && <> · matched {meta.matchedAddress}</>}
          </p>
        </div>
        <p class={`score-badge ${result.passed ? 'passed' : 'not-passed'}`}>
          <span class="score-value">{formatScore(result.score)}</span>
          <span class="score-scale"> / 10</span>
          <span class="score-story">{result.story}</span>
          <span class="score-passed">{result.passed ? 'Passed' : 'Not passed'}</span>
        </p>
      </header>
      <dl class="sub-scores">
        {SUB_SCORES.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              <meter min={0} max={10} value={result.breakdown[key]} aria-label={`${label} score`} /> {formatScore(result.breakdown[key])}
            </dd>
          </div>
        ))}
      </dl>
      <h4>Insights</h4>
      <ul class="insights">
        {result.insights.map((insight) => (
          <li key={insight.headline}>
            <strong>{insight.headline}.</strong> {insight.detail}
          </li>
        ))}
      </ul>
      <dl class="facts">
        <div>
          <dt>Nearest station</dt>
          <dd>{result.nearestStation === null ? 'None within 5 km' : `${result.nearestStation}, ${formatMetres(result.transitDistanceMetres)}`}</dd>
        </div>
        <div>
          <dt>Competitors in the trade area</dt>
          <dd>
            {result.competitorCount}
            {result.avgCompetitorRating !== null && <>, average rating {result.avgCompetitorRating.toFixed(1)}</>}
          </dd>
        </div>
        {meta?.confidence !== undefined && (
          <div>
            <dt>Data confidence</dt>
            <dd>{meta.confidence.level}</dd>
          </div>
        )}
        {meta?.percentile !== undefined && (
          <div>
            <dt>Rank in the region</dt>
            <dd>scores at or above {meta.percentile} % of its address points for this category</dd>
          </div>
        )}
        {meta?.territory !== undefined && <TerritoryFacts territory={meta.territory} />}
        {meta?.region !== undefined && (
          <div>
            <dt>Data</dt>
            <dd>
              {meta.region.name}
              {meta.region.sample && ' (sample data, not real)'}
            </dd>
          </div>
        )}
      </dl>
      {result.competitors.length > 0 && (
        <table class="competitors">
          <caption>Nearest competitors</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Distance</th>
              <th scope="col">Rating</th>
            </tr>
          </thead>
          <tbody>
            {result.competitors.map((competitor, index) => (
              <tr key={`${competitor.name}-${index}`}>
                <th scope="row">{competitor.name}</th>
                <td>{competitor.distanceMetres === undefined ? NONE : formatMetres(competitor.distanceMetres)}</td>
                <td>{competitor.rating === null ? NONE : competitor.rating.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}

/**
 * The own units of a score (`meta.territory`): the units whose protected
 * territory holds the site, the nearest unit, and the share of the demand the
 * site would capture from own units (or that the region cannot measure it).
 */
function TerritoryFacts({ territory }: { territory: ScoreTerritory }) {
  const cannibalisation = territory.cannibalisation;
  return (
    <>
      <div>
        <dt>Inside a unit’s protected territory</dt>
        <dd>
          {territory.encroaches.length === 0
            ? 'No'
            : territory.encroaches.map((unit) => `${unit.name} (${unit.status}, ${formatMetres(unit.distanceMetres)} away)`).join('; ')}
        </dd>
      </div>
      <div>
        <dt>Nearest own unit</dt>
        <dd>{territory.nearestUnit === null ? NONE : `${territory.nearestUnit.name}, ${formatMetres(territory.nearestUnit.distanceMetres)}`}</dd>
      </div>
      <div>
        <dt>Demand taken from own units</dt>
        <dd>{cannibalisation === null ? 'Not measured (no population layer)' : formatPercent(cannibalisation.shareFromOwnUnits)}</dd>
      </div>
    </>
  );
}
