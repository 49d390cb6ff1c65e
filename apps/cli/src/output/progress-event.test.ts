import type { ImportProgress } from '@locscore/engine/import';
import { describe, expect, it } from 'vitest';
import { describeProgress, stepLog } from './progress-event.js';

describe('describeProgress', () => {
  it('is the step and the message, without a count after it', () => {
    expect(describeProgress({ phase: 'osm', source: 'liechtenstein.osm.pbf', processed: 0, message: 'reading liechtenstein.osm.pbf' })).toBe(
      'osm: reading liechtenstein.osm.pbf',
    );
  });
});

describe('stepLog', () => {
  it('names every step and keeps its summary, without the counters in between', () => {
    const lines: string[] = [];
    const log = stepLog((line) => lines.push(line));
    const events: ImportProgress[] = [
      { phase: 'osm', source: 'nyc.osm.pbf', processed: 0, message: 'reading nyc.osm.pbf' },
      { phase: 'osm', source: 'nyc.osm.pbf', processed: 200000, message: '200,000 OSM elements' },
      { phase: 'osm', source: 'nyc.osm.pbf', processed: 260000, message: '260,000 OSM elements: 9 addresses' },
      { phase: 'gtfs', source: 'mta-subway', processed: 0, message: 'reading GTFS mta-subway' },
      { phase: 'gtfs', source: 'mta-subway', message: 'mta-subway: 496 stations' },
      { phase: 'gtfs', source: 'mta-bus-manhattan', processed: 0, message: 'reading GTFS mta-bus-manhattan' },
      { phase: 'gtfs', source: 'mta-bus-manhattan', processed: 50000, message: '50,000 GTFS rows' },
      { phase: 'coverage', source: 'nyc.osm.pbf', message: 'box wider than 10°', warning: true },
      { phase: 'gtfs', source: 'mta-bus-manhattan', message: 'mta-bus-manhattan: 0 stations, 1,200 bus stops' },
      { phase: 'write', source: '/tmp/pack', message: 'writing /tmp/pack' },
    ];
    for (const event of events) log.push(event);
    log.end();
    expect(lines).toEqual([
      'osm: reading nyc.osm.pbf',
      'osm: 260,000 OSM elements: 9 addresses',
      'gtfs: reading GTFS mta-subway',
      'gtfs: mta-subway: 496 stations',
      'gtfs: reading GTFS mta-bus-manhattan',
      'coverage: box wider than 10°',
      'gtfs: mta-bus-manhattan: 0 stations, 1,200 bus stops',
      'write: writing /tmp/pack',
    ]);
  });
});
