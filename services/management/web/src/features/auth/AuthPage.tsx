/** Sign in and sign up: one form, two modes; the server's refusal is shown next to the field it names. */
import { type FormEvent, useState } from "react";
import { ApiError } from "../../api/http.js";
import { useAuth } from "../../api/queries.js";
import { Field } from "../../components/Field.js";
import { Link } from "../../components/Link.js";
import { navigate } from "../../router.js";
import { FormError } from "../../components/FormError.js";

export function AuthPage({ mode }: { mode: "signin" | "signup" }) {
  const auth = useAuth(mode);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const error =
    auth.error instanceof ApiError ? auth.error : auth.error ? new ApiError(0, "ERROR", String(auth.error)) : null;
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  const title = mode === "signin" ? "Sign in" : "Sign up";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    auth.mutate({ email, password }, { onSuccess: () => navigate("/", true) });
  };

  return (
    <main className="auth">
      <div className="auth-card">
        <div className="brand brand-large">
          <span className="brand-mark" aria-hidden="true" />
          Botyard
        </div>
        <h1 className="auth-title">{mode === "signin" ? "Welcome back" : "Create your account"}</h1>
        <p className="muted">
          {mode === "signin" ? "Sign in to manage your bots." : "Host your Telegram bots in a minute."}
        </p>
        <form onSubmit={submit} noValidate aria-label={title}>
          <Field label="E-mail" error={fieldError("email")}>
            <input
              className="input"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          </Field>
          <Field
            label="Password"
            hint={mode === "signup" ? "At least 10 characters." : undefined}
            error={fieldError("password")}
          >
            <input
              className="input"
              type="password"
              autoComplete={mode === "signin" ? "current-password" : "new-password"}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </Field>
          <FormError>{error && !error.field ? error.message : null}</FormError>
          <button type="submit" className="button button-primary button-block" disabled={auth.isPending}>
            {auth.isPending ? "Please wait…" : title}
          </button>
        </form>
        <p className="auth-switch">
          {mode === "signin" ? (
            <>
              New here? <Link href="/signup">Create an account</Link>
            </>
          ) : (
            <>
              Already have an account? <Link href="/signin">Sign in instead</Link>
            </>
          )}
        </p>
      </div>
    </main>
  );
}
