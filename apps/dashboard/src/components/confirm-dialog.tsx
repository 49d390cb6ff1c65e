import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  /** The dialog's heading, e.g. "Revoke lsk_Q2hVx9aB?". */
  title: string;
  /** What happens, in a sentence or two. */
  children: ComponentChildren;
  /** The confirming button's text, e.g. "Revoke key". */
  confirmLabel: string;
  /** Whether the action is running (disables the buttons). */
  pending?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal confirmation on the native `<dialog>` (focus trapped and Escape
 * handled by the browser). Cancel has the focus first, so Enter never
 * confirms a destructive action by accident.
 */
export function ConfirmDialog({ title, children, confirmLabel, pending = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal?.();
    cancel.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby="confirm-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-title">{title}</h2>
      <div>{children}</div>
      <div class="dialog-actions">
        <button type="button" ref={cancel} onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="button" class="danger" onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
