/**
 * Settings → Notifications (docs/notifications.md): where the owner is told when a bot needs them. Channels (a
 * Telegram chat through the operator's notifier bot, linked by a one-time start link; an HTTPS webhook whose signing
 * secret is shown once), each with a Test button, Remove, and its last failure; and the rules, which kinds to send.
 */
import { type FormEvent, useEffect, useState } from "react";
import { ApiError } from "../../api/http.js";
import {
  useAddNotificationChannel,
  useNotifications,
  useRemoveNotificationChannel,
  useSetNotificationRules,
  useTestNotificationChannel,
} from "../../api/queries.js";
import type { NotificationChannel, NotificationKind } from "../../api/types.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { CopyButton } from "../../components/CopyButton.js";
import { Field } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { ErrorNote, Loading } from "../../components/States.js";

const KINDS: Array<{ kind: NotificationKind; label: string }> = [
  { kind: "bot_halted", label: "A bot is halted (with its reason)" },
  { kind: "broadcast_finished", label: "A broadcast finished" },
  { kind: "broadcast_failed", label: "A broadcast failed" },
  { kind: "schedule_failed", label: "A scheduled run failed" },
  { kind: "schedule_missed", label: "A scheduled run was missed (the bot was halted or stopped)" },
  { kind: "quota_nearly_used", label: "A quota of your plan is 80 % used" },
];

const when = (iso: string) => new Date(iso).toLocaleString();

export function NotificationsCard() {
  const notifications = useNotifications();
  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title" className="card-title">
        Notifications
      </h2>
      <p className="muted">
        Be told when a bot needs you: at most one message per bot and kind every 10 minutes. Messages name the bot and
        what happened, never a token or a key.
      </p>
      {notifications.isPending ? <Loading label="Loading your notifications…" /> : null}
      {notifications.isError ? (
        <ErrorNote error={notifications.error} title="Could not load your notifications" />
      ) : null}
      {notifications.data ? (
        <>
          <ChannelList channels={notifications.data.channels} />
          <AddChannel telegram={notifications.data.telegram} />
          <Rules kinds={notifications.data.kinds} />
        </>
      ) : null}
    </section>
  );
}

function ChannelList({ channels }: { channels: NotificationChannel[] }) {
  const test = useTestNotificationChannel();
  const remove = useRemoveNotificationChannel();
  const [removing, setRemoving] = useState<NotificationChannel | null>(null);
  if (channels.length === 0) return <p className="note">No channels yet: add a Telegram chat or a webhook below.</p>;
  return (
    <>
      <h3 className="subtitle">Channels</h3>
      <ul className="channel-list">
        {channels.map((channel) => {
          const name = channel.kind === "telegram" ? "Telegram chat" : (channel.url ?? "Webhook");
          const tested = test.variables === channel.id ? test : undefined;
          return (
            <li key={channel.id} className="channel" data-testid="notification-channel">
              <div className="channel-main">
                <span className="channel-kind">{channel.kind === "telegram" ? "Telegram" : "Webhook"}</span>
                <span className="channel-name">{channel.kind === "telegram" ? "" : channel.url}</span>
                <span className="muted channel-state">
                  {!channel.linked
                    ? "Waiting for the start link to be opened in Telegram"
                    : channel.lastDeliveredAt
                      ? `Last message ${when(channel.lastDeliveredAt)}`
                      : "No message yet"}
                </span>
                {channel.lastError ? (
                  <span className="channel-error" role="note">
                    Last failure{channel.lastErrorAt ? ` (${when(channel.lastErrorAt)})` : ""}: {channel.lastError}
                  </span>
                ) : null}
                {tested?.data ? (
                  <span role="status" className={tested.data.delivered ? "channel-ok" : "channel-error"}>
                    {tested.data.delivered ? "The test message arrived." : `Not delivered: ${tested.data.error ?? ""}`}
                  </span>
                ) : null}
                {tested?.error ? <ErrorNote error={tested.error} title="Could not test" /> : null}
              </div>
              <div className="channel-actions">
                <button
                  type="button"
                  className="button"
                  disabled={!channel.linked || test.isPending}
                  aria-label={`Test ${name}`}
                  onClick={() => test.mutate(channel.id)}
                >
                  {tested?.isPending ? "Sending…" : "Test"}
                </button>
                <button
                  type="button"
                  className="button button-danger-outline"
                  aria-label={`Remove ${name}`}
                  onClick={() => setRemoving(channel)}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {remove.isError ? <ErrorNote error={remove.error} title="Could not remove" /> : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this channel?"
        confirmLabel="Remove channel"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
      >
        It gets no more notifications. A webhook's secret is forgotten; adding it again makes a new one.
      </ConfirmDialog>
    </>
  );
}

function AddChannel({ telegram }: { telegram: boolean }) {
  const add = useAddNotificationChannel();
  const [url, setUrl] = useState("");
  const error =
    add.error instanceof ApiError ? add.error : add.error ? new ApiError(0, "ERROR", String(add.error)) : null;

  const addWebhook = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ kind: "webhook", url }, { onSuccess: () => setUrl("") });
  };

  return (
    <>
      <h3 className="subtitle">Add a channel</h3>
      {telegram ? (
        <div className="actions actions-start">
          <button
            type="button"
            className="button"
            disabled={add.isPending}
            onClick={() => add.mutate({ kind: "telegram" })}
          >
            Add a Telegram chat
          </button>
        </div>
      ) : (
        <p className="muted">Telegram is not offered on this server (the operator has set no notifier bot).</p>
      )}
      <form onSubmit={addWebhook} noValidate aria-label="Add a webhook" className="inline-form webhook-form">
        <Field
          label="Webhook URL"
          hint="https:// on a public address; each call is signed (Botyard-Signature)."
          error={error?.field === "url" ? error.message : undefined}
        >
          <input
            className="input"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/hooks/botyard"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field>
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          Add webhook
        </button>
      </form>
      <FormError>{error && error.field !== "url" ? error.message : null}</FormError>
      {add.data?.startLink ? (
        <div className="note note-success" role="status">
          <p>Open this link on the phone or computer where you use Telegram, then press Start. It works once.</p>
          <div className="key-row">
            <a className="key" href={add.data.startLink} target="_blank" rel="noreferrer" data-testid="start-link">
              {add.data.startLink}
            </a>
            <CopyButton text={add.data.startLink} label="Copy the start link" />
          </div>
        </div>
      ) : null}
      {add.data?.secret ? (
        <div className="note note-success" role="status">
          <p>
            The webhook's signing secret, shown only now: keep it with your receiver, which checks each call's
            Botyard-Signature with it.
          </p>
          <div className="key-row">
            <output className="key" aria-label="Webhook secret" data-testid="webhook-secret">
              {add.data.secret}
            </output>
            <CopyButton text={add.data.secret} label="Copy the webhook secret" />
          </div>
        </div>
      ) : null}
    </>
  );
}

function Rules({ kinds }: { kinds: NotificationKind[] }) {
  const save = useSetNotificationRules();
  // What the boxes show: a click at once, then what the server holds. Bound to `kinds` alone, a box snapped back
  // until the query's cache took the new rules, a few milliseconds later (the cache tells React from a timer).
  const [shown, setShown] = useState(kinds);
  useEffect(() => setShown(kinds), [kinds]);
  const toggle = (kind: NotificationKind, on: boolean) => {
    const next = on ? [...shown, kind] : shown.filter((k) => k !== kind);
    setShown(next);
    save.mutate(next);
  };
  return (
    <fieldset className="rules" disabled={save.isPending}>
      <legend className="subtitle">Tell me when</legend>
      {KINDS.map(({ kind, label }) => (
        <label key={kind} className="check">
          <input type="checkbox" checked={shown.includes(kind)} onChange={(e) => toggle(kind, e.target.checked)} />
          {label}
        </label>
      ))}
      {save.isError ? <ErrorNote error={save.error} title="Could not save" /> : null}
    </fieldset>
  );
}
