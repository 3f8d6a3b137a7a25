/**
 * The one modal of the dashboard, on the native <dialog> (focus trap, Escape and the top layer for free). It opens when
 * mounted and closes when unmounted, so a caller renders it only while it should show. Escape or Cancel calls
 * `onClose`; with `onSubmit` the body is a form, so Enter submits it.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from "react";

interface Props {
  title: string;
  onClose: () => void;
  onSubmit?: (event: FormEvent) => void;
  children: ReactNode;
  /** The buttons after Cancel (Cancel is always first). */
  actions: ReactNode;
}

export function Modal({ title, onClose, onSubmit, children, actions }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  const content = (
    <>
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        {actions}
      </div>
    </>
  );
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          {content}
        </form>
      ) : (
        content
      )}
    </dialog>
  );
}
