/**
 * "Try it": a real call to one of the bot's custom webhooks, made by management on the owner's behalf; the reply's
 * status, headers and body are shown as text, and the bot's log lines stream in beside it. The version picker runs a
 * saved version instead, in an isolate of its own beside the running one (docs/versions.md#previews).
 */
import { type FormEvent, useState } from "react";
import { ApiError } from "../../api/http.js";
import { useTry } from "../../api/queries.js";
import { useVersions } from "../history/queries.js";
import type { BotDetail } from "../../api/types.js";
import { Field } from "../../components/Field.js";
import { LiveLogs } from "../logs/LiveLogs.js";
import { FormError } from "../../components/FormError.js";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** `a=1&b=2` (or a leading `?`) → `{ a: "1", b: "2" }`. */
function parseQuery(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text.trim().replace(/^\?/, "")));
}

export function TryTab({ bot }: { bot: BotDetail }) {
  const call = useTry(bot.botId);
  const [method, setMethod] = useState<(typeof METHODS)[number]>("POST");
  const [path, setPath] = useState("");
  const [query, setQuery] = useState("");
  const [body, setBody] = useState("");
  const [bodyError, setBodyError] = useState<string>();
  // "running": the running bot through its public webhook; a number: a preview of that saved version.
  const [version, setVersion] = useState<"running" | number>("running");
  const versions = useVersions(bot.botId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let parsed: unknown;
    if (body.trim() && method !== "GET") {
      try {
        parsed = JSON.parse(body);
      } catch (error) {
        setBodyError(`Not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
    }
    setBodyError(undefined);
    call.mutate({
      method,
      path: path.replace(/^\/+/, ""),
      ...(query.trim() ? { query: parseQuery(query) } : {}),
      ...(parsed !== undefined ? { body: parsed } : {}),
      ...(version !== "running" ? { version } : {}),
    });
  };
  const serverError = call.error instanceof ApiError ? call.error : null;
  const fieldError = (field: string) => (serverError?.field === field ? serverError.message : undefined);

  return (
    <div className="grid-2">
      <section className="card" aria-labelledby="try-title">
        <h2 id="try-title" className="card-title">
          Try a webhook
        </h2>
        <form onSubmit={submit} noValidate>
          <div className="row">
            <Field label="Method">
              <select className="input" value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
                {METHODS.map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </select>
            </Field>
            <div className="grow">
              <Field label="Path" hint={`Called as ${bot.webhook.customBase}<path>`} error={fieldError("path")}>
                <input
                  className="input input-mono"
                  placeholder="hello"
                  value={path}
                  onChange={(e) => setPath(e.target.value)}
                />
              </Field>
            </div>
          </div>
          <Field
            label="Version"
            hint="Another version runs in an isolate of its own: the running bot is not touched"
            error={fieldError("version")}
          >
            <select
              className="input"
              data-testid="try-version"
              value={String(version)}
              onChange={(e) => setVersion(e.target.value === "running" ? "running" : Number(e.target.value))}
            >
              <option value="running">
                Running{versions.data?.runningVersion ? ` (version ${versions.data.runningVersion})` : ""}
              </option>
              {(versions.data?.versions ?? []).map((v) => (
                <option key={v.version} value={v.version}>
                  {`Version ${v.version}${v.running ? " (running)" : ""}${v.message ? `: ${v.message.slice(0, 40)}` : ""}`}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Query" hint="Like name=Ada&lang=en" error={fieldError("query")}>
            <input className="input input-mono" value={query} onChange={(e) => setQuery(e.target.value)} />
          </Field>
          <Field label="JSON body" error={bodyError ?? fieldError("body")}>
            <textarea
              className="input input-mono"
              rows={5}
              placeholder='{ "name": "Ada" }'
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          </Field>
          <button type="submit" className="button button-primary" disabled={call.isPending || !path.trim()}>
            {call.isPending ? "Sending…" : "Send request"}
          </button>
        </form>
        <FormError>{serverError && !serverError.field ? serverError.message : null}</FormError>
        {call.data ? (
          <div className="response" aria-live="polite">
            <h3 className="response-title">
              Response{" "}
              <span className={call.data.status < 400 ? "pill pill-ok" : "pill pill-error"} data-testid="try-status">
                {call.data.status}
              </span>
            </h3>
            <h4 className="response-sub">Headers</h4>
            <pre className="code-block">
              {Object.entries(call.data.headers)
                .map(([k, v]) => `${k}: ${v}`)
                .join("\n")}
            </pre>
            <h4 className="response-sub">Body</h4>
            <pre className="code-block" data-testid="try-body">
              {typeof call.data.body === "string" ? call.data.body : JSON.stringify(call.data.body, null, 2)}
            </pre>
          </div>
        ) : null}
      </section>
      <section className="card" aria-labelledby="try-logs-title">
        <h2 id="try-logs-title" className="card-title">
          Live log
        </h2>
        <LiveLogs botId={bot.botId} compact />
      </section>
    </div>
  );
}
