/** @vitest-environment happy-dom */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ChoiceFilter } from './choice-filter.js';

afterEach(cleanup);

describe('ChoiceFilter', () => {
  it('offers Any and each choice in its words, and reports the value picked', () => {
    const picked: string[] = [];
    render(
      <ChoiceFilter
        id="filter-mode"
        label="Mode"
        value={undefined}
        choices={['sync', 'async']}
        describe={(mode) => (mode === 'sync' ? 'synchronous' : 'webhook')}
        onChange={(event) => picked.push(event.currentTarget.value)}
      />,
    );
    const select = screen.getByLabelText('Mode') as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
      ['', 'Any'],
      ['sync', 'synchronous'],
      ['async', 'webhook'],
    ]);
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 'async' } });
    expect(picked).toEqual(['async']);
  });

  it('shows the chosen value and words a choice as itself by default', () => {
    render(<ChoiceFilter id="filter-status" label="Status" value="failed" choices={['queued', 'failed']} onChange={() => undefined} />);
    const select = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(select.value).toBe('failed');
    expect([...select.options].map((option) => option.textContent)).toEqual(['Any', 'queued', 'failed']);
  });
});
