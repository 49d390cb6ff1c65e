import { z } from 'zod';
import { Category } from './categories.js';
import { unknownFieldError } from './query-params.js';
import { Coordinates } from './score-result.js';
import { Encroachment, ResidentOverlap } from './score-territory.js';
import { CoordinatesInput, checkSite, SITE_CHECK, SiteAddress } from './site-input.js';
import { Territory, UnitTerritory } from './territory.js';
import { TerritoryType, UnitId, UnitStatus } from './unit-refs.js';

/**
 * Body of `POST /api/franchisor/territories/check`: a site (`address` or
 * `coordinates`, not both), the `category` of the franchise, the proposed
 * `territory`, and optionally the franchisor's `minimumResidents`.
 */
export const TerritoryCheckRequest = z
  .strictObject(
    {
      address: SiteAddress.optional(),
      coordinates: CoordinatesInput.optional(),
      category: Category,
      territory: Territory,
      minimumResidents: z
        .int({ error: 'minimumResidents must be a whole number > 0' })
        .gt(0, 'minimumResidents must be a whole number > 0')
        .optional()
        .describe('The franchisor’s minimum; the answer says whether the territory meets it.'),
    },
    { error: unknownFieldError },
  )
  .superRefine((value, context) => checkSite(value, context), SITE_CHECK)
  .meta({ id: 'TerritoryCheckRequest' });
/** Body of a territory check after validation. */
export type TerritoryCheckRequest = z.infer<typeof TerritoryCheckRequest>;
/** Body of a territory check as sent. */
export type TerritoryCheckRequestInput = z.input<typeof TerritoryCheckRequest>;

/** Kinds of reserved (non-traditional) venue, and the OpenStreetMap tag each is mapped with. */
export const RESERVED_VENUE_TAGS = {
  aerodrome: 'aeroway=aerodrome',
  stadium: 'leisure=stadium',
  hospital: 'amenity=hospital',
  university: 'amenity=university',
  college: 'amenity=college',
  mall: 'shop=mall',
} as const;
/** One kind of reserved venue. */
export type ReservedVenueKind = keyof typeof RESERVED_VENUE_TAGS;
/** Kinds of reserved venue, in {@link RESERVED_VENUE_TAGS} order. */
export const RESERVED_VENUE_KINDS = Object.keys(RESERVED_VENUE_TAGS) as ReservedVenueKind[];

/**
 * `reservedVenuesNote` of a territory check that found reserved venues. After
 * FTC staff FAQ 37 (16 October 2012) on Item 12 of the Franchise Disclosure
 * Document: a franchisor that reserves the right to open outlets in
 * non-traditional venues inside a territory may not call it exclusive.
 */
export const RESERVED_VENUES_NOTE =
  'This territory holds non-traditional venues (airports, stadiums, hospitals, campuses, malls). A franchisor that reserves the right to open its own or franchised outlets in such venues may not call the territory exclusive in Item 12 of its FDD (FTC staff FAQ 37, 2012): describe it as protected, or give up that reservation for the venues listed.';

/** A non-traditional venue inside a territory: an airport, stadium, hospital, campus or mall mapped in OpenStreetMap. */
export const ReservedVenue = z
  .object({
    name: z.string().nullable().describe('OSM name; null when the venue is unnamed.'),
    kind: z.enum(RESERVED_VENUE_KINDS as [ReservedVenueKind, ...ReservedVenueKind[]]),
    osmTag: z.string().describe('The OSM tag it is mapped with, e.g. `leisure=stadium`.'),
    osmId: z.string().describe('Source object, e.g. `w485595838`; a way or relation stands at its centroid.'),
    coordinates: Coordinates,
    distanceMetres: z.int().min(0).describe('Great-circle distance from the site, metres.'),
  })
  .meta({ id: 'ReservedVenue' });
/** A non-traditional venue inside a territory. */
export type ReservedVenue = z.infer<typeof ReservedVenue>;

/** A unit located inside the proposed territory. */
export const UnitInside = z.object({ unitId: UnitId, name: z.string(), status: UnitStatus, distanceMetres: z.int().min(0) }).meta({ id: 'UnitInside' });
/** A unit located inside the proposed territory. */
export type UnitInside = z.infer<typeof UnitInside>;

/** The overlap of the proposed territory with one unit's territory, on residents. */
export const TerritoryOverlap = ResidentOverlap.extend({ status: UnitStatus, territoryType: TerritoryType }).meta({ id: 'TerritoryOverlap' });
/** The overlap of the proposed territory with one unit's territory. */
export type TerritoryOverlap = z.infer<typeof TerritoryOverlap>;

/**
 * 200 response of `POST /api/franchisor/territories/check`: the proposed
 * territory resolved (a population territory becomes its polygon), the
 * residents and households inside, its overlap on residents with every
 * territory of the account's units of the category, the units whose
 * territory holds the site, the units inside the proposed territory, the
 * reserved venues inside it with the statement that an exclusive territory
 * cannot reserve them (FTC staff FAQ 37), and whether it meets
 * `minimumResidents`.
 */
export const TerritoryCheckResult = z
  .object({
    coordinates: Coordinates,
    matchedAddress: z.string().nullable().describe('The geocoded address; null when the site was given as coordinates.'),
    category: Category,
    territory: UnitTerritory,
    residents: z.int().min(0).describe('Residents inside, from the region’s population layer.'),
    households: z.int().min(0).nullable().describe('Households inside; null when the layer has none.'),
    minimumResidents: z.int().min(1).nullable(),
    meetsMinimum: z.boolean().nullable().describe('residents ≥ minimumResidents; null when no minimum was given.'),
    overlaps: z.array(TerritoryOverlap).describe('Every unit territory sharing residents or area with it, most shared residents first.'),
    encroaches: z.array(Encroachment),
    unitsInside: z.array(UnitInside).describe('Own units of the category located inside the proposed territory, nearest first.'),
    reservedVenues: z.array(ReservedVenue).describe('Airports, stadiums, hospitals, universities, colleges and malls inside, nearest first.'),
    reservedVenuesNote: z.string().nullable().describe('RESERVED_VENUES_NOTE when reservedVenues is not empty, else null: why they matter for exclusivity.'),
    region: z.string().describe('Name of the region pack measured.'),
  })
  .meta({ id: 'TerritoryCheckResult' });
/** 200 response of a territory check. */
export type TerritoryCheckResult = z.infer<typeof TerritoryCheckResult>;
