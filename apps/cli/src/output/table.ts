/**
 * Renders rows as a plain left-aligned table with two spaces between
 * columns and a header line, after `gh`'s list output.
 *
 * @param header - column titles
 * @param rows - cells, each row as long as `header` (missing cells print empty)
 * @returns the table, one line per row plus the header, ending with a newline
 */
export function renderTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    header
      .map((_, column) => (cells[column] ?? '').padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}
