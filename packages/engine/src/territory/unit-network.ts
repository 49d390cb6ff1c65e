import type { Category, Encroachment, NearestUnit, Unit, UnitInside } from '@locscore/schema';
import Flatbush from 'flatbush';
import type { RangeBox } from '../places/circle-box.js';
import { PointIndex } from '../places/point-index.js';
import { haversineMetres } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';
import { territoryShape } from './resolve-territory.js';
import type { Shape } from './shape.js';

/** What the territory measures need of a unit: the schema's `Unit` without its address and times. */
export type NetworkUnit = Pick<Unit, 'id' | 'name' | 'status' | 'category' | 'coordinates' | 'brand' | 'territory'>;

/** A unit as indexed: its point and, when it has a territory, the territory's shape. */
export interface IndexedUnit extends LatLng {
  unit: NetworkUnit;
  /** The protected territory's area, or null when the unit has none. */
  territory: Shape | null;
}

/** One category's units: their points (kdbush) and their territories' boxes (flatbush). */
interface CategoryUnits {
  points: PointIndex<IndexedUnit>;
  /** Units with a territory, in the order of `boxes`. */
  territorial: IndexedUnit[];
  boxes: Flatbush | null;
}

/** Great-circle metres, whole, as the API gives distances. */
const wholeMetres = (a: LatLng, b: LatLng) => Math.round(haversineMetres(a, b));

/**
 * The franchisor's own network, indexed for the territory measures: per
 * category, the units' points in a kdbush tree (nearest unit, units within a
 * radius, in great-circle metres) and their territories' bounding boxes in a
 * flatbush tree (territories holding a point or meeting an area), so that a
 * check against 10,000 units touches only the few nearby. Immutable; every
 * status counts, planned units as if open. {@link UnitNetwork.withChanges}
 * makes the network after some units changed, reusing the territory shapes
 * of the others (only the two trees are rebuilt, O(n log n) over points).
 *
 * A unit's territory protects against units of its own category: a
 * franchisor with concepts in several categories keeps their networks apart.
 */
export class UnitNetwork {
  /** Units indexed. */
  readonly size: number;
  private readonly byCategory = new Map<Category, CategoryUnits>();
  /** Every indexed unit by id, in network order (the order units were given, changed ones in place). */
  private readonly byId: ReadonlyMap<string, IndexedUnit>;

  /**
   * @param units - the account's units (open and planned; a repeated id keeps
   *   its last entry), or units already indexed by id (as {@link UnitNetwork.withChanges} passes them)
   */
  constructor(units: readonly NetworkUnit[] | ReadonlyMap<string, IndexedUnit>) {
    this.byId = units instanceof Map ? units : new Map((units as readonly NetworkUnit[]).map((unit) => [unit.id, indexUnit(unit)]));
    this.size = this.byId.size;
    const grouped = new Map<Category, IndexedUnit[]>();
    for (const indexed of this.byId.values()) {
      const list = grouped.get(indexed.unit.category);
      if (list === undefined) grouped.set(indexed.unit.category, [indexed]);
      else list.push(indexed);
    }
    for (const [category, list] of grouped) this.byCategory.set(category, categoryUnits(list));
  }

  /**
   * The network after some units were written or removed: a changed unit
   * keeps its place in the network order, a new one comes last; every other
   * unit keeps its territory shape, so the cost is the changed units' shapes
   * and the rebuild of the point and box trees, not the whole network's.
   * Answers as a network built from the same units in that order would.
   *
   * @param changed - units created or updated since this network (whole units)
   * @param removed - ids of units deleted since; unknown ids are ignored
   * @returns a new network; this one is unchanged
   */
  withChanges(changed: readonly NetworkUnit[], removed: Iterable<string>): UnitNetwork {
    const next = new Map(this.byId);
    for (const id of removed) next.delete(id);
    for (const unit of changed) next.set(unit.id, indexUnit(unit));
    return new UnitNetwork(next);
  }

  /** Ids of the indexed units, in network order. */
  ids(): IterableIterator<string> {
    return this.byId.keys();
  }

  /**
   * Whether the network has units of `category`.
   *
   * @param category - the franchise category
   */
  has(category: Category): boolean {
    return this.byCategory.has(category);
  }

  /**
   * Units of `category` whose protected territory holds `point`, nearest first.
   *
   * @param point - decimal degrees
   * @param category - the franchise category
   */
  encroached(point: LatLng, category: Category): Encroachment[] {
    return this.territoriesMeeting([point.lng, point.lat, point.lng, point.lat], category)
      .flatMap(({ unit, territory }): Encroachment[] =>
        unit.territory !== null && territory?.contains(point) === true
          ? [
              {
                unitId: unit.id,
                name: unit.name,
                status: unit.status,
                distanceMetres: wholeMetres(point, unit.coordinates),
                territoryType: unit.territory.type,
              },
            ]
          : [],
      )
      .sort((a, b) => a.distanceMetres - b.distanceMetres || a.unitId.localeCompare(b.unitId));
  }

  /**
   * The nearest unit of `category` (great circle), or null when there is none.
   *
   * @param point - decimal degrees
   * @param category - the franchise category
   */
  nearest(point: LatLng, category: Category): NearestUnit | null {
    const found = this.byCategory.get(category)?.points.nearest(point, Number.POSITIVE_INFINITY);
    if (found === undefined || found === null) return null;
    return { unitId: found.item.unit.id, name: found.item.unit.name, distanceMetres: Math.round(found.distanceMetres) };
  }

  /**
   * Units of `category` within `radiusMetres` of `point`, nearest first.
   *
   * @param point - decimal degrees
   * @param category - the franchise category
   * @param radiusMetres - metres (inclusive)
   */
  within(point: LatLng, category: Category, radiusMetres: number): IndexedUnit[] {
    return (this.byCategory.get(category)?.points.within(point, radiusMetres) ?? []).map(({ item }) => item);
  }

  /**
   * Units of `category` whose territory's bounding box meets `box` (candidates
   * for a territory holding a point or overlapping an area), in network order.
   *
   * @param box - `[minLng, minLat, maxLng, maxLat]`
   * @param category - the franchise category
   */
  territoriesMeeting(box: RangeBox, category: Category): IndexedUnit[] {
    const units = this.byCategory.get(category);
    if (units === undefined || units.boxes === null) return [];
    return units.boxes
      .search(box[0], box[1], box[2], box[3])
      .sort((a, b) => a - b)
      .flatMap((index) => units.territorial[index] ?? []);
  }

  /**
   * Units of `category` located inside `shape`, nearest to `site` first.
   *
   * @param shape - an area, e.g. a proposed territory
   * @param site - the point distances are measured from
   * @param category - the franchise category
   */
  inside(shape: Shape, site: LatLng, category: Category): UnitInside[] {
    const found: UnitInside[] = [];
    this.byCategory.get(category)?.points.forEachInBox(shape.bbox, ({ unit }) => {
      if (shape.contains(unit.coordinates)) {
        found.push({ unitId: unit.id, name: unit.name, status: unit.status, distanceMetres: wholeMetres(site, unit.coordinates) });
      }
    });
    return found.sort((a, b) => a.distanceMetres - b.distanceMetres || a.unitId.localeCompare(b.unitId));
  }
}

/** A unit with its point and its territory's shape. */
function indexUnit(unit: NetworkUnit): IndexedUnit {
  return { unit, ...unit.coordinates, territory: unit.territory === null ? null : territoryShape(unit.coordinates, unit.territory) };
}

/** Indexes one category's units. */
function categoryUnits(list: IndexedUnit[]): CategoryUnits {
  const territorial = list.filter((indexed) => indexed.territory !== null);
  let boxes: Flatbush | null = null;
  if (territorial.length > 0) {
    boxes = new Flatbush(territorial.length);
    for (const { territory } of territorial) {
      const [minLng, minLat, maxLng, maxLat] = territory?.bbox ?? [0, 0, 0, 0];
      boxes.add(minLng, minLat, maxLng, maxLat);
    }
    boxes.finish();
  }
  return { points: new PointIndex(list), territorial, boxes };
}
