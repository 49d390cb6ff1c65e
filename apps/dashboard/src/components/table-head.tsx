/**
 * The head row of a data table: one column header (`<th scope="col">`) per
 * name, in order, so screen readers announce each cell with its column.
 *
 * @param columns - the column names, left to right; `false` leaves a column out
 */
export function TableHead({ columns }: { columns: ReadonlyArray<string | false> }) {
  return (
    <thead>
      <tr>
        {columns
          .filter((column): column is string => column !== false)
          .map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
      </tr>
    </thead>
  );
}
