import { areaKindOf, areaProperties } from './area-tags.js';
import type { OsmMember, OsmRelation, OsmTags } from './osm-elements.js';
import { assembleRings, type RingMember } from './ring-assembly.js';
import type { Area, LatLng } from './types.js';

/** An area relation that could not be assembled, for the import report. */
export interface SkippedArea {
  /** e.g. `r16239`. */
  id: string;
  name?: string;
  /** Why: its rings do not close in the extract (members outside it), or it has no outer way. */
  reason: string;
}

/** The areas of an extract, and those left out. */
export interface CollectedAreas {
  areas: Area[];
  skipped: SkippedArea[];
}

interface PendingRelation {
  id: number;
  tags: OsmTags;
  members: OsmMember[];
}

/**
 * Collects `boundary=administrative` and `boundary=postal_code` relations
 * while an extract is read, and assembles them into {@link Area}s at the end,
 * when every member way's nodes are known.
 */
export class AreaCollector {
  private readonly pending: PendingRelation[] = [];

  /**
   * Keeps the relation when it is an area relation.
   *
   * @param relation - any OSM relation
   * @returns whether it was kept
   */
  offer(relation: OsmRelation): boolean {
    if (areaKindOf(relation.tags) === null) return false;
    this.pending.push({ id: relation.id, tags: relation.tags, members: relation.members.filter((m) => m.type === 'way') });
    return true;
  }

  /**
   * Assembles every kept relation's rings from its member ways (roles
   * `outer`, `inner`, or empty for outer; other roles ignored).
   *
   * @param wayPoints - a member way's points in order, or null when the
   *   extract lacks the way or any of its nodes
   * @returns the assembled areas in relation-id order, and the relations left out with the reason
   */
  finish(wayPoints: (wayId: number) => readonly LatLng[] | null): CollectedAreas {
    const areas: Area[] = [];
    const skipped: SkippedArea[] = [];
    for (const relation of [...this.pending].sort((a, b) => a.id - b.id)) {
      const kind = areaKindOf(relation.tags);
      if (kind === null) continue;
      const properties = areaProperties(relation.id, kind, relation.tags);
      const members = ringMembers(relation.members, wayPoints);
      const geometry = members === null ? null : assembleRings(members);
      if (geometry === null) {
        const entry: SkippedArea = {
          id: properties.id,
          reason: members === null ? 'member ways or nodes missing from the extract' : 'its rings do not close',
        };
        if (properties.name !== undefined) entry.name = properties.name;
        skipped.push(entry);
        continue;
      }
      areas.push({ ...properties, geometry });
    }
    return { areas, skipped };
  }
}

/** The relation's ring ways with their points, or null when one of them (or one of its nodes) is not in the extract. */
function ringMembers(members: readonly OsmMember[], wayPoints: (wayId: number) => readonly LatLng[] | null): RingMember[] | null {
  const out: RingMember[] = [];
  for (const member of members) {
    const role = member.role === '' || member.role === 'outer' ? 'outer' : member.role === 'inner' ? 'inner' : null;
    if (role === null) continue;
    const points = wayPoints(member.ref);
    if (points === null) return null;
    out.push({ id: member.ref, role, points });
  }
  return out;
}
