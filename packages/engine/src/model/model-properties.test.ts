import { CATEGORIES, type Category, roundScore } from '@locscore/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMAND_MODEL } from '../market/demand-model.js';
import type { RatingPrior } from '../places/rating-prior.js';
import type { BusStop, Station, StopRoute, TransitMode } from '../region/types.js';
import { competitionScore } from './competition.js';
import { type CompetitorPressureInput, competitorPressure, competitorScoreFromPressure } from './competitor-score.js';
import { OVERALL_WEIGHTS, overallScore } from './overall.js';
import { type TransitNearby, transitScoreFromSupply, transitSupply } from './transit-score.js';
import { walkDecay } from './walk-decay.js';

const MODES: TransitMode[] = ['subway', 'light_rail', 'rail', 'tram', 'monorail', 'funicular', 'brt'];
const category = fc.constantFrom<Category>(...CATEGORIES);
const distance = fc.double({ min: 0, max: 2_600, noNaN: true });
const busDistance = fc.double({ min: 0, max: 450, noNaN: true });
/** A route of a small shared pool, so that generated stops often share routes (the dedupe is exercised). */
const routeArb = (modes: TransitMode[]) =>
  fc.record({
    id: fc.integer({ min: 0, max: 5 }).map((n) => `g:r${n}`),
    mode: fc.constantFrom(...modes),
    weeklyDepartures: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
  });
const stationArb = fc.record({
  modes: fc.subarray(MODES),
  weeklyDepartures: fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: undefined }),
  routes: fc.option(fc.array(routeArb(MODES), { maxLength: 4 }), { nil: undefined }),
});
const busStopArb = fc.record({
  weeklyDepartures: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: undefined }),
  routes: fc.option(fc.array(routeArb(['bus']), { maxLength: 4 }), { nil: undefined }),
});
type StationSpec = {
  modes: TransitMode[];
  weeklyDepartures: number | undefined;
  routes: Array<{ id: string; mode: TransitMode; weeklyDepartures: number | undefined }> | undefined;
};
type BusStopSpec = { weeklyDepartures: number | undefined; routes: StationSpec['routes'] };
const toRoutes = (routes: StationSpec['routes']): StopRoute[] | undefined =>
  routes?.map((r) => ({ id: r.id, name: r.id, mode: r.mode, ...(r.weeklyDepartures === undefined ? {} : { weeklyDepartures: r.weeklyDepartures }) }));
const toStation = (spec: StationSpec, id: number): Station => {
  const routes = toRoutes(spec.routes);
  return {
    id: `s${id}`,
    name: `Station ${id}`,
    lat: 0,
    lng: 0,
    sources: ['test'],
    modes: spec.modes,
    ...(spec.weeklyDepartures === undefined ? {} : { weeklyDepartures: spec.weeklyDepartures }),
    ...(routes === undefined ? {} : { routes }),
  };
};
const toBusStop = (spec: BusStopSpec, id: number): BusStop => {
  const routes = toRoutes(spec.routes);
  return {
    id: `b${id}`,
    name: null,
    lat: 0,
    lng: 0,
    sources: ['test'],
    ...(spec.weeklyDepartures === undefined ? {} : { weeklyDepartures: spec.weeklyDepartures }),
    ...(routes === undefined ? {} : { routes }),
  };
};
const transitScore = (nearby: TransitNearby) => roundScore(transitScoreFromSupply(transitSupply(nearby)));
const isScore = (value: number) => value >= 0 && value <= 10 && roundScore(value) === value;
/** Stations and bus stops around a point, as TransitIndex.access gives them. */
const surroundings = fc.record({
  stations: fc.array(fc.tuple(stationArb, distance), { maxLength: 6 }),
  busStops: fc.array(fc.tuple(busStopArb, busDistance), { maxLength: 6 }),
});
const toNearby = (world: { stations: Array<[StationSpec, number]>; busStops: Array<[BusStopSpec, number]> }): TransitNearby => ({
  stations: world.stations.map(([spec, d], index) => ({ item: toStation(spec, index), distanceMetres: d })),
  busStops: world.busStops.map(([spec, d], index) => ({ item: toBusStop(spec, index), distanceMetres: d })),
});
/** The same spec with more departures: every given count raised by `extra`. */
const busier = <T extends { weeklyDepartures: number | undefined; routes: StationSpec['routes'] }>(spec: T, extra: number): T => ({
  ...spec,
  weeklyDepartures: spec.weeklyDepartures === undefined ? undefined : spec.weeklyDepartures + extra,
  routes: spec.routes?.map((r) => ({ ...r, weeklyDepartures: r.weeklyDepartures === undefined ? undefined : r.weeklyDepartures + extra })),
});

describe('model properties', () => {
  it('a nearer station never lowers the transit score', () => {
    fc.assert(
      fc.property(surroundings, stationArb, distance, distance, (world, moved, a, b) => {
        const base = toNearby(world);
        const station = toStation(moved, 99);
        const nearer = transitScore({ ...base, stations: [...base.stations, { item: station, distanceMetres: Math.min(a, b) }] });
        const farther = transitScore({ ...base, stations: [...base.stations, { item: station, distanceMetres: Math.max(a, b) }] });
        expect(nearer).toBeGreaterThanOrEqual(farther);
        expect(isScore(nearer)).toBe(true);
      }),
    );
  });

  it('a nearer bus stop, or one more, never lowers the transit score', () => {
    fc.assert(
      fc.property(surroundings, busStopArb, busDistance, busDistance, (world, moved, a, b) => {
        const base = toNearby(world);
        const stop = toBusStop(moved, 99);
        const nearer = transitScore({ ...base, busStops: [...base.busStops, { item: stop, distanceMetres: Math.min(a, b) }] });
        const farther = transitScore({ ...base, busStops: [...base.busStops, { item: stop, distanceMetres: Math.max(a, b) }] });
        expect(nearer).toBeGreaterThanOrEqual(farther);
        expect(farther).toBeGreaterThanOrEqual(transitScore(base));
      }),
    );
  });

  it('more departures at a station or stop never lower the transit score', () => {
    fc.assert(
      fc.property(surroundings, fc.nat(5), fc.integer({ min: 1, max: 5_000 }), (world, pick, extra) => {
        const before = transitScore(toNearby(world));
        const stations = world.stations.map(([spec, d], i): [StationSpec, number] => [i === pick ? busier(spec, extra) : spec, d]);
        const busStops = world.busStops.map(([spec, d], i): [BusStopSpec, number] => [i === pick ? busier(spec, extra) : spec, d]);
        expect(transitScore(toNearby({ stations, busStops }))).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  const competitorArb = fc.record({
    distanceMetres: fc.double({ min: 0, max: 3_000, noNaN: true }),
    rating: fc.option(fc.double({ min: 0, max: 5, noNaN: true }), { nil: null }),
    ratingCount: fc.option(fc.nat(5_000), { nil: null }),
  });
  // The region's prior for the category: μ anywhere in 0-5, m from none to many reviews.
  const priorArb = fc.record({
    mean: fc.double({ min: 0, max: 5, noNaN: true }),
    weight: fc.double({ min: 0, max: 50, noNaN: true }),
    source: fc.constantFrom('category' as const, 'region' as const, 'default' as const),
    rated: fc.nat(100),
  });
  const competitorScore = (competitors: CompetitorPressureInput[], radius: number, prior: RatingPrior) =>
    roundScore(competitorScoreFromPressure(competitorPressure(competitors, radius, prior)));

  it('one more competitor never raises the competitor score', () => {
    fc.assert(
      fc.property(
        fc.array(competitorArb, { maxLength: 30 }),
        competitorArb,
        fc.integer({ min: 300, max: 3_000 }),
        priorArb,
        (existing, extra, radius, prior) => {
          const before = competitorScore(existing, radius, prior);
          const after = competitorScore([...existing, extra], radius, prior);
          expect(after).toBeLessThanOrEqual(before);
          expect(isScore(after)).toBe(true);
        },
      ),
    );
  });

  it('a nearer or better-rated competitor never raises the competitor score', () => {
    fc.assert(
      fc.property(
        competitorArb,
        fc.double({ min: 0, max: 3_000, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        priorArb,
        (base, nearer, better, prior) => {
          const moved: CompetitorPressureInput = { ...base, distanceMetres: Math.min(base.distanceMetres, nearer) };
          const rated: CompetitorPressureInput = { ...base, rating: Math.max(base.rating ?? prior.mean, better) };
          const score = (c: CompetitorPressureInput) => competitorScoreFromPressure(competitorPressure([c], 1_000, prior));
          expect(score(moved)).toBeLessThanOrEqual(score(base));
          expect(score(rated)).toBeLessThanOrEqual(score({ ...base, rating: base.rating ?? prior.mean }));
        },
      ),
    );
  });

  it('more reviews of a rating above the region mean never raise the competitor score, below it never lower it', () => {
    fc.assert(
      fc.property(competitorArb, fc.nat(5_000), fc.nat(5_000), priorArb, (base, a, b, prior) => {
        const rating = base.rating ?? prior.mean;
        const score = (ratingCount: number) => competitorScoreFromPressure(competitorPressure([{ ...base, rating, ratingCount }], 1_000, prior));
        const [fewer, more] = [Math.min(a, b), Math.max(a, b)];
        if (rating >= prior.mean) expect(score(more)).toBeLessThanOrEqual(score(fewer) + 1e-12);
        else expect(score(more)).toBeGreaterThanOrEqual(score(fewer) - 1e-12);
      }),
    );
  });

  it('the overall score is the 0-10 one-decimal weighted mean of meta.weights, within its terms, and never falls as a sub-score rises', () => {
    const sub = fc.integer({ min: 0, max: 100 }).map((n) => n / 10);
    fc.assert(
      fc.property(category, sub, sub, sub, sub, (cat, transit, more, competitor, marketFit) => {
        const score = overallScore(cat, { transit, competitor, marketFit });
        const w = OVERALL_WEIGHTS[cat];
        expect(w.transit + w.competitor + w.marketFit).toBeCloseTo(1, 10);
        expect(score).toBe(roundScore(w.transit * transit + w.competitor * competitor + w.marketFit * marketFit));
        expect(isScore(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(Math.min(transit, competitor, marketFit) - 0.05);
        expect(score).toBeLessThanOrEqual(Math.max(transit, competitor, marketFit) + 0.05);
        expect(overallScore(cat, { transit: Math.max(transit, more), competitor, marketFit })).toBeGreaterThanOrEqual(score);
      }),
    );
  });

  // The competition sub-score as the model computes it: Huff supply against the catchment's demand and the global typical store.
  const competitionArb = fc.record({
    category,
    competitors: fc.array(competitorArb, { maxLength: 20 }),
    extra: competitorArb,
    radius: fc.integer({ min: 300, max: 3_000 }),
    prior: priorArb,
    logit: fc.double({ min: -8, max: 8, noNaN: true }),
  });
  const competition = (competitors: CompetitorPressureInput[], w: { category: Category; radius: number; prior: RatingPrior; logit: number }) =>
    roundScore(competitionScore(competitorPressure(competitors, w.radius, w.prior), w.logit, DEMAND_MODEL.categories[w.category]));

  it('another competitor never raises the competition sub-score, and an empty market is the top of its scale', () => {
    fc.assert(
      fc.property(competitionArb, (w) => {
        const before = competition(w.competitors, w);
        const after = competition([...w.competitors, w.extra], w);
        expect(after).toBeLessThanOrEqual(before);
        expect(isScore(after)).toBe(true);
        expect(competition([], w)).toBe(10);
      }),
    );
  });

  it('a nearer competitor never raises the competition sub-score', () => {
    fc.assert(
      fc.property(competitionArb, fc.double({ min: 0, max: 3_000, noNaN: true }), (w, nearer) => {
        const moved = { ...w.extra, distanceMetres: Math.min(w.extra.distanceMetres, nearer) };
        expect(competition([...w.competitors, moved], w)).toBeLessThanOrEqual(competition([...w.competitors, w.extra], w));
      }),
    );
  });

  it('more demand in the catchment never lowers the competition sub-score', () => {
    fc.assert(
      fc.property(competitionArb, fc.double({ min: -8, max: 8, noNaN: true }), (w, other) => {
        const [low, high] = [Math.min(w.logit, other), Math.max(w.logit, other)];
        expect(competition(w.competitors, { ...w, logit: high })).toBeGreaterThanOrEqual(competition(w.competitors, { ...w, logit: low }));
      }),
    );
  });

  it('walk decay is 1 within 400 m, 0 from 2.4 km and non-increasing between', () => {
    expect(walkDecay(0)).toBe(1);
    expect(walkDecay(400)).toBe(1);
    expect(walkDecay(2_400)).toBe(0);
    expect(walkDecay(1_609)).toBeGreaterThan(0.1);
    expect(walkDecay(1_609)).toBeLessThan(0.2);
    fc.assert(
      fc.property(distance, distance, (a, b) => {
        expect(walkDecay(Math.min(a, b))).toBeGreaterThanOrEqual(walkDecay(Math.max(a, b)));
      }),
    );
  });
});
