import type { ComponentChildren } from 'preact';

/**
 * One term and its value in a description list (`<dl>`), grouped in the
 * `<div>` HTML allows inside a `<dl>` so that each pair can be laid out as
 * one tile.
 *
 * @param term - what the value is (the `<dt>`)
 * @param mono - the value is an identifier, set in the monospace face
 * @default mono false
 */
export function Fact({ term, mono = false, children }: { term: ComponentChildren; mono?: boolean; children: ComponentChildren }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd class={mono ? 'mono' : undefined}>{children}</dd>
    </div>
  );
}
