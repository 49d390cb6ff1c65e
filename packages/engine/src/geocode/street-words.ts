/**
 * Vocabulary of street names in English, French and German, as folded words
 * (see `foldText`): street types with their abbreviations, compass
 * directions, ordinals and articles. Abbreviations follow USPS Publication 28
 * (Appendix C1, street suffixes), Canada Post's Addressing Guidelines (street
 * types and directions, English and French) and common German usage
 * (`Str.` for `Strasse`).
 */

/** Street-type word (folded) → its canonical token. */
export const STREET_TYPES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    boulevard: ['boulevard', 'boul', 'boulv', 'blvd', 'bd', 'bld', 'blv'],
    avenue: ['avenue', 'ave', 'av', 'aven', 'avn', 'avnue'],
    chemin: ['chemin', 'ch', 'chem'],
    street: ['street', 'st', 'strt'],
    road: ['road', 'rd'],
    drive: ['drive', 'dr', 'drv'],
    place: ['place', 'pl'],
    lane: ['lane', 'ln'],
    court: ['court', 'ct', 'crt'],
    parkway: ['parkway', 'pkwy', 'pky', 'parkwy'],
    highway: ['highway', 'hwy', 'hiway'],
    strasse: ['strasse', 'str', 'strase'],
    gasse: ['gasse'],
    weg: ['weg'],
    platz: ['platz'],
    allee: ['allee'],
    rue: ['rue'],
    route: ['route', 'rte'],
    crescent: ['crescent', 'cres', 'cresc', 'crsnt'],
    square: ['square', 'sq'],
    terrace: ['terrace', 'terr'],
    circle: ['circle', 'cir', 'circ'],
    alley: ['alley', 'aly'],
    impasse: ['impasse', 'imp'],
    promenade: ['promenade', 'prom'],
    montee: ['montee'],
    rang: ['rang'],
    autoroute: ['autoroute', 'aut'],
  }).flatMap(([canonical, aliases]) => aliases.map((alias): [string, string] => [alias, canonical])),
);

/**
 * Suffixes that end German compound street names (`Landstrasse`, `Landstr.`,
 * `Kirchgasse`, `Höfleweg`) and are split off as the street type, with the
 * canonical token of each.
 */
export const COMPOUND_SUFFIXES: ReadonlyArray<readonly [suffix: string, canonical: string]> = [
  ['strasse', 'strasse'],
  ['str', 'strasse'],
  ['gasse', 'gasse'],
  ['weg', 'weg'],
  ['platz', 'platz'],
  ['allee', 'allee'],
];

/** Direction word (folded) → canonical token: English and French, full and abbreviated. */
export const DIRECTIONS: ReadonlyMap<string, string> = new Map([
  ['north', 'north'],
  ['nord', 'north'],
  ['n', 'north'],
  ['south', 'south'],
  ['sud', 'south'],
  ['s', 'south'],
  ['east', 'east'],
  ['est', 'east'],
  ['e', 'east'],
  ['west', 'west'],
  ['ouest', 'west'],
  ['w', 'west'],
  ['o', 'west'],
  ['northeast', 'northeast'],
  ['ne', 'northeast'],
  ['northwest', 'northwest'],
  ['nw', 'northwest'],
  ['southeast', 'southeast'],
  ['se', 'southeast'],
  ['southwest', 'southwest'],
  ['sw', 'southwest'],
]);

/** Ordinals written as words (English and French) → their number. */
export const ORDINAL_WORDS: ReadonlyMap<string, string> = new Map([
  ['first', '1'],
  ['second', '2'],
  ['third', '3'],
  ['fourth', '4'],
  ['fifth', '5'],
  ['sixth', '6'],
  ['seventh', '7'],
  ['eighth', '8'],
  ['ninth', '9'],
  ['tenth', '10'],
  ['eleventh', '11'],
  ['twelfth', '12'],
  ['thirteenth', '13'],
  ['fourteenth', '14'],
  ['fifteenth', '15'],
  ['sixteenth', '16'],
  ['seventeenth', '17'],
  ['eighteenth', '18'],
  ['nineteenth', '19'],
  ['twentieth', '20'],
  ['thirtieth', '30'],
  ['fortieth', '40'],
  ['fiftieth', '50'],
  ['sixtieth', '60'],
  ['seventieth', '70'],
  ['eightieth', '80'],
  ['ninetieth', '90'],
  ['premier', '1'],
  ['premiere', '1'],
  ['deuxieme', '2'],
  ['troisieme', '3'],
  ['quatrieme', '4'],
  ['cinquieme', '5'],
  ['sixieme', '6'],
  ['septieme', '7'],
  ['huitieme', '8'],
  ['neuvieme', '9'],
  ['dixieme', '10'],
]);

/** Tens written as words, which join a following ordinal word: `twenty first` → 21. */
export const TENS_WORDS: ReadonlyMap<string, number> = new Map([
  ['twenty', 20],
  ['thirty', 30],
  ['forty', 40],
  ['fifty', 50],
  ['sixty', 60],
  ['seventy', 70],
  ['eighty', 80],
  ['ninety', 90],
]);

/** Words for `Saint` (English and French `St`, German `Sankt` and `St.`): all read as `saint`. */
export const SAINT_WORDS: ReadonlyMap<string, string> = new Map([
  ['st', 'saint'],
  ['saint', 'saint'],
  ['sankt', 'saint'],
  ['ste', 'sainte'],
  ['sainte', 'sainte'],
]);

/** Numeric ordinals: `5th`, `1st`, `2nd`, `3rd`, `1re`, `1er`, `2e`, `3eme`, `4ieme`. */
export const NUMERIC_ORDINAL = /^(\d+)(?:st|nd|rd|th|re|er|e|eme|ieme)$/;

/** French articles and the English `the`, optional in matching (`Rue de la Montagne` = `Rue Montagne`). */
export const ARTICLES: ReadonlySet<string> = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'd', 'l', 'the']);
