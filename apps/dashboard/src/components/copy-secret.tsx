import { useRef, useState } from 'preact/hooks';

/**
 * A secret shown once (a new API key or webhook secret): read-only, with a
 * copy button. Copies through the Clipboard API; where the page has none
 * (plain http to a non-local host) it selects the text for Ctrl+C instead.
 *
 * @param label - the field's label (`API key`)
 * @param value - the secret
 */
export function CopySecret({ label, value }: { label: string; value: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  const id = `secret-${label.toLowerCase().replace(/\W+/g, '-')}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setStatus(`${label} copied.`);
    } catch {
      input.current?.select();
      setStatus(`${label} selected: press Ctrl+C (⌘C) to copy.`);
    }
  };
  return (
    <div class="secret">
      <label for={id}>{label}</label>
      <div class="secret-row">
        <input id={id} ref={input} class="mono" type="text" readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" onClick={copy}>
          Copy
        </button>
      </div>
      <p class="status" role="status">
        {status}
      </p>
    </div>
  );
}
