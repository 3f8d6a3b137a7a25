/**
 * The bot's code: Save (saved; runs after a restart) and Save and restart, which may undo itself when the new code
 * fails (docs/versions.md#automatic-rollback). A note says when the saved code is not the running code, and another
 * when the editor holds unsaved changes.
 */
import { useEffect, useMemo, useState } from "react";
import { useCode, useSaveCode } from "../../api/queries.js";
import type { BotDetail } from "../../api/types.js";
import { Field } from "../../components/Field.js";
import { ErrorNote, Loading } from "../../components/States.js";
import { CodeEditor } from "./CodeEditor.js";
import { botApiTypes } from "./completions.js";

export function CodeTab({ bot }: { bot: BotDetail }) {
  const code = useCode(bot.botId);
  const save = useSaveCode(bot.botId);
  const [draft, setDraft] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  // A note kept with the version the next save makes (History shows it).
  const [message, setMessage] = useState("");
  // Save and restart watches the new code and goes back to the running version when it fails.
  const [autoRollback, setAutoRollback] = useState(true);
  const saved = code.data ?? "";
  const current = draft ?? saved;
  const dirty = draft !== null && draft !== saved;
  const typesUrl = useMemo(() => URL.createObjectURL(new Blob([botApiTypes], { type: "text/plain" })), []);
  useEffect(() => () => URL.revokeObjectURL(typesUrl), [typesUrl]);

  const doSave = (restart: boolean) => {
    const note = message.trim();
    save.mutate(
      { code: current, restart, ...(note ? { message: note } : {}), ...(restart ? { autoRollback } : {}) },
      {
        onSuccess: () => {
          setDraft(null);
          setMessage("");
        },
      },
    );
  };

  if (code.isPending) return <Loading label="Loading code…" />;
  if (code.isError) return <ErrorNote error={code.error} title="Could not load the code" />;

  return (
    <section className="card" aria-labelledby="code-title">
      <div className="card-head">
        <h2 id="code-title" className="card-title">
          Code
        </h2>
        <div className="actions">
          {dirty ? <span className="pill pill-queued">Unsaved changes</span> : null}
          <a className="button button-ghost button-small" href={typesUrl} download="bot-api.d.ts">
            Download bot-api.d.ts
          </a>
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={!dirty}
            onClick={() => {
              setDraft(null);
              setResetKey((k) => k + 1);
            }}
          >
            Discard changes
          </button>
          <button type="button" className="button" disabled={save.isPending} onClick={() => doSave(false)}>
            Save
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={save.isPending}
            onClick={() => doSave(true)}
          >
            Save and restart
          </button>
          <label className="check" title="For the first minute after the restart">
            <input
              type="checkbox"
              checked={autoRollback}
              onChange={(e) => setAutoRollback(e.target.checked)}
              data-testid="auto-rollback"
            />
            Undo by itself if it fails
          </label>
        </div>
      </div>
      {bot.codeDiffers && !save.isPending ? (
        <p className="note note-info" role="status" data-testid="code-differs">
          The saved code is not the code that is running. Save and restart (or Restart) to run it.
        </p>
      ) : null}
      {save.isSuccess && !dirty ? (
        <p className="note note-success" role="status">
          {save.data.restarted
            ? `Saved and restarted.${save.data.webhook === "failed" ? " Telegram refused the webhook: check the token." : ""}`
            : "Saved. It runs after the next restart."}{" "}
          {`Version ${save.data.version}.`}
          {save.data.autoRollback
            ? ` If it fails to load, is halted or fails most calls before ${new Date(save.data.autoRollback.until).toLocaleTimeString()}, version ${save.data.autoRollback.to} runs again by itself (see Logs and History).`
            : ""}
        </p>
      ) : null}
      {save.isError ? <ErrorNote error={save.error} title="Could not save" /> : null}
      <CodeEditor
        initial={current}
        resetKey={resetKey}
        envNames={bot.envNames}
        label="Bot code"
        onChange={setDraft}
        onSave={() => doSave(false)}
      />
      <Field label="Version note" hint="Optional; kept with the version the next save makes (see History).">
        <input className="input" maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} />
      </Field>
      <p className="muted small">
        Type <code>bot.</code>, <code>ctx.</code>, <code>db.operation.</code> or <code>process.env.</code> for
        suggestions; Ctrl+Space for all names; Ctrl+S saves.
      </p>
    </section>
  );
}
