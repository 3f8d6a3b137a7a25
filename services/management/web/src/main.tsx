/** Entry: one QueryClient, the app, the stylesheet (bundled, so the CSP's style-src 'self' holds). */
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { setCsrfToken } from "./api/client.js";
import { ApiError } from "./api/http.js";
import { keys } from "./api/queries.js";
import "./styles.css";

const unauthenticated = (error: unknown) => error instanceof ApiError && error.code === "UNAUTHENTICATED";

/**
 * A call answered 401 UNAUTHENTICATED: the session ended (signed out elsewhere, a password change, expiry). Forget it,
 * so the app shows sign-in at once instead of an error (docs/dashboard.md#sessions).
 */
function onError(error: unknown): void {
  if (!unauthenticated(error)) return;
  setCsrfToken("");
  client.setQueryData(keys.session, null);
}

const client: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      retry: (failures, error) => !unauthenticated(error) && failures < 1,
      refetchOnWindowFocus: true,
      staleTime: 5_000,
    },
  },
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
