import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayStartWithUnit, parseAddress } from './parse-address.js';

describe('parseAddress', () => {
  it.each([
    ['350 5th Avenue, New York, NY 10118', { housenumber: '350', street: '5th Avenue', city: 'New York', region: 'NY', postcode: '10118', country: 'US' }],
    ['55 Perry Street, New York, NY 10014', { housenumber: '55', street: 'Perry Street', city: 'New York', region: 'NY', postcode: '10014', country: 'US' }],
    [
      '3777 Boul. Matte, Brossard, QC J4Y 2P4',
      { housenumber: '3777', street: 'Boul. Matte', city: 'Brossard', region: 'QC', postcode: 'J4Y 2P4', country: 'CA' },
    ],
    [
      '1239 boulevard Gouin Est, Montréal, QC H2C 1B3',
      { housenumber: '1239', street: 'boulevard Gouin Est', city: 'Montréal', region: 'QC', postcode: 'H2C 1B3', country: 'CA' },
    ],
    ['Städtle 38, 9490 Vaduz', { housenumber: '38', street: 'Städtle', city: 'Vaduz', postcode: '9490' }],
    ['Landstrasse 12, FL-9495 Triesen', { housenumber: '12', street: 'Landstrasse', city: 'Triesen', postcode: '9495', country: 'LI' }],
    ['Apt 4, 12 Main St, Springfield', { unit: '4', housenumber: '12', street: 'Main St', city: 'Springfield' }],
    ['12-345 Rue Sainte-Catherine O', { unit: '12', housenumber: '345', street: 'Rue Sainte-Catherine O' }],
    ['#200 - 100 King St W', { unit: '200', housenumber: '100', street: 'King St W' }],
    ['3755-3791 Boul. Matte, Brossard', { housenumber: '3755-3791', street: 'Boul. Matte', city: 'Brossard' }],
    ['12a Main St', { housenumber: '12a', street: 'Main St' }],
    ['Landstr. 12a, 9495 Triesen, Liechtenstein', { housenumber: '12a', street: 'Landstr.', city: 'Triesen', postcode: '9495', country: 'LI' }],
    ['12 Main St Apt 4', { unit: '4', housenumber: '12', street: 'Main St' }],
    [
      '12 Main St, Suite 300, Springfield, IL 62701',
      { unit: '300', housenumber: '12', street: 'Main St', city: 'Springfield', region: 'IL', postcode: '62701', country: 'US' },
    ],
    [
      '1239 boul. Gouin Est, bureau 200, Montréal (Québec) H2C 1B3',
      { unit: '200', housenumber: '1239', street: 'boul. Gouin Est', city: 'Montréal', region: 'QC', postcode: 'H2C 1B3', country: 'CA' },
    ],
    ['3777 boul. Matte, app. 5, Brossard', { unit: '5', housenumber: '3777', street: 'boul. Matte', city: 'Brossard' }],
    ['100 rue Principale, local 3, Granby', { unit: '3', housenumber: '100', street: 'rue Principale', city: 'Granby' }],
    ['12, rue de la Paix, 75002 Paris, France', { housenumber: '12', street: 'rue de la Paix', city: 'Paris', postcode: '75002', country: 'FR' }],
    ['Bahnhofstrasse 1, CH-8001 Zürich', { housenumber: '1', street: 'Bahnhofstrasse', city: 'Zürich', postcode: '8001', country: 'CH' }],
    ['350 5th Avenue New York NY 10118', { housenumber: '350', street: '5th Avenue', city: 'New York', region: 'NY', postcode: '10118', country: 'US' }],
    ['Städtle 38 9490 Vaduz', { housenumber: '38', street: 'Städtle', city: 'Vaduz', postcode: '9490' }],
    ['Bahnhofstrasse 12, 9470 Buchs SG', { housenumber: '12', street: 'Bahnhofstrasse', city: 'Buchs', region: 'SG', postcode: '9470', country: 'CH' }],
    ['Bahnhofstrasse 12, 9470 Buchs (SG)', { housenumber: '12', street: 'Bahnhofstrasse', city: 'Buchs', region: 'SG', postcode: '9470', country: 'CH' }],
    ['Hauptstrasse 1, 9100 Herisau AR', { housenumber: '1', street: 'Hauptstrasse', city: 'Herisau', region: 'AR', postcode: '9100', country: 'CH' }],
    ['12 Main St, Little Rock, AR 72201', { housenumber: '12', street: 'Main St', city: 'Little Rock', region: 'AR', postcode: '72201', country: 'US' }],
    ['230 REAR-A West 10th Street, New York', { housenumber: '230 REAR-A', street: 'West 10th Street', city: 'New York' }],
    ['5 Little W 12th St, New York NY', { housenumber: '5', street: 'Little W 12th St', city: 'New York', region: 'NY', country: 'US' }],
    ['Route 132', { street: 'Route 132' }],
    ['131 1/2 Charles Street, New York', { housenumber: '131 1/2', street: 'Charles Street', city: 'New York' }],
    ['Steckergass 4a, Schaan', { housenumber: '4a', street: 'Steckergass', city: 'Schaan' }],
    ['Neugrüt 11, Balzers (FL)', { housenumber: '11', street: 'Neugrüt', city: 'Balzers', country: 'LI' }],
    ['Appleton Road 5', { housenumber: '5', street: 'Appleton Road' }],
    ['12 Main St, Ste 4', { housenumber: '12', street: 'Main St', unit: '4' }],
    ['5th Avenue', { street: '5th Avenue' }],
  ])('%s', (text, expected) => {
    expect(parseAddress(text)).toEqual(expected);
  });

  it('returns no parts for blank text', () => {
    expect(parseAddress('   ')).toEqual({});
  });

  it('names the field when given a non-string or an over-long text', () => {
    expect(() => parseAddress(42 as unknown as string)).toThrow(/address/);
    expect(() => parseAddress('1 Main St '.repeat(200))).toThrow(/address: longer than 1000/);
  });

  it('never throws on any text of API length and returns only trimmed, non-empty strings', () => {
    const piece = fc.constantFrom(
      '12',
      '12a',
      '3755-3791',
      '#200',
      'Apt 4',
      'Boul.',
      'Rue',
      'Städtle',
      'St',
      'O',
      'QC',
      'J4Y 2P4',
      'FL-9495',
      ',',
      ' - ',
      '(Québec)',
      '1/2',
    );
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.array(piece, { maxLength: 20 }).map((parts) => parts.join(' ')),
    );
    fc.assert(
      fc.property(text, (input) => {
        const parsed = parseAddress(input);
        const strings = Object.values(parsed).flatMap((value) => (Array.isArray(value) ? value : [value]));
        return strings.every((value) => typeof value === 'string' && value !== '' && value === value.trim());
      }),
    );
  });
});

describe('mayStartWithUnit', () => {
  const unitStart = /^(?:#|apt|apartment|unit|suite|ste|app|appt|appartement|bureau|local|porte|wohnung|whg)/iu;
  it('is false only for text no unit pattern can start', () => {
    const words = fc.constantFrom('#', 'apt', 'APT', 'Unit', 'ſuite', 'ſte', 'Bureau', 'local', 'PORTE', 'Wohnung', 'whg', 'Städtle', '350', 'Landstrasse');
    fc.assert(
      fc.property(fc.string(), (text) => mayStartWithUnit(text) || !unitStart.test(text)),
      { numRuns: 3_000 },
    );
    fc.assert(fc.property(words, fc.string(), (word, rest) => mayStartWithUnit(word + rest) || !unitStart.test(word + rest)));
    expect(mayStartWithUnit('Städtle 38')).toBe(true);
    expect(mayStartWithUnit('Landstrasse 12')).toBe(true);
    expect(mayStartWithUnit('350 5th Avenue')).toBe(false);
    expect(mayStartWithUnit('Zollstrasse 16')).toBe(false);
  });
});
