/** A modal confirmation: `open` shows it; Confirm calls `onConfirm`, Cancel or Escape calls `onCancel`. */
import type { ReactNode } from "react";
import { Modal } from "./Modal.js";

interface Props {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, danger, busy, onConfirm, onCancel }: Props) {
  if (!open) return null;
  return (
    <Modal
      title={title}
      onClose={onCancel}
      actions={
        <button
          type="button"
          className={danger ? "button button-danger" : "button button-primary"}
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </button>
      }
    >
      <div className="dialog-body">{children}</div>
    </Modal>
  );
}
