/** @vitest-environment happy-dom */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopySecret } from './copy-secret.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('CopySecret', () => {
  it('shows the secret read-only under its label and copies it', async () => {
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<CopySecret label="API key" value="lsk_Q2hVx9aBcdefghijklmnop" />);
    const field = screen.getByLabelText('API key') as HTMLInputElement;
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe('lsk_Q2hVx9aBcdefghijklmnop');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('API key copied.'));
    expect(write).toHaveBeenCalledWith('lsk_Q2hVx9aBcdefghijklmnop');
  });

  it('selects the text for the keyboard where the clipboard refuses', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('not allowed'));
    render(<CopySecret label="Webhook secret" value="whsec_abc" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Webhook secret selected: press Ctrl+C (⌘C) to copy.'));
  });
});
