/** @vitest-environment happy-dom */
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { TableHead } from './table-head.js';

afterEach(cleanup);

describe('TableHead', () => {
  it('gives each named column a column header, in order, and leaves out false ones', () => {
    render(
      <table>
        <TableHead columns={['Made', false, 'Address', 'Score']} />
      </table>,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Made', 'Address', 'Score']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
  });
});
