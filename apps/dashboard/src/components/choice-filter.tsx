/**
 * A labelled `<select>` of one filter: "Any" (the empty value, no filter)
 * and one option per choice, shown as `describe` words it.
 *
 * @param id - the select's id, which its label points at
 * @param value - the chosen value; `undefined` selects "Any"
 * @param describe - the words of a choice
 * @default describe the choice itself
 */
export function ChoiceFilter<Choice extends string>({
  id,
  label,
  value,
  choices,
  describe = (choice) => choice,
  onChange,
}: {
  id: string;
  label: string;
  value: Choice | undefined;
  choices: readonly Choice[];
  describe?: (choice: Choice) => string;
  onChange(event: { currentTarget: { value: string } }): void;
}) {
  return (
    <div>
      <label for={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={onChange}>
        <option value="">Any</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {describe(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}
