/** Renames the bot in a small dialog. */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../../api/http.js";
import { useRenameBot } from "../../api/queries.js";
import { Field } from "../../components/Field.js";

export function RenameButton({ botId, name }: { botId: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-ghost button-small" onClick={() => setOpen(true)}>
        Rename
      </button>
      {open ? <RenameDialog botId={botId} name={name} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function RenameDialog({ botId, name, onClose }: { botId: string; name: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const rename = useRenameBot(botId);
  const [value, setValue] = useState(name);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(value, { onSuccess: onClose });
  };
  const error =
    rename.error instanceof ApiError ? rename.error.message : rename.error ? String(rename.error) : undefined;
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
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="dialog-title">
          Rename bot
        </h2>
        <Field label="Bot name" error={error}>
          <input className="input" value={value} onChange={(e) => setValue(e.target.value)} maxLength={100} />
        </Field>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={rename.isPending}>
            Save name
          </button>
        </div>
      </form>
    </dialog>
  );
}
