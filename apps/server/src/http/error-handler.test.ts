import { AddressAmbiguousError, AddressNotFoundError, OutsideRegionsError, RegionPackError, TerritoryError, UnknownRegionError } from '@locscore/engine';
import { describe, expect, it } from 'vitest';
import { toApiError } from './error-handler.js';

describe('toApiError: the one table from engine errors to API errors', () => {
  it('answers each request-fault engine error 400 with its code and details, an invalid field as every invalid request reads', () => {
    const candidate = { region: 'Sample', precision: 'address_point' as const, lat: 47.1, lng: 9.5, matchedAddress: 'Hauptstrasse 1, 9490 Vaduz' };
    const cases = [
      {
        error: new AddressNotFoundError('Nowhere 1', 'no street "Nowhere"'),
        code: 'address_not_found',
        details: { field: 'address', reason: 'no street "Nowhere"', candidates: [] },
      },
      {
        error: new AddressAmbiguousError('Hauptstrasse 1', 'in 2 places', [candidate, candidate]),
        code: 'address_ambiguous',
        details: { field: 'address', reason: 'in 2 places', candidates: [candidate, candidate] },
      },
      {
        error: new OutsideRegionsError(10, 20),
        code: 'invalid_request',
        details: { fields: [{ field: 'lat', message: 'the point 10, 20 is outside every loaded region' }] },
      },
      {
        error: new UnknownRegionError('Atlantis', ['Sample']),
        code: 'invalid_request',
        details: { fields: [{ field: 'region', message: 'region "Atlantis" is not loaded (loaded: Sample)' }] },
      },
      {
        error: new TerritoryError('territory.residents', 'territory.residents: the region holds 10 residents'),
        code: 'invalid_request',
        details: { fields: [{ field: 'territory.residents', message: 'territory.residents: the region holds 10 residents' }] },
      },
    ];
    for (const { error, code, details } of cases) {
      const answer = toApiError(error);
      expect(answer.status, error.name).toBe(400);
      expect(answer.code, error.name).toBe(code);
      expect(answer.message, error.name).toBe(code === 'invalid_request' ? `invalid request: ${details.fields?.[0]?.field}` : error.message);
      expect(answer.details, error.name).toEqual(details);
    }
  });

  it('answers a region pack that cannot be read as the server fault it is (500), without its path', () => {
    const answer = toApiError(new RegionPackError('/srv/packs/ch', 'format 3; rebuild it'));
    expect(answer.status).toBe(500);
    expect(answer.code).toBe('scoring_failed');
    expect(answer.message).not.toContain('/srv/packs');
  });
});
