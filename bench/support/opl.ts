/**
 * The parts of osmium's OPL text format (one OSM object per line,
 * docs.osmcode.org/opl-file-format/) that the tiled-country generator reads
 * and writes: object type and id, tags, node coordinates, way node lists and
 * relation members. Metadata (version, timestamp, user) is dropped.
 */

/** One OSM object read from an OPL line. */
export interface OplObject {
  type: 'n' | 'w' | 'r';
  id: number;
  /** Tags as `[key, value]`, both unescaped. */
  tags: Array<[string, string]>;
  /** Node longitude and latitude, decimal degrees (NaN for ways and relations). */
  x: number;
  y: number;
  /** Way node ids. */
  refs: number[];
  /** Relation members: type letter, id, role (unescaped). */
  members: Array<{ type: 'n' | 'w' | 'r'; ref: number; role: string }>;
}

/**
 * Reads one OPL line.
 *
 * @param line - e.g. `n1 v0 dV c0 t i0 u Taddr:housenumber=1001 x9.5697463 y47.11855`
 * @returns the object, or null for a blank line
 * @throws Error naming the line when its type is not n, w or r
 */
export function parseOplLine(line: string): OplObject | null {
  if (line.trim() === '') return null;
  const type = line.charAt(0);
  if (type !== 'n' && type !== 'w' && type !== 'r') throw new Error(`not an OPL object line: ${line.slice(0, 80)}`);
  const object: OplObject = { type, id: 0, tags: [], x: Number.NaN, y: Number.NaN, refs: [], members: [] };
  const fields = line.split(' ');
  object.id = Number((fields[0] ?? '').slice(1));
  for (const field of fields.slice(1)) {
    const key = field.charAt(0);
    const value = field.slice(1);
    if (key === 'T' && value !== '') object.tags = value.split(',').map((pair) => splitTag(pair));
    else if (key === 'x' && value !== '') object.x = Number(value);
    else if (key === 'y' && value !== '') object.y = Number(value);
    else if (key === 'N' && value !== '') object.refs = value.split(',').map((ref) => Number(ref.slice(1)));
    else if (key === 'M' && value !== '') object.members = value.split(',').map((member) => parseMember(member));
  }
  return object;
}

function splitTag(pair: string): [string, string] {
  const at = pair.indexOf('=');
  return [unescapeOpl(pair.slice(0, at)), unescapeOpl(pair.slice(at + 1))];
}

function parseMember(member: string): { type: 'n' | 'w' | 'r'; ref: number; role: string } {
  const at = member.indexOf('@');
  const type = member.charAt(0) as 'n' | 'w' | 'r';
  return { type, ref: Number(member.slice(1, at)), role: unescapeOpl(member.slice(at + 1)) };
}

/**
 * Decodes OPL escapes: `%<hex code point>%` stands for any character.
 *
 * @param text - escaped text, e.g. `Swarovski%20%AG`
 * @returns e.g. `Swarovski AG`
 */
export function unescapeOpl(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(/%([0-9a-fA-F]+)%/g, (_match, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));
}

/**
 * Encodes text for an OPL field: every character but ASCII letters, digits
 * and `-_.:;/` becomes `%<hex code point>%` (osmium reads any escaped character).
 *
 * @param text - any string
 */
export function escapeOpl(text: string): string {
  let out = '';
  for (const char of text) {
    out += /[A-Za-z0-9\-_.:;/]/.test(char) ? char : `%${(char.codePointAt(0) ?? 0).toString(16)}%`;
  }
  return out;
}

/**
 * The OPL `T` field of tags.
 *
 * @param tags - `[key, value]` pairs, unescaped
 * @returns e.g. `Tname=Vaduz,place=town`
 */
export function oplTags(tags: ReadonlyArray<readonly [string, string]>): string {
  return `T${tags.map(([key, value]) => `${escapeOpl(key)}=${escapeOpl(value)}`).join(',')}`;
}
