import { describe, expect, it } from 'vitest';
import { stationNameKey, titleCaseIfShouting } from './text-fold.js';

describe('stationNameKey', () => {
  it('drops line lists and station words so sources agree', () => {
    expect(stationNameKey('Christopher Street-Sheridan Square (1)')).toBe('christopher street sheridan square');
    expect(stationNameKey('STATION ANGRIGNON')).toBe(stationNameKey('Angrignon'));
    expect(stationNameKey('Gare Centrale')).toBe('centrale');
  });
});

describe('titleCaseIfShouting', () => {
  it('title-cases names written in capitals only', () => {
    expect(titleCaseIfShouting('STATION ANGRIGNON')).toBe('Station Angrignon');
    expect(titleCaseIfShouting("STATION DE L'ÉGLISE")).toBe("Station de l'Église");
    expect(titleCaseIfShouting('STATION MCGILL')).toBe('Station McGill');
    expect(titleCaseIfShouting('STATION GUY-CONCORDIA')).toBe('Station Guy-Concordia');
  });

  it('leaves mixed-case names and codes without letters alone', () => {
    expect(titleCaseIfShouting('Station de la Savane')).toBe('Station de la Savane');
    expect(titleCaseIfShouting('51234')).toBe('51234');
  });
});
