import type { Encroachment } from '@locscore/schema';
import { describe, expect, it } from 'vitest';
import { breachesTerritory, encroachmentInsight } from './territory-insight.js';

const taim: Encroachment = { unitId: '00000000-0000-4000-8000-000000000001', name: 'Taïm', status: 'open', distanceMetres: 80, territoryType: 'radius' };
const joe: Encroachment = {
  unitId: '00000000-0000-4000-8000-000000000002',
  name: 'Joe',
  status: 'planned',
  distanceMetres: 1_250,
  territoryType: 'population',
};

describe('encroachmentInsight and breachesTerritory', () => {
  it('names the nearest unit whose territory holds the site, its status and distance, and counts the others', () => {
    expect(encroachmentInsight([taim])).toEqual({
      headline: 'Inside the protected territory of Taïm',
      detail: 'Taïm (open, 80 m away) protects this site with its radius territory: a unit here would encroach on it.',
    });
    expect(encroachmentInsight([joe, taim])?.detail).toBe(
      "Joe (planned, 1,250 m away) protects this site with its population territory: a unit here would encroach on it; 1 more of your units' territories hold it too.",
    );
  });

  it('says nothing, and lets the site pass, when no territory holds it', () => {
    expect(encroachmentInsight([])).toBeNull();
    expect(breachesTerritory({ encroaches: [], nearestUnit: null, overlap: [], cannibalisation: null })).toBe(false);
    expect(breachesTerritory({ encroaches: [joe], nearestUnit: null, overlap: [], cannibalisation: null })).toBe(true);
  });
});
