import type { Category } from '@locscore/schema';

/**
 * The demand catchment of each category, metres: the radius within which
 * residents and mapped places count as its demand. Walk-in, impulse
 * categories draw from a 10-minute walk (800 m: coffee, beauty, bubble
 * tea, dry cleaning); routine destinations from 1-1.2 km (pharmacy, pizza
 * delivery, gyms, daycare, print and ship); trips made by car or with
 * children from 1.5 km (pet services, children's education, automotive
 * services). Transit planning's 800 m rail catchment is the reference walk.
 */
export const CATCHMENT_METRES: Readonly<Record<Category, number>> = {
  coffee: 800,
  'pet-services': 1_500,
  'children-education': 1_500,
  'qsr-pizza': 1_200,
  'beauty-salon': 800,
  'gym-fitness': 1_200,
  'pharmacy-health': 1_000,
  'bubble-tea-dessert': 800,
  'daycare-childcare': 1_200,
  'automotive-services': 1_500,
  'dry-cleaning': 800,
  'printing-shipping': 1_200,
};

/** The widest catchment of any category, metres: a pack narrower than twice it cuts some trade area. */
export const MAX_CATCHMENT_METRES = Math.max(...Object.values(CATCHMENT_METRES));
