/**
 * Server-sent events from the dashboard API (live logs, broadcast progress). EventSource reconnects by itself after a
 * network blip; a refused stream (429 when the account has all its live streams open, docs/dashboard.md) closes for
 * good, so the hook opens it again after {@link REOPEN_MS}. The hook parses each message as JSON, hands it on, and
 * reports whether the stream is connected.
 */
import { useEffect, useRef, useState } from "react";

export type StreamState = "connecting" | "live" | "reconnecting";

/** Wait before opening again a stream the server refused. */
export const REOPEN_MS = 15_000;

export function useEventStream<T>(url: string | null, onMessage: (data: T) => void): StreamState {
  const [state, setState] = useState<StreamState>("connecting");
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (!url) return;
    setState("connecting");
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      current.onopen = () => setState("live");
      current.onerror = () => {
        setState("reconnecting");
        if (current.readyState === EventSource.CLOSED) reopen = setTimeout(open, REOPEN_MS);
      };
      current.onmessage = (event: MessageEvent<string>) => {
        try {
          handler.current(JSON.parse(event.data) as T);
        } catch {
          // A line that is not JSON is not ours to show.
        }
      };
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [url]);
  return state;
}
