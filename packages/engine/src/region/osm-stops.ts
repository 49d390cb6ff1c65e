import type { OsmRelation, OsmTags } from './osm-elements.js';
import { isBoardingRole, type OsmLine, type OsmStopKind, osmBusLine, osmBusStopKind, osmStopReferences } from './osm-tags.js';
import type { StopObject } from './station-merge.js';
import type { LatLng, StopRoute } from './types.js';

/**
 * Collects an extract's bus-stop objects (platforms and stop positions, see
 * {@link osmBusStopKind}) with what tells which of them are one stop: their
 * shared references ({@link osmStopReferences}), the
 * `public_transport=stop_area` relations holding them, and the bus lines
 * (`type=route` relations) that board at them.
 *
 * Relations may come before or after their members (sorted extracts put them
 * last); memberships are kept by member id and joined in {@link OsmStopCollector.finish}.
 */
export class OsmStopCollector {
  private readonly objects: Array<StopObject & { kind: OsmStopKind; osmId: string }> = [];
  private readonly linesOf = new Map<string, Map<string, OsmLine>>();
  private readonly areasOf = new Map<string, string[]>();

  /**
   * Offers an object: kept when it is a bus-stop object.
   *
   * @param osmId - `n123`, `w456` or `r789`
   * @param tags - its tags
   * @param at - its position (a way's or relation's centroid)
   */
  offer(osmId: string, tags: OsmTags, at: LatLng): void {
    const kind = osmBusStopKind(tags);
    if (kind === null) return;
    this.objects.push({
      kind,
      osmId,
      stop: { id: `osm:${osmId}`, name: tags.name?.trim() || null, lat: at.lat, lng: at.lng, sources: ['osm'], modes: ['bus'] },
      references: osmStopReferences(tags),
    });
  }

  /**
   * Offers a relation: a bus route relation adds its line to its boarding
   * members ({@link isBoardingRole}); a `public_transport=stop_area` relation
   * groups its members into one stop.
   *
   * @param relation - any relation
   */
  offerRelation(relation: OsmRelation): void {
    const line = osmBusLine(relation.tags, relation.id);
    const isArea = relation.tags.public_transport === 'stop_area';
    if (line === null && !isArea) return;
    for (const member of relation.members) {
      if (member.type === 'relation') continue;
      const id = `${member.type === 'node' ? 'n' : 'w'}${member.ref}`;
      if (isArea) {
        const areas = this.areasOf.get(id) ?? [];
        areas.push(`r${relation.id}`);
        this.areasOf.set(id, areas);
      }
      if (line !== null && isBoardingRole(member.role)) {
        const lines = this.linesOf.get(id) ?? new Map<string, OsmLine>();
        lines.set(line.id, line);
        this.linesOf.set(id, lines);
      }
    }
  }

  /**
   * The bus-stop objects, platforms first (the pole riders wait at names and
   * places a merged stop), then stop positions, each in file order, with
   * their stop areas and lines (`routes`, without departures: OSM gives no
   * timetable).
   */
  finish(): StopObject[] {
    const ordered = [...this.objects.filter((o) => o.kind === 'platform'), ...this.objects.filter((o) => o.kind === 'stop_position')];
    return ordered.map(({ osmId, stop, references }) => {
      const lines = this.linesOf.get(osmId);
      const object: StopObject = { stop, references, areas: this.areasOf.get(osmId) ?? [] };
      if (lines !== undefined) {
        const routes: StopRoute[] = [...lines.values()].map((line) => ({ id: line.id, name: line.name, mode: 'bus' }));
        object.stop = { ...stop, routes, routeCount: routes.length };
      }
      return object;
    });
  }
}
