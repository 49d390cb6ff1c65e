import type { AddressPoint, LatLng, Poi, PopulationPoint } from '../region/types.js';

/** Side of a grid cell, metres: about a 6-minute walk, fine enough to tell a village from its fields. */
export const CELL_METRES = 500;
/** A trade area is the block of (2·r+1)² cells around the site's cell: r = 1 gives 1.5 km × 1.5 km, about the categories' catchments. */
export const BLOCK_RADIUS_CELLS = 1;
/** Fewest residents in a block for its mapped objects per resident to be compared with the core; sparser blocks cannot be judged. */
export const MIN_BLOCK_RESIDENTS = 100;
/** Percentile of the region's populated blocks taken as its well-mapped core (per ratio). */
export const CORE_PERCENTILE = 0.75;

const METRES_PER_DEGREE = 111_195;

/** What the grid knows of the trade area around a site. */
export interface TradeAreaCoverage {
  /** Residents in the block (the pack's population layer). */
  residents: number;
  /** Mapped address points in the block. */
  addresses: number;
  /** Mapped POIs of every kind in the block. */
  pois: number;
  /**
   * Mapping completeness against the region's well-mapped core, 0-1: the
   * geometric mean of addresses per resident and POIs per resident, each
   * divided by the core's ({@link CORE_PERCENTILE} of the populated blocks)
   * and capped at 1. Null when the block has fewer than
   * {@link MIN_BLOCK_RESIDENTS} residents or the region no population layer.
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
 * {@link CELL_METRES} holding residents, address points and POIs. It answers
 * how completely OpenStreetMap maps the trade area around a site, compared
 * with the region's own well-mapped core, so that an empty map is not read
 * as an empty market. O(1) per query (nine cell lookups).
 */
export class CoverageGrid {
  private readonly cells = new Map<number, Cell>();
  private readonly latStep: number;
  private readonly lngStep: number;
  private readonly origin: LatLng;
  /** The core's addresses per resident and POIs per resident; null when the region has no populated block. */
  readonly core: { addressesPerResident: number; poisPerResident: number } | null;

  /**
   * @param layers - the region's address points, POIs and population layer (empty when none)
   */
  constructor(layers: { addresses: readonly AddressPoint[]; pois: readonly Poi[]; population: readonly PopulationPoint[] }) {
    const all: LatLng[] = [...layers.addresses, ...layers.pois, ...layers.population];
    const lat0 = all.length === 0 ? 0 : all.reduce((min, point) => Math.min(min, point.lat), Number.POSITIVE_INFINITY);
    const lng0 = all.length === 0 ? 0 : all.reduce((min, point) => Math.min(min, point.lng), Number.POSITIVE_INFINITY);
    this.origin = { lat: lat0, lng: lng0 };
    this.latStep = CELL_METRES / METRES_PER_DEGREE;
    this.lngStep = this.latStep / Math.max(0.01, Math.cos((lat0 * Math.PI) / 180));
    for (const point of layers.addresses) this.cell(point).addresses++;
    for (const point of layers.pois) this.cell(point).pois++;
    for (const point of layers.population) this.cell(point).residents += point.residents;
    this.core = this.measureCore();
  }

  /**
   * The trade-area coverage around `point`.
   *
   * @param point - decimal degrees
   */
  at(point: LatLng): TradeAreaCoverage {
    const block = this.block(this.rowOf(point), this.columnOf(point));
    return { ...block, completeness: this.completeness(block) };
  }

  private completeness(block: Cell): number | null {
    if (this.core === null || block.residents < MIN_BLOCK_RESIDENTS) return null;
    const addresses = Math.min(1, block.addresses / block.residents / this.core.addressesPerResident);
    const pois = Math.min(1, block.pois / block.residents / this.core.poisPerResident);
    return Math.sqrt(addresses * pois);
  }

  private measureCore(): CoverageGrid['core'] {
    const addresses: number[] = [];
    const pois: number[] = [];
    for (const key of this.cells.keys()) {
      const block = this.block(Math.floor(key / 1_000_000), key % 1_000_000);
      if (block.residents < MIN_BLOCK_RESIDENTS) continue;
      addresses.push(block.addresses / block.residents);
      pois.push(block.pois / block.residents);
    }
    const at = (values: number[]): number => values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * CORE_PERCENTILE))] ?? 0;
    const core = { addressesPerResident: at(addresses), poisPerResident: at(pois) };
    return core.addressesPerResident > 0 && core.poisPerResident > 0 ? core : null;
  }

  private block(row: number, column: number): Cell {
    const sum: Cell = { residents: 0, addresses: 0, pois: 0 };
    for (let dr = -BLOCK_RADIUS_CELLS; dr <= BLOCK_RADIUS_CELLS; dr++) {
      for (let dc = -BLOCK_RADIUS_CELLS; dc <= BLOCK_RADIUS_CELLS; dc++) {
        const cell = this.cells.get((row + dr) * 1_000_000 + column + dc);
        if (cell === undefined) continue;
        sum.residents += cell.residents;
        sum.addresses += cell.addresses;
        sum.pois += cell.pois;
      }
    }
    return sum;
  }

  private rowOf(point: LatLng): number {
    return Math.floor((point.lat - this.origin.lat) / this.latStep) + 1;
  }

  private columnOf(point: LatLng): number {
    return Math.floor((point.lng - this.origin.lng) / this.lngStep) + 1;
  }

  private cell(point: LatLng): Cell {
    const key = this.rowOf(point) * 1_000_000 + this.columnOf(point);
    let cell = this.cells.get(key);
    if (cell === undefined) {
      cell = { residents: 0, addresses: 0, pois: 0 };
      this.cells.set(key, cell);
    }
    return cell;
  }
}
