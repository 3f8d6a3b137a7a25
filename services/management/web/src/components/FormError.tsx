/** A form-level error (one that belongs to no single field), announced to screen readers; nothing when there is none. */
import type { ReactNode } from "react";

export function FormError({ children }: { children: ReactNode }) {
  if (children === undefined || children === null || children === false || children === "") return null;
  return (
    <p className="note note-error" role="alert">
      {children}
    </p>
  );
}
