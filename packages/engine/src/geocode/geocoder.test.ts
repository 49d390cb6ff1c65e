import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineMetres } from '../region/geometry.js';
import type { AddressPoint, InterpolationLine, RegionData, Street } from '../region/types.js';
import { createGeocoder } from './geocoder.js';

let nextId = 1;
function address(street: string, housenumber: string, lat: number, lng: number, extra: Partial<AddressPoint> = {}): AddressPoint {
  nextId += 1;
  return { street, housenumber, lat, lng, osmId: `n${nextId}`, ...extra };
}

const vaduz = { city: 'Vaduz', postcode: '9490', country: 'LI' };
const triesen = { city: 'Triesen', postcode: '9495', country: 'LI' };
const brossard = { city: 'Brossard', postcode: 'J4Y 2P4', state: 'QC' };
const newYork = { city: 'New York', state: 'NY' };

/** Städtle, Vaduz: numbers 30-50 on a north-south line, odd on the east side; 36, 44 and 45 unmapped. */
const staedtle = [...Array.from({ length: 21 }, (_, i) => 30 + i)]
  .filter((n) => n !== 36 && n !== 44 && n !== 45)
  .map((n) => address('Städtle', String(n), 47.138 + n * 0.00002, n % 2 === 1 ? 9.5216 : 9.5214, vaduz));

/** Perry Street, West Village: numbers along an east-west line. */
const perry = [50, 51, 52, 53, 54, 55, 57, 61].map((n) =>
  address('Perry Street', String(n), n % 2 === 1 ? 40.7357 : 40.7355, -74.003 - n * 0.00001, { ...newYork, postcode: '10014' }),
);

const addresses: AddressPoint[] = [
  ...staedtle,
  address('Landstrasse', '12', 47.13, 9.52, vaduz),
  address('Landstrasse', '20', 47.1306, 9.5202, vaduz),
  address('Landstrasse', '10', 47.1, 9.525, triesen),
  address('Landstrasse', '12', 47.1002, 9.525, triesen),
  address('Landstrasse', '14', 47.1004, 9.525, triesen),
  address('Fürst-Franz-Josef-Strasse', '5', 47.1405, 9.5205, vaduz),
  address('Höfleweg', '1', 47.065, 9.5, { city: 'Balzers', postcode: '9496' }),
  address('Boulevard Matte', '3777', 45.4318, -73.4672, brossard),
  address('Boulevard Matte', '3555', 45.433, -73.47, brossard),
  address('Boulevard Matte', '3755-3791', 45.432, -73.4675, brossard),
  address('Boulevard Gouin Est', '1239', 45.561964, -73.667297, { city: 'Montréal', postcode: 'H2C 1B3', state: 'QC' }),
  address('Boulevard Gouin Ouest', '1239', 45.52, -73.72, { city: 'Montréal', postcode: 'H4J 1A1', state: 'QC' }),
  address('Rue Sainte-Catherine Ouest', '345', 45.5035, -73.568, { city: 'Montréal', postcode: 'H3B 1A1', state: 'QC' }),
  address('Boulevard Saint-Laurent', '100', 45.5075, -73.5565, { city: 'Montréal', postcode: 'H2Y 1Y5', state: 'QC' }),
  address('5th Avenue', '350', 40.7484, -73.9857, { ...newYork, postcode: '10118' }),
  ...perry,
  address('Main Street', '12', 39.8017, -89.6436, { city: 'Springfield', state: 'IL', postcode: '62701', unit: '4' }),
];

const streets: Street[] = [
  {
    name: 'Städtle',
    city: 'Vaduz',
    lines: [
      [
        { lat: 47.138, lng: 9.5215 },
        { lat: 47.14, lng: 9.5215 },
      ],
    ],
  },
  {
    name: 'Bank Street',
    city: 'New York',
    lines: [
      [
        { lat: 40.7362, lng: -74.0 },
        { lat: 40.7366, lng: -74.006 },
      ],
      [
        { lat: 40.7366, lng: -74.006 },
        { lat: 40.7367, lng: -74.0062 },
      ],
    ],
  },
  {
    name: 'Perry Street',
    lines: [
      [
        { lat: 40.7356, lng: -74.0 },
        { lat: 40.7356, lng: -74.008 },
      ],
    ],
  },
];

const interpolations: InterpolationLine[] = [
  {
    street: 'West 11th Street',
    city: 'New York',
    interpolation: 'even',
    points: [
      { lat: 40.736, lng: -74.005 },
      { lat: 40.7362, lng: -74.006 },
      { lat: 40.7365, lng: -74.007 },
    ],
    numbers: [250, null, 270],
  },
];

const region: Pick<RegionData, 'addresses' | 'streets' | 'interpolations'> = { addresses, streets, interpolations };
const full = createGeocoder(region);
/** The match, or null when the outcome is not `matched`. */
const geocoder = {
  geocode: (text: string) => {
    const outcome = full.geocode(text);
    return outcome.status === 'matched' ? outcome.match : null;
  },
};

const byKey = (street: string, number: string, city: string): AddressPoint => {
  const found = addresses.find((a) => a.street === street && a.housenumber === number && a.city === city);
  if (found === undefined) throw new Error(`fixture lacks ${number} ${street}, ${city}`);
  return found;
};

describe('createGeocoder: exact address points under many spellings', () => {
  const cases: Array<[AddressPoint, string[]]> = [
    [
      byKey('Städtle', '38', 'Vaduz'),
      ['Städtle 38, 9490 Vaduz', 'Stadtle 38, Vaduz', 'STAEDTLE 38', 'städtle 38 9490 vaduz', 'Städtle 38, FL-9490 Vaduz, Liechtenstein', '38 Städtle, Vaduz'],
    ],
    [
      byKey('Landstrasse', '12', 'Triesen'),
      ['Landstrasse 12, FL-9495 Triesen', 'Landstr. 12, 9495 Triesen', 'Landstraße 12, Triesen', 'LANDSTRASSE 12, TRIESEN', 'Land-Strasse 12, 9495'],
    ],
    [
      byKey('Fürst-Franz-Josef-Strasse', '5', 'Vaduz'),
      ['Fürst-Franz-Josef-Strasse 5, Vaduz', 'Fuerst-Franz-Josef-Str. 5', 'Furst Franz Josef Strasse 5, 9490 Vaduz'],
    ],
    [
      byKey('Boulevard Matte', '3777', 'Brossard'),
      [
        '3777 Boul. Matte, Brossard, QC J4Y 2P4',
        '3777 boulevard Matte, Brossard',
        '3777 Blvd Matte',
        '3777 Matte Blvd, Brossard, QC',
        '3777 BD MATTE BROSSARD QC J4Y2P4',
        '3777 boul. Matte, app. 5, Brossard (Québec) J4Y 2P4',
      ],
    ],
    [
      byKey('Boulevard Gouin Est', '1239', 'Montréal'),
      ['1239 boulevard Gouin Est, Montréal, QC H2C 1B3', '1239 Boul. Gouin E, Montreal', '1239 GOUIN BLVD EAST, MONTREAL'],
    ],
    [byKey('Boulevard Gouin Ouest', '1239', 'Montréal'), ['1239 boulevard Gouin Ouest, Montréal', '1239 Boul Gouin O, Montreal, QC', '1239 Gouin Blvd W']],
    [
      byKey('Rue Sainte-Catherine Ouest', '345', 'Montréal'),
      [
        '12-345 Rue Sainte-Catherine O',
        '345 rue Ste-Catherine Ouest, Montréal',
        '345 Sainte-Catherine Street West, Montreal',
        '#200 - 345 Rue Ste-Catherine O.',
      ],
    ],
    [
      byKey('Boulevard Saint-Laurent', '100', 'Montréal'),
      ['100 St Laurent Blvd, Montreal', '100 boul. St-Laurent', '100 Boulevard Saint-Laurent, Montréal, QC'],
    ],
    [
      byKey('5th Avenue', '350', 'New York'),
      ['350 5th Avenue, New York, NY 10118', '350 Fifth Ave, New York', '350 5th Av., NY 10118', '350 5th Avenue New York NY 10118'],
    ],
    [byKey('Perry Street', '55', 'New York'), ['55 Perry Street, New York, NY 10014', '55 Perry St', '55 PERRY ST., NEW YORK']],
    [
      byKey('Main Street', '12', 'Springfield'),
      ['Apt 4, 12 Main St, Springfield', '12 Main St, Suite 300, Springfield, IL 62701', '12 Main St Springfield', '12 Main Street Apt 4'],
    ],
    [byKey('Boulevard Matte', '3755-3791', 'Brossard'), ['3755-3791 Boul. Matte, Brossard', '3791 boulevard Matte, Brossard']],
  ];
  for (const [expected, spellings] of cases) {
    it.each(spellings)(`%s → ${expected.housenumber} ${expected.street}, ${expected.city ?? ''}`, (text) => {
      const match = geocoder.geocode(text);
      expect(match).not.toBeNull();
      expect(match?.precision).toBe('address_point');
      expect(match?.lat).toBe(expected.lat);
      expect(match?.lng).toBe(expected.lng);
      expect(match?.confidence).toBeGreaterThan(0.5);
      expect(match?.confidence).toBeLessThanOrEqual(1);
    });
  }

  it('never reads a street with its type or direction left out as that street: a near miss, suggested', () => {
    for (const text of ['1239 Gouin, Montréal', '1239 Gouin, H2C 1B3', '1239 Boulevard Gouin, Montréal', '3777 Matte, Brossard']) {
      const outcome = full.geocode(text);
      expect(outcome.status, text).toBe('not_found');
      expect(outcome.status === 'not_found' ? outcome.candidates.length : 0, text).toBeGreaterThan(0);
    }
    expect(geocoder.geocode('1239 boulevard Gouin Est, Montréal')?.confidence).toBe(1);
  });

  it('writes a clean display string from the data', () => {
    expect(geocoder.geocode('stadtle 38 vaduz')?.matchedAddress).toBe('Städtle 38, 9490 Vaduz');
    expect(geocoder.geocode('350 Fifth Ave, New York')?.matchedAddress).toBe('350 5th Avenue, New York, NY 10118');
    expect(geocoder.geocode('3777 boul matte brossard qc j4y 2p4')?.matchedAddress).toBe('3777 Boulevard Matte, Brossard, QC J4Y 2P4');
  });

  it('gives full confidence to an exact address in the named town, less without a town', () => {
    expect(geocoder.geocode('Städtle 38, 9490 Vaduz')?.confidence).toBe(1);
    expect(geocoder.geocode('Städtle 38')?.confidence).toBeLessThan(1);
  });
});

describe('createGeocoder: towns', () => {
  const vaduz12 = byKey('Landstrasse', '12', 'Vaduz');
  const triesen12 = byKey('Landstrasse', '12', 'Triesen');

  it('takes the street of the named town when several towns have it', () => {
    expect(geocoder.geocode('Landstrasse 12, 9490 Vaduz')).toMatchObject({ lat: vaduz12.lat, lng: vaduz12.lng, precision: 'address_point' });
    expect(geocoder.geocode('Landstrasse 12, Triesen')).toMatchObject({ lat: triesen12.lat, lng: triesen12.lng, precision: 'address_point' });
    expect(geocoder.geocode('Landstrasse 12, 9495')).toMatchObject({ lat: triesen12.lat, lng: triesen12.lng });
  });

  it('never prefers another town’s exact number over the named town’s street', () => {
    const match = geocoder.geocode('Landstrasse 14, 9490 Vaduz');
    expect(match?.precision).toBe('interpolated');
    expect(haversineMetres(match ?? { lat: 0, lng: 0 }, vaduz12)).toBeLessThan(200);
    expect(match?.matchedAddress).toBe('Landstrasse 14, 9490 Vaduz');
  });

  it('answers null when the street exists only in another known town', () => {
    expect(geocoder.geocode('Landstrasse 12, 9496 Balzers')).toBeNull();
    expect(geocoder.geocode('Städtle 38, Triesen')).toBeNull();
  });

  it('answers not found for a town the region does not know, suggesting the street where it is', () => {
    const outcome = full.geocode('Städtle 38, Oberland');
    expect(outcome).toMatchObject({ status: 'not_found', reason: 'no municipality "Oberland"', unheld: [{ component: 'municipality', value: 'Oberland' }] });
    expect(outcome.status === 'not_found' ? outcome.candidates.map((c) => c.matchedAddress) : []).toEqual(['Städtle 38, 9490 Vaduz']);
  });
});

describe('createGeocoder: other OSM names of a street', () => {
  const sixth = [1_000, 1_002].map((n) => address('6th Avenue', String(n), 40.75 + n * 0.00001, -73.99, { city: 'New York', postcode: '10036', state: 'NY' }));
  const ways: Street[] = [
    {
      name: '6th Avenue',
      altNames: ['Avenue of the Americas'],
      city: 'New York',
      lines: [
        [
          { lat: 40.76, lng: -73.99 },
          { lat: 40.77, lng: -73.99 },
        ],
      ],
    },
    {
      name: 'Kirchstrasse',
      altNames: ['Alte Landstrasse', 'Rue de l’Église'],
      city: 'Vaduz',
      lines: [
        [
          { lat: 47.14, lng: 9.52 },
          { lat: 47.141, lng: 9.521 },
        ],
      ],
    },
  ];
  const named = createGeocoder({ addresses: [...sixth, address('Kirchstrasse', '4', 47.1405, 9.5205, vaduz)], streets: ways, interpolations: [] });
  const find = (text: string) => {
    const outcome = named.geocode(text);
    return outcome.status === 'matched' ? outcome.match : null;
  };

  it('finds a street by its alt_name, old_name or name:* and writes the main name', () => {
    expect(find('1000 Avenue of the Americas, New York, NY')).toMatchObject({
      precision: 'address_point',
      matchedAddress: '1000 6th Avenue, New York, NY 10036',
    });
    expect(find('1002 Ave of the Americas')?.matchedAddress).toBe('1002 6th Avenue, New York, NY 10036');
    expect(find('Alte Landstrasse 4, Vaduz')).toMatchObject({ precision: 'address_point', matchedAddress: 'Kirchstrasse 4, 9490 Vaduz' });
    expect(find('4 rue de l’Église, Vaduz')?.matchedAddress).toBe('Kirchstrasse 4, 9490 Vaduz');
  });
});

describe('createGeocoder: interpolation', () => {
  it('interpolates between the nearest lower and higher numbers of the same parity', () => {
    const lower = byKey('Städtle', '34', 'Vaduz');
    const higher = byKey('Städtle', '38', 'Vaduz');
    const match = geocoder.geocode('Städtle 36, 9490 Vaduz');
    expect(match?.precision).toBe('interpolated');
    expect(match?.lat).toBeCloseTo((lower.lat + higher.lat) / 2, 9);
    expect(match?.lng).toBeCloseTo(9.5214, 9); // the even side
    expect(match?.matchedAddress).toBe('Städtle 36, 9490 Vaduz');
    expect(match?.confidence).toBeLessThan(1);
  });

  it('places an odd number on the odd side', () => {
    const match = geocoder.geocode('Städtle 45, Vaduz');
    expect(match?.precision).toBe('interpolated');
    expect(match?.lng).toBeCloseTo(9.5216, 9);
  });

  it('never answers a number with a letter the street does not map (38b is another building than 38)', () => {
    expect(full.geocode('Städtle 38b, Vaduz').status).toBe('not_found');
  });

  it('interpolates along an addr:interpolation way', () => {
    const match = geocoder.geocode('260 West 11th Street, New York, NY');
    expect(match?.precision).toBe('interpolated');
    expect(match?.lat).toBeGreaterThan(40.736);
    expect(match?.lat).toBeLessThan(40.7365);
    expect(geocoder.geocode('261 W 11th St')?.precision).not.toBe('interpolated'); // odd number on an even way
  });

  it('does not interpolate across a gap wider than the cap', () => {
    expect(geocoder.geocode('Perry Street 59')?.precision).toBe('interpolated');
    expect(full.geocode('101 Perry Street, New York').status).toBe('not_found');
  });
});

describe('createGeocoder: street fallback and not found', () => {
  it('answers a number past the mapped range as not found, with the nearest mapped numbers', () => {
    const outcome = full.geocode('Städtle 400, 9490 Vaduz');
    expect(outcome.status).toBe('not_found');
    if (outcome.status !== 'not_found') return;
    expect(outcome.reason).toMatch(/no number 400 on Städtle \(mapped numbers run 30–50\)/);
    expect(outcome.candidates.map((c) => c.matchedAddress)).toEqual(['Städtle 50, 9490 Vaduz', 'Städtle 49, 9490 Vaduz', 'Städtle 48, 9490 Vaduz']);
  });

  it('answers a street without a number at the point nearest its addresses’ centroid', () => {
    const match = geocoder.geocode('Städtle, 9490 Vaduz');
    expect(match?.precision).toBe('street');
    expect(match?.lng).toBe(9.5215); // on the street line
    expect(match?.matchedAddress).toBe('Städtle, 9490 Vaduz');
    expect(match?.confidence).toBeLessThanOrEqual(0.5);
  });

  it('uses the midpoint of the longest line of a street without addresses, but never for a number', () => {
    const match = geocoder.geocode('Bank St, New York');
    expect(match?.precision).toBe('street');
    expect(match?.lat).toBeCloseTo(40.7364, 4);
    expect(match?.lng).toBeCloseTo(-74.003, 4);
    const numbered = full.geocode('10 Bank St, New York');
    expect(numbered.status === 'not_found' ? numbered.reason : '').toMatch(/no numbers are mapped on it/);
  });

  it('does not match a street written with a type its data lacks', () => {
    expect(geocoder.geocode('38 Städtle Allee')).toBeNull();
  });

  it('keeps streets of different types apart, except English/French pairs', () => {
    expect(geocoder.geocode('350 5th Street, New York')).toBeNull();
    expect(geocoder.geocode('Perry Avenue 55')).toBeNull();
    expect(geocoder.geocode('345 Sainte-Catherine Street West')?.precision).toBe('address_point');
  });

  it('drops a street whose state contradicts the query', () => {
    expect(geocoder.geocode('350 5th Avenue, New York, NJ')).toBeNull();
    expect(geocoder.geocode('350 5th Avenue, New York, NY')?.precision).toBe('address_point');
  });

  it('locates a street written without a number', () => {
    expect(geocoder.geocode('Boulevard Matte, Brossard')?.precision).toBe('street');
  });

  it.each(['1 Nowhere Road, Springfield', '', '   ', '12345', 'Vaduz', 'Nowhere 5, 9490 Vaduz'])('answers null for %j', (text) => {
    expect(geocoder.geocode(text)).toBeNull();
  });

  it('names the field on bad input', () => {
    expect(() => geocoder.geocode(undefined as unknown as string)).toThrow(/address/);
    expect(() => createGeocoder({} as unknown as RegionData)).toThrow(/region/);
  });
});

describe('createGeocoder: typos', () => {
  it('tolerates one typo in a long street name', () => {
    const expected = byKey('Städtle', '38', 'Vaduz');
    const match = geocoder.geocode('Städtel 38, Vaduz');
    expect(match).toMatchObject({ precision: 'address_point', lat: expected.lat, lng: expected.lng });
    expect(match?.confidence).toBeLessThan(1);
    expect(geocoder.geocode('345 Rue Sainte-Catherin Ouest')?.precision).toBe('address_point');
  });

  it('does not tolerate two typos or a typo in a short name', () => {
    expect(geocoder.geocode('Stätdel 38, Vaduz')).toBeNull();
    expect(geocoder.geocode('55 Perri Street')).toBeNull();
  });

  it('never returns another house number as an address point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.constantFrom('Perry Street', 'Perry St', 'Perri Street', 'Städtle', 'Stadtel'), (n, street) => {
        const match = geocoder.geocode(`${n} ${street}`);
        if (match?.precision !== 'address_point') return true;
        return match.matchedAddress.startsWith(`${n} `) || match.matchedAddress.includes(` ${n},`);
      }),
    );
  });
});

describe('createGeocoder: OSM address forms of other countries (Czech conscription and street numbers, parts of a municipality)', () => {
  const praha = { city: 'Praha', postcode: '199 00', country: 'CZ' };
  const letnany = [
    address('Nepomuckých', '780/11', 50.131, 14.514, { ...praha, conscriptionNumber: '780', streetNumber: '11', localities: ['Letňany'] }),
    address('Nepomuckých', '781/13', 50.1312, 14.514, { ...praha, conscriptionNumber: '781', streetNumber: '13', localities: ['Letňany'] }),
    address('Nepomuckých', '806/3', 50.1302, 14.514, { ...praha, conscriptionNumber: '806', streetNumber: '3', localities: ['Letňany'] }),
    address('Tupolevova', '500/1', 50.133, 14.52, { ...praha, conscriptionNumber: '500', streetNumber: '1', localities: ['Letňany'] }),
    address('Kbelská', '12/4', 50.1, 14.55, {
      city: 'Praha',
      postcode: '190 00',
      country: 'CZ',
      conscriptionNumber: '12',
      streetNumber: '4',
      localities: ['Vysočany'],
    }),
  ];
  const czech = createGeocoder({
    addresses: letnany,
    streets: [],
    interpolations: [],
    places: [{ id: 'n1', name: 'Praha', altNames: ['Prague', 'Prag'], kind: 'city', lat: 50.08, lng: 14.43 }],
  });
  const target = letnany[0] as AddressPoint;

  it.each([
    'Nepomuckých 780/11, 19900 Letňany',
    'Nepomuckých 780/11, 199 00 Praha',
    'Nepomuckých 780, Letňany',
    'Nepomuckých 11, 199 00 Praha 9',
    'nepomuckych 780/11 prague',
    'Nepomuckých 780/11, Letňany, Praha',
    'Nepomuckých 780/11, 199 00 Praha-Letňany',
  ])('%s → the civic address (conscription and street number each alone too; the part of the municipality; Praha as Prague)', (text) => {
    const outcome = czech.geocode(text);
    expect(outcome.status, JSON.stringify(outcome)).toBe('matched');
    if (outcome.status === 'matched') expect(outcome.match).toMatchObject({ lat: target.lat, lng: target.lng, precision: 'address_point' });
  });

  it('never reads one part of a conscription/street pair as another building', () => {
    expect(czech.geocode('Nepomuckých 780/13, Praha').status).toBe('not_found');
    expect(czech.geocode('Nepomuckých 780/11, Vysočany').status).toBe('not_found');
    expect(czech.geocode('Nepomuckých 780/11, 190 00 Praha').status).toBe('not_found');
    expect(czech.geocode('Nepomuckých 780/11, Praha-Vysočany').status).toBe('not_found');
  });
});

describe('createGeocoder: free-form input read by the region’s words', () => {
  it.each([
    ['stadtle 38 9490 vaduz liechtenstein', 'Städtle', '38'],
    ['STÄDTLE 38 VADUZ', 'Städtle', '38'],
    ['55 perry street new york ny 10014', 'Perry Street', '55'],
    ['55 perry st new york ny 10014 usa', 'Perry Street', '55'],
    ['Apt 4 12 main st springfield il 62701', 'Main Street', '12'],
  ])('%s', (text, street, number) => {
    const expected = byKey(street, number, street === 'Main Street' ? 'Springfield' : street === 'Perry Street' ? 'New York' : 'Vaduz');
    expect(geocoder.geocode(text)).toMatchObject({ precision: 'address_point', lat: expected.lat, lng: expected.lng });
  });

  it.each(['zurich stadtle 38', 'Zürich, Städtle 38', 'stadtle 38 zurich', '55 perry street brooklyn ny', 'stadtle 38 9490 vaduz usa'])(
    'never drops a word it cannot place: %s is not found',
    (text) => {
      expect(full.geocode(text).status).toBe('not_found');
    },
  );
});

describe('createGeocoder: any text', () => {
  it('never throws, and a match always carries a number the input wrote', () => {
    const piece = fc.constantFrom(
      '55',
      '38',
      '12a',
      '780/11',
      'Perry',
      'Street',
      'St',
      'Städtle',
      'Vaduz',
      'New York',
      'NY',
      '10014',
      '9490',
      ',',
      'Apt 4',
      '#2',
      'West',
      '1/2',
      '-',
      'Zürich',
    );
    const text = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(' ')),
    );
    fc.assert(
      fc.property(text, (input) => {
        const outcome = full.geocode(input);
        if (outcome.status !== 'matched' || outcome.match.precision === 'street') return true;
        const numbers = input.match(/\d+/g) ?? [];
        return numbers.some((number) => outcome.match.matchedAddress.includes(number));
      }),
      { numRuns: 2_000 },
    );
  });
});
