import { CATEGORIES } from '@locscore/schema';
import { describe, expect, it } from 'vitest';
import { CATEGORY_DEFINITIONS, categoriesOf } from './categories.js';

describe('CATEGORY_DEFINITIONS', () => {
  it('defines every category with a positive radius and documented tags', () => {
    expect(Object.keys(CATEGORY_DEFINITIONS).sort()).toEqual([...CATEGORIES].sort());
    for (const category of CATEGORIES) {
      const definition = CATEGORY_DEFINITIONS[category];
      expect(definition.radiusMetres, category).toBeGreaterThanOrEqual(400);
      expect(definition.radiusMetres, category).toBeLessThanOrEqual(3_000);
      expect(definition.osmTags.length, category).toBeGreaterThan(0);
      expect(definition.label.length, category).toBeGreaterThan(0);
    }
  });

  it.each([
    [{ amenity: 'cafe' }, ['coffee']],
    [{ amenity: 'cafe', cuisine: 'bubble_tea' }, ['bubble-tea-dessert']],
    [{ amenity: 'cafe', cuisine: 'coffee_shop;ice_cream' }, ['coffee', 'bubble-tea-dessert']],
    [{ amenity: 'fast_food', cuisine: 'Pizza; kebab' }, ['qsr-pizza']],
    [{ amenity: 'restaurant', cuisine: 'italian' }, []],
    [{ amenity: 'pharmacy' }, ['pharmacy-health']],
    [{ healthcare: 'pharmacy' }, ['pharmacy-health']],
    [{ amenity: 'doctors' }, []],
    [{ amenity: 'kindergarten' }, ['daycare-childcare']],
    [{ amenity: 'school' }, []],
    [{ amenity: 'music_school' }, ['children-education']],
    [{ shop: 'hairdresser' }, ['beauty-salon']],
    [{ shop: 'car_repair' }, ['automotive-services']],
    [{ amenity: 'car_wash' }, ['automotive-services']],
    [{ shop: 'dry_cleaning' }, ['dry-cleaning']],
    [{ amenity: 'post_office' }, ['printing-shipping']],
    [{ amenity: 'veterinary' }, ['pet-services']],
    [{ leisure: 'fitness_centre' }, ['gym-fitness']],
    [{ leisure: 'sports_centre', sport: 'soccer' }, []],
    [{ leisure: 'sports_centre', sport: 'swimming;fitness' }, ['gym-fitness']],
    [{ amenity: 'ice_cream' }, ['bubble-tea-dessert']],
  ])('maps %j to %j', (tags, expected) => {
    expect(categoriesOf(tags)).toEqual(expected);
  });
});

/** The cells of a category's row in docs/categories.md (split on unescaped `|`). */
async function docCells(category: string): Promise<string[]> {
  const { readFile } = await import('node:fs/promises');
  const doc = await readFile(new URL('../../../../docs/categories.md', import.meta.url), 'utf8');
  const row = doc.split('\n').find((line) => line.startsWith(`| \`${category}\` |`));
  return row?.split(/(?<!\\)\|/).map((cell) => cell.trim()) ?? [];
}

describe('docs/categories.md', () => {
  it('lists every category with the radius in code', async () => {
    for (const category of CATEGORIES) {
      const radius = CATEGORY_DEFINITIONS[category].radiusMetres.toLocaleString('en-US');
      expect((await docCells(category))[4], category).toBe(radius);
    }
  });

  it('lists every category with the OSM tags in code', async () => {
    for (const category of CATEGORIES) {
      const cell = (await docCells(category))[3] ?? '';
      const tags = cell.split('<br>').map((tag) => tag.replaceAll('`', '').replaceAll('\\|', '|'));
      expect(tags, category).toEqual(CATEGORY_DEFINITIONS[category].osmTags);
    }
  });
});
