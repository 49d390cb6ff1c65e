import type { AddressPoint, LatLng, Poi, PopulationPoint } from '../region/types.js';

/** Side of a grid cell, metres: about a 6-minute walk, fine enough to tell a village from its fields. */
export const CELL_METRES = 500;
/** A trade area is the block of (2·r+1)² cells around the site's cell: r = 1 gives 1.5 km × 1.5 km, about the categories' catchments. */
export const BLOCK_RADIUS_CELLS = 1;
/** Fewest residents in a block for its mapped objects per resident to be judged; sparser blocks cannot be. */
export const MIN_BLOCK_RESIDENTS = 100;
/** Percentile of the calibration regions' populated blocks taken as the well-mapped reference (per ratio). */
export const CORE_PERCENTILE = 0.75;

const METRES_PER_DEGREE = 111_195;

/** Mapped objects per resident of a well-mapped trade area (the reference completeness is measured against). */
export interface MappingReference {
  addressesPerResident: number;
  poisPerResident: number;
}

/** What the grid knows of the trade area around a site. */
export interface TradeAreaCoverage {
  /** Residents in the block (the pack's population layer). */
  residents: number;
  /** Mapped address points in the block. */
  addresses: number;
  /** Mapped POIs of every kind in the block. */
  pois: number;
  /**
   * Mapping completeness against a well-mapped trade area, 0-1: the
   * geometric mean of addresses per resident and POIs per resident, each
   * divided by the reference's (one for every pack: the
   * {@link CORE_PERCENTILE} of the calibration regions' populated blocks)
   * and capped at 1. Null when the block has fewer than
   * {@link MIN_BLOCK_RESIDENTS} residents.
   */
  completeness: number | null;
}

interface Cell {
  residents: number;
  addresses: number;
  pois: number;
}

/**
 * A coverage grid of a region, built once per pack at load: square cells of
 * {@link CELL_METRES} on one global grid (rows of latitude from the equator,
 * columns of longitude from Greenwich, so that a pack and a sub-pack share
 * their cells), holding residents, address points and POIs. It answers how
 * completely OpenStreetMap maps the trade area around a site, against one
 * reference for every pack, so that an empty map is not read as an empty
 * market. O(1) per query (nine cell lookups).
 */
export class CoverageGrid {
  private readonly cells = new Map<string, Cell>();
  private readonly reference: MappingReference;

  /**
   * @param layers - the region's address points, POIs and population layer (empty when none)
   * @param reference - mapped objects per resident of a well-mapped trade area
   */
  constructor(layers: { addresses: readonly AddressPoint[]; pois: readonly Poi[]; population: readonly PopulationPoint[] }, reference: MappingReference) {
    this.reference = reference;
    for (const point of layers.addresses) this.cell(point).addresses++;
    for (const point of layers.pois) this.cell(point).pois++;
    for (const point of layers.population) this.cell(point).residents += point.residents;
  }

  /**
   * The trade-area coverage around `point`.
   *
   * @param point - decimal degrees
   */
  at(point: LatLng): TradeAreaCoverage {
    const [row, column] = cellOf(point);
    const block = this.block(row, column);
    return { ...block, completeness: this.completeness(block) };
  }

  private block(row: number, column: number): Cell {
    const block: Cell = { residents: 0, addresses: 0, pois: 0 };
    for (let dr = -BLOCK_RADIUS_CELLS; dr <= BLOCK_RADIUS_CELLS; dr++) {
      for (let dc = -BLOCK_RADIUS_CELLS; dc <= BLOCK_RADIUS_CELLS; dc++) {
        const cell = this.cells.get(`${row + dr}:${column + dc}`);
        if (cell === undefined) continue;
        block.residents += cell.residents;
        block.addresses += cell.addresses;
        block.pois += cell.pois;
      }
    }
    return block;
  }

  /**
   * Mapped objects per resident of every block (each occupied cell with its
   * neighbours) with at least {@link MIN_BLOCK_RESIDENTS} residents: what the
   * calibration takes the well-mapped reference from.
   */
  populatedBlocks(): MappingReference[] {
    const blocks: MappingReference[] = [];
    for (const key of this.cells.keys()) {
      const [row = 0, column = 0] = key.split(':').map(Number);
      const block = this.block(row, column);
      if (block.residents >= MIN_BLOCK_RESIDENTS)
        blocks.push({ addressesPerResident: block.addresses / block.residents, poisPerResident: block.pois / block.residents });
    }
    return blocks;
  }

  private completeness(block: Cell): number | null {
    if (block.residents < MIN_BLOCK_RESIDENTS) return null;
    const addresses = Math.min(1, block.addresses / block.residents / this.reference.addressesPerResident);
    const pois = Math.min(1, block.pois / block.residents / this.reference.poisPerResident);
    return Math.sqrt(addresses * pois);
  }

  private cell(point: LatLng): Cell {
    const [row, column] = cellOf(point);
    const key = `${row}:${column}`;
    let cell = this.cells.get(key);
    if (cell === undefined) {
      cell = { residents: 0, addresses: 0, pois: 0 };
      this.cells.set(key, cell);
    }
    return cell;
  }
}

/**
 * The global cell of a point: its row counts {@link CELL_METRES} of latitude
 * from the equator; its column counts {@link CELL_METRES} of longitude at
 * the middle of the point's whole degree of latitude, so that the cells of
 * one band line up and every pack puts a point in the same cell.
 *
 * @param point - decimal degrees
 * @returns [row, column]
 */
export function cellOf(point: LatLng): [number, number] {
  const latStep = CELL_METRES / METRES_PER_DEGREE;
  const band = Math.floor(point.lat) + 0.5;
  const lngStep = latStep / Math.max(0.01, Math.cos((band * Math.PI) / 180));
  return [Math.floor(point.lat / latStep), Math.floor(point.lng / lngStep)];
}
