import { describe, expect, it } from 'vitest';
import { normalizeStreet } from './normalize-street.js';

describe('normalizeStreet', () => {
  it.each([
    [['Boul. Matte', 'boulevard Matte', 'BLVD MATTE', 'Bd Matte', 'Matte Blvd', 'Boulevard Matte']],
    [['Landstrasse', 'Landstr.', 'Landstraße', 'LANDSTRASSE', 'Land-Strasse', 'Landstr']],
    [['Fürst-Franz-Josef-Strasse', 'Fuerst-Franz-Josef-Str.', 'Furst Franz Josef Straße']],
    [['5th Avenue', '5th Ave', 'Fifth Avenue', 'fifth ave.', '5 Av.']],
    [['Rue Sainte-Catherine Ouest', 'Rue Ste-Catherine O', 'rue sainte catherine ouest', 'Rue Ste-Catherine O.']],
    [['Boulevard Saint-Laurent', 'St Laurent Blvd', 'boul. St-Laurent', 'Saint-Laurent Boulevard']],
    [['Main Street', 'Main St', 'main st.', 'MAIN STREET']],
    [['West 11th Street', 'W 11th St', 'W. 11th St.', 'West Eleventh Street']],
    [['Chemin de la Côte-des-Neiges', 'Ch. Côte-des-Neiges', 'chemin cote des neiges']],
    [['1re Avenue', '1er Avenue', 'Première Avenue', '1st Ave']],
    [['Boulevard Gouin Est', 'boul. Gouin E', 'Gouin Blvd East']],
    [['Route 132', 'Rte 132']],
    [['Austrasse', 'Austr.', 'Au-Strasse']],
    [['Little West 12th Street', 'Little W 12th St', 'Little W. Twelfth Street', 'little west 12 st']],
    [['St. Gallerstrasse', 'Sankt Gallerstrasse', 'Saint Gallerstrasse', 'St-Gallerstrasse']],
    [['Sankt-Peter-Weg', 'St. Peter-Weg', 'St Peter Weg']],
    [['West Twenty-First Street', 'W 21st St', 'West 21 Street']],
    [['St Marks Place', 'Saint Marks Pl', 'Saint Marks Place']],
    [['West Street', 'West St', 'West St.']],
    [['North Avenue', 'North Ave']],
  ])('gives one key for %j', (spellings) => {
    const keys = new Set(spellings.map(normalizeStreet));
    expect([...keys]).toHaveLength(1);
  });

  it.each([
    ['Main Street', 'Main Avenue'],
    ['Boulevard Gouin Est', 'Boulevard Gouin Ouest'],
    ['St Laurent Blvd', 'Laurent Blvd'],
    ['5th Avenue', '6th Avenue'],
    ['Landstrasse', 'Landweg'],
    ['Little West 12th Street', 'Little East 12th Street'],
    ['West 21st Street', 'West 12th Street'],
  ])('keeps %s and %s apart', (a, b) => {
    expect(normalizeStreet(a)).not.toBe(normalizeStreet(b));
  });

  it('reads St as Street at the end and Saint before a name', () => {
    expect(normalizeStreet('Main St')).toBe('main street');
    expect(normalizeStreet('St Laurent Blvd')).toBe('saint laurent boulevard');
    expect(normalizeStreet('King St W')).toBe('king street west');
  });
});
