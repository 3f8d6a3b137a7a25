/** Renames the bot in a small dialog. */
import { type FormEvent, useState } from "react";
import { ApiError } from "../../api/http.js";
import { useRenameBot } from "../../api/queries.js";
import { Field } from "../../components/Field.js";
import { Modal } from "../../components/Modal.js";

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
  const rename = useRenameBot(botId);
  const [value, setValue] = useState(name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(value, { onSuccess: onClose });
  };
  const error =
    rename.error instanceof ApiError ? rename.error.message : rename.error ? String(rename.error) : undefined;
  return (
    <Modal
      title="Rename bot"
      onClose={onClose}
      onSubmit={submit}
      actions={
        <button type="submit" className="button button-primary" disabled={rename.isPending}>
          Save name
        </button>
      }
    >
      <Field label="Bot name" error={error}>
        <input className="input" value={value} onChange={(e) => setValue(e.target.value)} maxLength={100} />
      </Field>
    </Modal>
  );
}
