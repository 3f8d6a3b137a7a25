/**
 * Settings → API Key: the key is made on the first visit and is the same on every later one; Copy; Regenerate asks
 * first, because the old key stops working at once (docs/management-api.md).
 */
import { useState } from "react";
import { useApiKey, useRegenerateApiKey, useSession } from "../../api/queries.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { CopyButton } from "../../components/CopyButton.js";
import { ErrorNote, Loading } from "../../components/States.js";

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
