import { CATEGORY_LABELS, type Category, describeFailingFact, readVerdict, type ScoreResult, type ScoreTerritory } from '@locscore/schema';
import { formatEncroachments, formatMetres, formatPercent, formatScore, NONE } from '../format/format.js';
import { Fact } from './fact.js';
import { TableHead } from './table-head.js';

const SUB_SCORES = [
  ['transit', 'Transit'],
  ['competitor', 'Competition'],
  ['marketFit', 'Market fit'],
] as const;

/**
 * A scored site: overall score and verdict read from the result itself
 * (`readVerdict`: Pass, or Fail and each failing fact on one line), the
 * story, the three sub-scores, the
 * insights, the nearest station, the account's own units around it
 * (`meta.territory`) and the nearest competitors.
 *
 * @param result - the score result
 * @param address - the address as asked
 * @param category - the category scored for
 */
export function ResultCard({ result, address, category }: { result: ScoreResult; address: string; category: Category }) {
  const meta = result.meta;
  const verdict = readVerdict(result);
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
          <span class="score-passed">{verdict.passed ? 'Pass' : 'Fail'}</span>
        </p>
      </header>
      {!verdict.passed && (
        <p class="verdict-why">
          <strong>Fails on:</strong> {verdict.failing.map((fact) => describeFailingFact(fact)).join('; ')}
        </p>
      )}
      <dl class="sub-scores">
        {SUB_SCORES.map(([key, label]) => (
          <Fact key={key} term={label}>
            <meter min={0} max={10} value={result.breakdown[key]} aria-label={`${label} score`} /> {formatScore(result.breakdown[key])}
          </Fact>
        ))}
      </dl>
      <h4 class="insights-title">Insights</h4>
      <ul class="insights">
        {result.insights.map((insight) => (
          <li key={insight.headline}>
            <strong>{insight.headline}.</strong> {insight.detail}
          </li>
        ))}
      </ul>
      <dl class="facts">
        <Fact term="Nearest station">
          {result.nearestStation === null ? 'None within 5 km' : `${result.nearestStation}, ${formatMetres(result.transitDistanceMetres)}`}
        </Fact>
        <Fact term="Competitors in the trade area">
          {result.competitorCount}
          {result.avgCompetitorRating !== null && <>, average rating {result.avgCompetitorRating.toFixed(1)}</>}
        </Fact>
        {meta?.confidence !== undefined && <Fact term="Data confidence">{meta.confidence.level}</Fact>}
        {verdict.geocodePrecision !== null && <Fact term="Geocode precision">{verdict.geocodePrecision.replace('_', ' ')}</Fact>}
        {meta?.percentile !== undefined && (
          <Fact term="Rank in the region">scores at or above {meta.percentile} % of its address points for this category</Fact>
        )}
        {meta?.territory !== undefined && <TerritoryFacts territory={meta.territory} />}
        {meta?.region !== undefined && (
          <Fact term="Data">
            {meta.region.name}
            {meta.region.sample && ' (sample data, not real)'}
          </Fact>
        )}
      </dl>
      {result.competitors.length > 0 && (
        <table class="competitors">
          <caption>Nearest competitors</caption>
          <TableHead columns={['Name', 'Distance', 'Rating']} />
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
      <Fact term="Inside a unit’s protected territory">{formatEncroachments(territory.encroaches, 'No')}</Fact>
      <Fact term="Nearest own unit">
        {territory.nearestUnit === null ? NONE : `${territory.nearestUnit.name}, ${formatMetres(territory.nearestUnit.distanceMetres)}`}
      </Fact>
      <Fact term="Demand taken from own units">
        {cannibalisation === null ? 'Not measured (no population layer)' : formatPercent(cannibalisation.shareFromOwnUnits)}
      </Fact>
    </>
  );
}
