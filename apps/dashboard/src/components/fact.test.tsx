/** @vitest-environment happy-dom */
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Fact } from './fact.js';

afterEach(cleanup);

describe('Fact', () => {
  it('pairs its term and value in a group of a description list, the value monospace only when asked', () => {
    const { container } = render(
      <dl>
        <Fact term="Key" mono>
          lsk_abc
        </Fact>
        <Fact term="Made">1 Nov</Fact>
      </dl>,
    );
    const groups = [...container.querySelectorAll('dl > div')].map((group) => [
      group.querySelector('dt')?.textContent,
      group.querySelector('dd')?.textContent,
      group.querySelector('dd')?.getAttribute('class') ?? null,
    ]);
    expect(groups).toEqual([
      ['Key', 'lsk_abc', 'mono'],
      ['Made', '1 Nov', null],
    ]);
  });
});
