/**
 * Settings → API Key: the key is made on the first visit and is the same on every later one; Copy; Regenerate asks
 * first, because the old key stops working at once (docs/management-api.md). Settings → Password: changing it signs
 * out every other session (docs/dashboard.md#sessions). Settings → Notifications: NotificationsCard.tsx.
 */
import { type FormEvent, useState } from "react";
import { ApiError } from "../../api/http.js";
import { useApiKey, useChangePassword, useRegenerateApiKey, useSession } from "../../api/queries.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { CopyButton } from "../../components/CopyButton.js";
import { Field } from "../../components/Field.js";
import { ErrorNote, Loading } from "../../components/States.js";
import { FormError } from "../../components/FormError.js";
import { PlanCard } from "../usage/PlanCard.js";
import { NotificationsCard } from "./NotificationsCard.js";

export function SettingsPage() {
  const session = useSession();
  const apiKey = useApiKey();
  const regenerate = useRegenerateApiKey();
  const [confirming, setConfirming] = useState(false);

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Settings</h1>
          <p className="muted">Signed in as {session.data?.user.email}</p>
        </div>
      </header>
      <section className="card" aria-labelledby="api-key-title">
        <h2 id="api-key-title" className="card-title">
          API Key
        </h2>
        <p className="muted">
          Use this key with the management API (<code>/apiv3/…</code>) and the CLI. Keep it secret: it acts as you.
        </p>
        {apiKey.isPending ? <Loading label="Loading your key…" /> : null}
        {apiKey.isError ? <ErrorNote error={apiKey.error} title="Could not load the key" /> : null}
        {apiKey.data ? (
          <div className="key-row">
            <output className="key" aria-label="API Key" data-testid="api-key">
              {apiKey.data}
            </output>
            <CopyButton text={apiKey.data} />
            <button type="button" className="button button-danger-outline" onClick={() => setConfirming(true)}>
              Regenerate
            </button>
          </div>
        ) : null}
        {regenerate.isError ? <ErrorNote error={regenerate.error} title="Could not regenerate" /> : null}
        {regenerate.isSuccess ? (
          <p className="note note-success" role="status">
            A new key is active. The old one no longer works.
          </p>
        ) : null}
      </section>
      <PlanCard />
      <NotificationsCard />
      <PasswordCard />
      <ConfirmDialog
        open={confirming}
        title="Regenerate the API key?"
        confirmLabel="Regenerate key"
        danger
        busy={regenerate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => regenerate.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        The current key stops working at once. Scripts and the CLI that use it will need the new one.
      </ConfirmDialog>
    </div>
  );
}

function PasswordCard() {
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const error =
    change.error instanceof ApiError
      ? change.error
      : change.error
        ? new ApiError(0, "ERROR", String(change.error))
        : null;
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrent("");
          setNew("");
        },
      },
    );
  };

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title" className="card-title">
        Password
      </h2>
      <p className="muted">
        Changing your password signs you out everywhere else: other browsers and devices must sign in again with the new
        one. This browser stays signed in.
      </p>
      <form onSubmit={submit} noValidate aria-label="Change password" className="password-form">
        <Field label="Current password" error={fieldError("currentPassword")}>
          <input
            className="input"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
            required
          />
        </Field>
        <Field label="New password" hint="At least 10 characters." error={fieldError("newPassword")}>
          <input
            className="input"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNew(e.target.value)}
            required
          />
        </Field>
        <FormError>{error && !error.field ? error.message : null}</FormError>
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={change.isPending}>
            {change.isPending ? "Please wait…" : "Change password"}
          </button>
        </div>
        {change.isSuccess ? (
          <p className="note note-success" role="status">
            Password changed. Every other session has been signed out.
          </p>
        ) : null}
      </form>
    </section>
  );
}
