/** Overview: webhook URLs, recipients by language, the bot token (write-only) and the env vars (values write-only). */
import { type FormEvent, useState } from "react";
import { ApiError } from "../../api/http.js";
import { useRecipients, useSetEnv, useSetToken } from "../../api/queries.js";
import type { BotDetail } from "../../api/types.js";
import { CopyButton } from "../../components/CopyButton.js";
import { Field } from "../../components/Field.js";
import { ErrorNote, Loading } from "../../components/States.js";
import { FormError } from "../../components/FormError.js";

export function OverviewTab({ bot }: { bot: BotDetail }) {
  return (
    <div className="grid-2">
      <section className="card" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title" className="card-title">
          Webhook URLs
        </h2>
        <dl className="url-list">
          <dt>
            Custom webhooks (append a path registered in <code>logic</code>)
          </dt>
          <dd className="url-row">
            <code className="url">{bot.webhook.customBase}</code>
            <CopyButton text={bot.webhook.customBase} label="Copy custom webhook URL" />
          </dd>
          <dt>Telegram updates (registered by Restart)</dt>
          <dd className="url-row">
            <code className="url">{bot.webhook.telegram}</code>
            <CopyButton text={bot.webhook.telegram} label="Copy Telegram webhook URL" />
          </dd>
        </dl>
        <dl className="facts">
          <dt>Created</dt>
          <dd>{formatTime(bot.createdAt)}</dd>
          <dt>Code saved</dt>
          <dd>{formatTime(bot.codeUpdatedAt)}</dd>
          <dt>Started</dt>
          <dd>{formatTime(bot.startedAt)}</dd>
        </dl>
      </section>
      <RecipientsCard botId={bot.botId} />
      <TokenCard bot={bot} />
      <EnvCard bot={bot} />
    </div>
  );
}

export function formatTime(iso: string | null): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : date.toLocaleString();
}

function RecipientsCard({ botId }: { botId: string }) {
  const recipients = useRecipients(botId);
  return (
    <section className="card" aria-labelledby="recipients-title">
      <h2 id="recipients-title" className="card-title">
        Recipients
      </h2>
      {recipients.isPending ? <Loading /> : null}
      {recipients.isError ? <ErrorNote error={recipients.error} title="Could not count recipients" /> : null}
      {recipients.data ? (
        <>
          <div className="stats">
            <div className="stat">
              <span className="stat-value">{recipients.data.total}</span>
              <span className="stat-label">people</span>
            </div>
            <div className="stat">
              <span className="stat-value">{recipients.data.blocked}</span>
              <span className="stat-label">blocked the bot</span>
            </div>
          </div>
          {recipients.data.byLanguage.length === 0 ? (
            <p className="muted">Nobody has written to this bot yet.</p>
          ) : (
            <table className="table">
              <caption className="visually-hidden">Recipients by language</caption>
              <thead>
                <tr>
                  <th scope="col">Language</th>
                  <th scope="col" className="num">
                    Recipients
                  </th>
                </tr>
              </thead>
              <tbody>
                {recipients.data.byLanguage.map((row) => (
                  <tr key={row.lang ?? "unknown"}>
                    <td>{row.lang ?? "unknown"}</td>
                    <td className="num">{row.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </section>
  );
}

function TokenCard({ bot }: { bot: BotDetail }) {
  const setToken = useSetToken(bot.botId);
  const [token, setTokenValue] = useState("");
  const error = setToken.error instanceof ApiError ? setToken.error.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setToken.mutate(token.trim(), { onSuccess: () => setTokenValue("") });
  };
  return (
    <section className="card" aria-labelledby="token-title">
      <h2 id="token-title" className="card-title">
        Bot token
      </h2>
      <p className="muted">
        Current: <code data-testid="token-masked">{bot.token.set ? bot.token.masked : "not set"}</code>. The token is
        never shown again after saving.
      </p>
      <form onSubmit={submit} className="inline-form" noValidate>
        <Field label="New bot token" error={error}>
          <input
            className="input"
            type="password"
            autoComplete="off"
            placeholder="123456:ABC…"
            value={token}
            onChange={(e) => setTokenValue(e.target.value)}
          />
        </Field>
        <button type="submit" className="button" disabled={!token.trim() || setToken.isPending}>
          Save token
        </button>
      </form>
      {setToken.isSuccess ? (
        <p className="note note-success" role="status">
          Token saved. Restart the bot to register its webhook with Telegram.
        </p>
      ) : null}
    </section>
  );
}

interface EnvRow {
  key: number;
  name: string;
  /** null: the saved value, kept. */
  value: string | null;
}

let rowKey = 0;

function EnvCard({ bot }: { bot: BotDetail }) {
  const setEnv = useSetEnv(bot.botId);
  const [rows, setRows] = useState<EnvRow[]>(() => bot.envNames.map((name) => ({ key: ++rowKey, name, value: null })));
  const [dirty, setDirty] = useState(false);
  const update = (key: number, patch: Partial<EnvRow>) => {
    setDirty(true);
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A row left untouched keeps its saved value by name: the page never has the value (docs/dashboard.md#bots).
    const env: Record<string, string> = {};
    const keep: string[] = [];
    for (const row of rows) {
      const name = row.name.trim();
      if (!name) continue;
      if (row.value === null) keep.push(name);
      else env[name] = row.value;
    }
    setEnv.mutate(
      { env, keep },
      {
        onSuccess: ({ envNames }) => {
          setRows(envNames.map((name) => ({ key: ++rowKey, name, value: null })));
          setDirty(false);
        },
      },
    );
  };
  const error = setEnv.error instanceof ApiError ? setEnv.error.message : undefined;
  return (
    <section className="card" aria-labelledby="env-title">
      <h2 id="env-title" className="card-title">
        Environment variables
      </h2>
      <p className="muted">
        Read by the bot as <code>process.env.NAME</code>. Values are write-only: saved values are never shown.
      </p>
      <form onSubmit={submit} noValidate>
        {rows.length === 0 ? <p className="muted">No variables yet.</p> : null}
        <ul className="env-list">
          {rows.map((row, i) => (
            <li key={row.key} className="env-row">
              <input
                className="input input-mono"
                aria-label={`Variable ${i + 1} name`}
                placeholder="NAME"
                value={row.name}
                onChange={(e) => update(row.key, { name: e.target.value })}
              />
              <input
                className="input input-mono"
                type="password"
                autoComplete="off"
                aria-label={`Variable ${i + 1} value`}
                placeholder={row.value === null ? "•••••• saved (type to replace)" : "value"}
                value={row.value ?? ""}
                onChange={(e) => update(row.key, { value: e.target.value })}
              />
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Remove variable ${row.name || i + 1}`}
                onClick={() => {
                  setDirty(true);
                  setRows((current) => current.filter((r) => r.key !== row.key));
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <FormError>{error ? error : null}</FormError>
        <div className="actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              setDirty(true);
              setRows((current) => [...current, { key: ++rowKey, name: "", value: "" }]);
            }}
          >
            Add variable
          </button>
          <button type="submit" className="button button-primary" disabled={!dirty || setEnv.isPending}>
            Save variables
          </button>
        </div>
        {setEnv.isSuccess && !dirty ? (
          <p className="note note-success" role="status">
            Variables saved.
          </p>
        ) : null}
      </form>
    </section>
  );
}
