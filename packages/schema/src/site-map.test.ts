import { describe, expect, it } from 'vitest';
import { MapQuery, SiteMap } from './site-map.js';

const issuesOf = (input: unknown) => (MapQuery.safeParse(input).error?.issues ?? []).map((issue) => ({ field: issue.path.join('.'), message: issue.message }));

describe('MapQuery', () => {
  it('reads the point, the radius and the category from query strings', () => {
    expect(MapQuery.parse({ lat: '47.1399', lng: '9.5215', radius: '800', category: 'coffee' })).toEqual({
      lat: 47.1399,
      lng: 9.5215,
      radius: 800,
      category: 'coffee',
    });
    expect(MapQuery.parse({ lat: '-33.9', lng: '-151' })).toEqual({ lat: -33.9, lng: -151 });
  });

  it('refuses a radius over 2,000 m or under 50 m, naming it', () => {
    expect(issuesOf({ lat: '47', lng: '9', radius: '2001' })).toEqual([{ field: 'radius', message: 'radius must be at most 2000' }]);
    expect(issuesOf({ lat: '47', lng: '9', radius: '10' })).toEqual([{ field: 'radius', message: 'radius must be at least 50' }]);
    expect(issuesOf({ lat: '47', lng: '9', radius: '1.5' })).toEqual([{ field: 'radius', message: 'radius must be a whole number' }]);
  });

  it('never reads an empty or malformed coordinate as 0', () => {
    expect(issuesOf({ lat: '', lng: '9' })[0]).toEqual({ field: 'lat', message: 'lat must be a decimal number, e.g. 47.1399' });
    expect(issuesOf({ lat: '47', lng: '0x10' })[0]?.field).toBe('lng');
    expect(issuesOf({ lng: '9' })).toEqual([{ field: 'lat', message: 'lat is required' }]);
    expect(issuesOf({ lat: '91', lng: '9' })).toEqual([{ field: 'lat', message: 'lat must be at most 90' }]);
  });

  it('refuses unknown parameters and categories', () => {
    expect(issuesOf({ lat: '47', lng: '9', zoom: '15' })).toEqual([{ field: '', message: 'unknown query parameter: zoom' }]);
    expect(issuesOf({ lat: '47', lng: '9', category: 'tacos' })[0]?.field).toBe('category');
  });
});

describe('SiteMap', () => {
  const map = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [
            [9.52, 47.14],
            [9.521, 47.141],
          ],
        },
        properties: { kind: 'road', name: 'Städtle', highway: 'pedestrian' },
      },
      { type: 'Feature', geometry: { type: 'Point', coordinates: [9.51, 47.16] }, properties: { kind: 'station', name: 'Schaan-Vaduz', modes: ['rail'] } },
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [9.5205, 47.1402] },
        properties: { kind: 'competitor', name: 'Café Risch', rating: null, brand: null, distanceMetres: 45 },
      },
    ],
    meta: {
      center: { lat: 47.14, lng: 9.52 },
      radiusMetres: 1000,
      category: 'coffee',
      tradeAreaRadiusMetres: 500,
      region: 'liechtenstein',
      sample: false,
      attribution: '© OpenStreetMap contributors',
    },
  };

  it('accepts roads, stations and competitors with [lng, lat] positions', () => {
    expect(SiteMap.parse(map).features).toHaveLength(3);
  });

  it('refuses a road of one point and a position given as [lat, lng] beyond range', () => {
    const onePoint = { ...map, features: [{ ...map.features[0], geometry: { type: 'LineString', coordinates: [[9.52, 47.14]] } }] };
    expect(SiteMap.safeParse(onePoint).success).toBe(false);
    const swapped = { ...map, features: [{ ...map.features[1], geometry: { type: 'Point', coordinates: [47.16, 195.1] } }] };
    expect(SiteMap.safeParse(swapped).success).toBe(false);
  });
});
