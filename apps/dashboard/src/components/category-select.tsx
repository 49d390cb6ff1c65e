import { CATEGORIES, CATEGORY_LABELS, type Category } from '@locscore/schema';

/**
 * A labelled select of the twelve categories, by their labels.
 *
 * @param id - the select's id, for its label
 * @param label - the visible label
 * @param value - the category chosen
 * @param onChange - called with the new category
 */
export function CategorySelect({ id, label, value, onChange }: { id: string; label: string; value: Category; onChange(category: Category): void }) {
  return (
    <>
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value as Category)}>
        {CATEGORIES.map((item) => (
          <option key={item} value={item}>
            {CATEGORY_LABELS[item]}
          </option>
        ))}
      </select>
    </>
  );
}
