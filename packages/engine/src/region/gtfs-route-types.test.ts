import { describe, expect, it } from 'vitest';
import { isRapidMode, routeTypeMode } from './gtfs-route-types.js';

describe('routeTypeMode', () => {
  it('maps basic and extended GTFS route types', () => {
    expect(routeTypeMode(1)).toBe('subway');
    expect(routeTypeMode(2)).toBe('rail');
    expect(routeTypeMode(3)).toBe('bus');
    expect(routeTypeMode(0)).toBe('tram');
    expect(routeTypeMode(109)).toBe('rail');
    expect(routeTypeMode(401)).toBe('subway');
    expect(routeTypeMode(405)).toBe('monorail');
    expect(routeTypeMode(700)).toBe('bus');
    expect(routeTypeMode(900)).toBe('tram');
    expect(routeTypeMode(1000)).toBe('ferry');
    expect(routeTypeMode(99)).toBeNull();
    expect(routeTypeMode(Number.NaN)).toBeNull();
  });

  it('counts every mode but bus as rapid', () => {
    expect(isRapidMode('subway')).toBe(true);
    expect(isRapidMode('bus')).toBe(false);
  });
});
