/** "New bot": a name and, optionally, the token from @BotFather; the new bot opens at once. */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../../api/http.js";
import { useCreateBot } from "../../api/queries.js";
import { Field } from "../../components/Field.js";
import { botPath, navigate } from "../../router.js";

export function NewBotButton({ primary }: { primary?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={primary ? "button button-primary" : "button button-small"}
        onClick={() => setOpen(true)}
      >
        {primary ? "Create a bot" : "New bot"}
      </button>
      {open ? <NewBotDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function NewBotDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const create = useCreateBot();
  const [name, setName] = useState("");
  const [token, setToken] = useState("");
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const error = create.error instanceof ApiError ? create.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, ...(token.trim() ? { botToken: token.trim() } : {}) },
      {
        onSuccess: ({ botId }) => {
          onClose();
          navigate(botPath(botId, "code"));
        },
      },
    );
  };
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
          New bot
        </h2>
        <Field label="Bot name" error={error?.field === "name" ? error.message : undefined}>
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        </Field>
        <Field
          label="Bot token"
          hint="From @BotFather. Optional now; you can add it later."
          error={error?.field === "botToken" ? error.message : undefined}
        >
          <input
            className="input"
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
        </Field>
        {error && error.field !== "name" && error.field !== "botToken" ? (
          <p className="note note-error" role="alert">
            {error.message}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            Create bot
          </button>
        </div>
      </form>
    </dialog>
  );
}
