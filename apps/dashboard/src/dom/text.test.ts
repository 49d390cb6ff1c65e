/** @vitest-environment happy-dom */
import { describe, expect, it } from 'vitest';
import { escapeHtml, installTextOnlyPolicy, textElement } from './text.js';

const PAYLOAD = 'Städtle 38, <b>X</b><meta http-equiv=refresh content="1;url=http://127.0.0.1:19000/phish">, 9490 Vaduz';

describe('text on the page', () => {
  it('puts a payload in one text node, never elements', () => {
    const element = textElement(PAYLOAD);
    expect(element.childNodes).toHaveLength(1);
    expect(element.firstChild?.nodeType).toBe(3);
    expect(element.textContent).toBe(PAYLOAD);
    expect(element.querySelector('*')).toBeNull();
  });

  it('escapes a string so that parsing it as HTML gives the text back', () => {
    const holder = document.createElement('div');
    holder.innerHTML = escapeHtml(PAYLOAD);
    expect(holder.querySelector('*')).toBeNull();
    expect(holder.textContent).toBe(PAYLOAD);
  });

  it('installs a default policy that escapes markup and leaves other strings alone', () => {
    const policies: Array<{ name: string; createHTML(input: string): string }> = [];
    installTextOnlyPolicy({ trustedTypes: { createPolicy: (name, rules) => policies.push({ name, ...rules }) } });
    const [policy] = policies;
    expect(policy?.name).toBe('default');
    expect(policy?.createHTML('&#x2212;')).toBe('&#x2212;');
    expect(policy?.createHTML('<span aria-hidden="true">+</span>')).toBe('<span aria-hidden="true">+</span>');
    expect(policy?.createHTML('<span aria-hidden="true"><svg onload=alert(1)></span>')).toBe(
      escapeHtml('<span aria-hidden="true"><svg onload=alert(1)></span>'),
    );
    expect(policy?.createHTML(PAYLOAD)).toBe(escapeHtml(PAYLOAD));
    expect(() => installTextOnlyPolicy({})).not.toThrow();
  });
});
