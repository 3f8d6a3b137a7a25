/**
 * History: every version of the bot's code with who made it, when and why; which version is saved and which runs; a
 * side-by-side diff of any two; and a rollback (after a confirmation) that saves an old version as a new one and,
 * by default, restarts the bot on it. @see docs/versions.md
 */
import { useState } from "react";
import type { Reply } from "../../api/client.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { ErrorNote, Loading } from "../../components/States.js";
import { DiffView } from "./DiffView.js";
import { useRollback, useVersion, useVersions } from "./queries.js";
import "./history.css";

type Version = Reply<"/api/bots/{botId}/versions", "get">["versions"][number];

const SOURCES: Record<Version["source"], string> = {
  api: "API key",
  dashboard: "Dashboard",
  transfer: "Transfer",
  rollback: "Rollback",
  "automatic-rollback": "Automatic rollback",
  migration: "Before versions",
};

function who(v: Version): string {
  const source = SOURCES[v.source];
  return v.restoredFrom === null ? source : `${source} of version ${v.restoredFrom}`;
}

function size(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function HistoryTab({ botId }: { botId: string }) {
  const list = useVersions(botId);
  const rollback = useRollback(botId);
  const [left, setLeft] = useState<number>();
  const [right, setRight] = useState<number>();
  const [confirm, setConfirm] = useState<number>();
  const [restart, setRestart] = useState(true);

  const versions = list.data?.versions ?? [];
  const saved = list.data?.savedVersion;
  const running = list.data?.runningVersion ?? null;
  // By default: what runs (or the one before the newest) against what is saved.
  const fallbackLeft = running !== null && running !== saved ? running : (versions[1]?.version ?? saved);
  const a = left ?? fallbackLeft;
  const b = right ?? saved;
  const codeA = useVersion(botId, a);
  const codeB = useVersion(botId, b);

  if (list.isPending) return <Loading label="Loading the history…" />;
  if (list.isError) return <ErrorNote error={list.error} title="Could not load the history" />;

  const choose = (label: string, value: number | undefined, onChange: (v: number) => void) => (
    <label className="history-pick">
      <span>{label}</span>
      <select className="input" value={value ?? ""} onChange={(e) => onChange(Number(e.target.value))}>
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            Version {v.version}
            {v.running ? " (running)" : ""}
            {v.version === saved ? " (saved)" : ""}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="history">
      <section className="card" aria-labelledby="history-title">
        <div className="card-head">
          <h2 id="history-title" className="card-title">
            History
          </h2>
          <p className="muted small" data-testid="history-summary">
            Version {saved} is saved.{" "}
            {running === null ? "The bot has not been started yet." : `Version ${running} is running.`}
          </p>
        </div>
        {rollback.isSuccess ? (
          <p className="note note-success" role="status">
            Version {rollback.data.restoredFrom} restored as version {rollback.data.version}.{" "}
            {rollback.data.restarted
              ? `It is running.${rollback.data.webhook === "failed" ? " Telegram refused the webhook: check the token." : ""}`
              : "It runs after the next restart."}
          </p>
        ) : null}
        <div className="history-scroll">
          <table className="table history-table">
            <caption className="visually-hidden">Versions of the code, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">When</th>
                <th scope="col">By</th>
                <th scope="col">Message</th>
                <th scope="col" className="num">
                  Size
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.version} data-testid={`version-${v.version}`}>
                  <th scope="row">
                    <span className="history-number">{v.version}</span>
                    {v.running ? <span className="pill pill-running">Running</span> : null}
                    {v.version === saved ? <span className="pill pill-ok">Saved</span> : null}
                  </th>
                  <td>
                    <time dateTime={v.createdAt}>{when(v.createdAt)}</time>
                  </td>
                  <td>{who(v)}</td>
                  <td className="history-message">{v.message ?? <span className="muted">—</span>}</td>
                  <td className="num">{size(v.size)}</td>
                  <td className="history-actions">
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      onClick={() => {
                        setLeft(v.version);
                        setRight(saved);
                      }}
                      aria-label={`Compare version ${v.version} with the saved version`}
                      disabled={v.version === saved}
                    >
                      Compare
                    </button>
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => {
                        rollback.reset();
                        setRestart(true);
                        setConfirm(v.version);
                      }}
                      aria-label={`Roll back to version ${v.version}`}
                      disabled={v.version === saved}
                    >
                      Roll back
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card" aria-labelledby="diff-title">
        <div className="card-head">
          <h2 id="diff-title" className="card-title">
            Compare versions
          </h2>
          <div className="actions">
            {choose("Left", a, setLeft)}
            {choose("Right", b, setRight)}
          </div>
        </div>
        {codeA.isError || codeB.isError ? (
          <ErrorNote error={codeA.error ?? codeB.error} title="Could not load a version" />
        ) : codeA.data === undefined || codeB.data === undefined ? (
          <Loading label="Loading the versions…" />
        ) : codeA.data.sha256 === codeB.data.sha256 ? (
          <p className="note note-info" role="status">
            Version {a} and version {b} hold the same code.
          </p>
        ) : (
          <DiffView a={codeA.data.code} b={codeB.data.code} labelA={`Version ${a}`} labelB={`Version ${b}`} />
        )}
      </section>

      <ConfirmDialog
        open={confirm !== undefined}
        title={`Roll back to version ${confirm}?`}
        confirmLabel={restart ? "Roll back and restart" : "Roll back"}
        busy={rollback.isPending}
        onCancel={() => setConfirm(undefined)}
        onConfirm={() => {
          if (confirm === undefined) return;
          rollback.mutate(
            { version: confirm, restart },
            {
              onSuccess: () => {
                setConfirm(undefined);
                setLeft(undefined);
                setRight(undefined);
              },
            },
          );
        }}
      >
        <p>
          The code of version {confirm} is saved as a new version. Every version stays in the history, so you can come
          back.
        </p>
        <label className="check">
          <input type="checkbox" checked={restart} onChange={(e) => setRestart(e.target.checked)} />
          Restart now so it runs (otherwise it runs after the next restart)
        </label>
        {rollback.error ? <ErrorNote error={rollback.error} title="Could not roll back" /> : null}
      </ConfirmDialog>
    </div>
  );
}
