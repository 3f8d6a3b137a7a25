/** Transfer: copies the bot and its code to another account, optionally seeding collections; shows the report. */
import { type FormEvent, useState } from "react";
import { ApiError } from "../../api/http.js";
import { useTransfer } from "../../api/queries.js";
import type { TransferRequest } from "../../api/types.js";
import { Field } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";

export function TransferTab({ botId }: { botId: string }) {
  const transfer = useTransfer(botId);
  const [targetEmail, setTargetEmail] = useState("");
  const [newBotToken, setNewBotToken] = useState("");
  const [runNow, setRunNow] = useState(false);
  const [dbProps, setDbProps] = useState("");
  const [dbPropsError, setDbPropsError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TransferRequest = { targetEmail: targetEmail.trim() };
    if (newBotToken.trim()) body.newBotToken = newBotToken.trim();
    if (runNow) body.run_now = true;
    if (dbProps.trim()) {
      try {
        const parsed: unknown = JSON.parse(dbProps);
        if (
          typeof parsed !== "object" ||
          parsed === null ||
          Array.isArray(parsed) ||
          !Object.values(parsed).every((docs) => Array.isArray(docs))
        ) {
          setDbPropsError("dbProps must be a JSON object: collection name → array of documents.");
          return;
        }
        // The server checks each document (an object) and each collection name, and reports per collection.
        body.dbProps = parsed as NonNullable<TransferRequest["dbProps"]>;
      } catch (error) {
        setDbPropsError(`Not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
    }
    setDbPropsError(undefined);
    transfer.mutate(body);
  };
  const error = transfer.error instanceof ApiError ? transfer.error : null;
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);

  return (
    <section className="card narrow" aria-labelledby="transfer-title">
      <h2 id="transfer-title" className="card-title">
        Transfer a copy
      </h2>
      <p className="muted">
        Creates a new bot with this bot's code on the account of the recipient. This bot is not changed.
      </p>
      <form onSubmit={submit} noValidate>
        <Field label="Target e-mail" error={fieldError("targetEmail")}>
          <input
            className="input"
            type="email"
            value={targetEmail}
            onChange={(e) => setTargetEmail(e.target.value)}
            required
          />
        </Field>
        <Field label="New bot token" hint="Optional; needed to run the new bot." error={fieldError("newBotToken")}>
          <input
            className="input"
            type="password"
            autoComplete="off"
            value={newBotToken}
            onChange={(e) => setNewBotToken(e.target.value)}
          />
        </Field>
        <label className="check">
          <input type="checkbox" checked={runNow} onChange={(e) => setRunNow(e.target.checked)} />
          Run the new bot now (needs a new bot token)
        </label>
        <Field
          label="dbProps (JSON)"
          hint='Collections to seed, e.g. { "users": [{ "name": "Ada" }] }'
          error={dbPropsError ?? fieldError("dbProps")}
        >
          <textarea
            className="input input-mono"
            rows={5}
            value={dbProps}
            onChange={(e) => setDbProps(e.target.value)}
          />
        </Field>
        <FormError>{error && !error.field ? error.message : null}</FormError>
        <button type="submit" className="button button-primary" disabled={transfer.isPending || !targetEmail.trim()}>
          Transfer
        </button>
      </form>
      {transfer.data ? (
        <div className="response" role="status">
          <p className="note note-success">
            Transferred. New bot id: <code>{transfer.data.newBotId}</code>
          </p>
          {Object.keys(transfer.data.dbProps).length > 0 ? (
            <table className="table">
              <caption>Seeded collections</caption>
              <thead>
                <tr>
                  <th scope="col">Collection</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(transfer.data.dbProps).map(([name, result]) => (
                  <tr key={name}>
                    <td>
                      <code>{name}</code>
                    </td>
                    <td>{describe(result)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function describe(result: unknown): string {
  if (typeof result === "object" && result !== null) {
    const r = result as { inserted?: unknown; error?: unknown };
    if (typeof r.inserted === "number") return `${r.inserted} inserted`;
    if (typeof r.error === "string") return `failed: ${r.error}`;
    if (typeof r.error === "object" && r.error !== null) return `failed: ${JSON.stringify(r.error)}`;
  }
  return JSON.stringify(result);
}
