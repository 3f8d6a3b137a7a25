/**
 * Server-sent events from the dashboard API (live logs, broadcast progress). EventSource reconnects by itself; the
 * hook only parses each message as JSON and hands it on, and reports whether the stream is connected.
 */
import { useEffect, useRef, useState } from "react";

export type StreamState = "connecting" | "live" | "reconnecting";

export function useEventStream<T>(url: string | null, onMessage: (data: T) => void): StreamState {
  const [state, setState] = useState<StreamState>("connecting");
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (!url) return;
    setState("connecting");
    const source = new EventSource(url, { withCredentials: true });
    source.onopen = () => setState("live");
    source.onerror = () => setState("reconnecting");
    source.onmessage = (event: MessageEvent<string>) => {
      try {
        handler.current(JSON.parse(event.data) as T);
      } catch {
        // A line that is not JSON is not ours to show.
      }
    };
    return () => source.close();
  }, [url]);
  return state;
}
