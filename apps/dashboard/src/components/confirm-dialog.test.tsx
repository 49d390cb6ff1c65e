/** @vitest-environment happy-dom */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.js';

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('opens modal, named by its title, with the focus on Cancel', () => {
    render(
      <ConfirmDialog title="Revoke lsk_Q2hVx9aB?" confirmLabel="Revoke key" onConfirm={vi.fn()} onCancel={vi.fn()}>
        <p>Every request with this key is refused.</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Revoke lsk_Q2hVx9aB?' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(document.activeElement?.textContent).toBe('Cancel');
  });

  it('confirms only on the confirming button, and cancels on Cancel', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog title="Rotate?" confirmLabel="Rotate secret" onConfirm={onConfirm} onCancel={onCancel}>
        <p>x</p>
      </ConfirmDialog>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('disables both buttons while the action runs', () => {
    render(
      <ConfirmDialog title="Revoke?" confirmLabel="Revoke key" pending onConfirm={vi.fn()} onCancel={vi.fn()}>
        <p>x</p>
      </ConfirmDialog>,
    );
    expect(screen.getAllByRole('button').map((button) => (button as HTMLButtonElement).disabled)).toEqual([true, true]);
  });
});
