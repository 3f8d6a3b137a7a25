/**
 * /invite/:token, the link `pnpm botyard user:invite` prints: shows the invited e-mail, sets its password and signs
 * in (the link works once; every other session of the account is signed out). docs/dashboard.md#invites
 */
import { type FormEvent, type ReactElement, useState } from "react";
import { ApiError } from "../../api/http.js";
import { useAcceptInvite, useInvite } from "../../api/queries.js";
import { Field } from "../../components/Field.js";
import { Link } from "../../components/Link.js";
import { Loading } from "../../components/States.js";
import { navigate } from "../../router.js";
import { FormError } from "../../components/FormError.js";

export function InvitePage({ token }: { token: string }) {
  const invite = useInvite(token);
  const accept = useAcceptInvite(token);
  const [password, setPassword] = useState("");
  const error =
    accept.error instanceof ApiError
      ? accept.error
      : accept.error
        ? new ApiError(0, "ERROR", String(accept.error))
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate(password, { onSuccess: () => navigate("/", true) });
  };

  let body: ReactElement;
  if (invite.isPending) body = <Loading label="Checking the invite…" />;
  else if (invite.isError) {
    const gone = invite.error instanceof ApiError && invite.error.status === 404;
    body = (
      <p className="note note-error" role="alert">
        {gone
          ? "This invite link is not valid: it was already used, it expired (links last 7 days), or a newer invite " +
            "replaced it. Ask your operator for a new one."
          : invite.error.message}
      </p>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate aria-label="Set password">
        <Field label="E-mail">
          <input className="input" type="email" autoComplete="username" value={invite.data} readOnly />
        </Field>
        <Field label="New password" hint="At least 10 characters." error={error?.field ? error.message : undefined}>
          <input
            className="input"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </Field>
        <FormError>{error && !error.field ? error.message : null}</FormError>
        <button type="submit" className="button button-primary button-block" disabled={accept.isPending}>
          {accept.isPending ? "Please wait…" : "Set password"}
        </button>
      </form>
    );
  }

  return (
    <main className="auth">
      <div className="auth-card">
        <div className="brand brand-large">
          <span className="brand-mark" aria-hidden="true" />
          Botyard
        </div>
        <h1 className="auth-title">Set your password</h1>
        <p className="muted">You were invited to manage bots on Botyard. Choose a password to sign in.</p>
        {body}
        <p className="auth-switch">
          Already set one? <Link href="/signin">Sign in instead</Link>
        </p>
      </div>
    </main>
  );
}
