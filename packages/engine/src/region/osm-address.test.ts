import { describe, expect, it } from 'vitest';
import { addressDetails } from './osm-address.js';

describe('addressDetails', () => {
  it('reads a Czech address: conscription and street numbers, the part of the municipality from addr:place beside a street', () => {
    expect(
      addressDetails({
        'addr:street': 'Nepomuckých',
        'addr:conscriptionnumber': '780',
        'addr:streetnumber': '11',
        'addr:place': 'Letňany',
        'addr:city': 'Praha',
        'addr:postcode': '19900',
      }),
    ).toEqual({ city: 'Praha', postcode: '19900', conscriptionNumber: '780', streetNumber: '11', localities: ['Letňany'] });
  });

  it('keeps addr:place out of the localities when it stands for the street', () => {
    expect(addressDetails({ 'addr:place': 'Lhota', 'addr:city': 'Město' }).localities).toBeUndefined();
  });

  it('reads suburb, district, hamlet, unit (else flats) and housename, each once and trimmed', () => {
    expect(
      addressDetails({
        'addr:street': 'Main Street',
        'addr:suburb': ' Kallio ',
        'addr:district': 'Kallio',
        'addr:hamlet': 'Nendeln',
        'addr:flats': '1-12',
        'addr:housename': 'Haus Sonnenberg',
        'addr:province': 'BC',
      }),
    ).toEqual({ unit: '1-12', housename: 'Haus Sonnenberg', state: 'BC', localities: ['Kallio', 'Nendeln'] });
  });
});
