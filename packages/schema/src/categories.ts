import { z } from 'zod';

/**
 * The twelve franchise categories the API scores, in the order of the
 * service description. Values are kebab-case and stable: they are part of the
 * public contract.
 */
export const CATEGORIES = [
  'coffee',
  'pet-services',
  'children-education',
  'qsr-pizza',
  'beauty-salon',
  'gym-fitness',
  'pharmacy-health',
  'bubble-tea-dessert',
  'daycare-childcare',
  'automotive-services',
  'dry-cleaning',
  'printing-shipping',
] as const;

/** One of the twelve {@link CATEGORIES}. */
export type Category = (typeof CATEGORIES)[number];

/**
 * zod schema of a {@link Category}. An unknown value fails with a message that
 * lists every valid category.
 */
export const Category = z
  .enum(CATEGORIES, {
    error: (issue) => (issue.input === undefined ? 'category is required' : `category must be one of: ${CATEGORIES.join(', ')}`),
  })
  .meta({ id: 'Category', description: 'Franchise category to score the address for.' });

/** Human-readable label of each category, for cards, insights and docs. */
export const CATEGORY_LABELS: Readonly<Record<Category, string>> = {
  coffee: 'Coffee',
  'pet-services': 'Pet services',
  'children-education': "Children's education",
  'qsr-pizza': 'Quick-service pizza',
  'beauty-salon': 'Beauty salon',
  'gym-fitness': 'Gym & fitness',
  'pharmacy-health': 'Pharmacy & health',
  'bubble-tea-dessert': 'Bubble tea & dessert',
  'daycare-childcare': 'Daycare & childcare',
  'automotive-services': 'Automotive services',
  'dry-cleaning': 'Dry cleaning',
  'printing-shipping': 'Printing & shipping',
};

/**
 * Whether `value` is one of the twelve categories.
 *
 * @param value - any value, typically user input
 * @returns true when `value` is a {@link Category}
 */
export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}
