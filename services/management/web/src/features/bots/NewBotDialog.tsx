/** "New bot": a name and, optionally, the token from @BotFather; the new bot opens at once. */
import { type FormEvent, useState } from "react";
import { ApiError } from "../../api/http.js";
import { useCreateBot } from "../../api/queries.js";
import { Field } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { Modal } from "../../components/Modal.js";
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
  const create = useCreateBot();
  const [name, setName] = useState("");
  const [token, setToken] = useState("");
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
    <Modal
      title="New bot"
      onClose={onClose}
      onSubmit={submit}
      actions={
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          Create bot
        </button>
      }
    >
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
      <FormError>{error && error.field !== "name" && error.field !== "botToken" ? error.message : null}</FormError>
    </Modal>
  );
}
