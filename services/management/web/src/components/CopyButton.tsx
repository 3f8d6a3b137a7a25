/**
 * Copies `text` to the clipboard and says so for a moment (politely announced to screen readers). The visible text is
 * "Copy"; `label` is the accessible name when a page has several (it starts with "Copy", so speech input works).
 */
import { useEffect, useState } from "react";

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (copied === "idle") return;
    const timer = setTimeout(() => setCopied("idle"), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={copy} aria-label={label}>
        {copied === "copied" ? "Copied" : "Copy"}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {copied === "copied" ? "Copied to the clipboard" : copied === "failed" ? "Could not copy" : ""}
      </span>
    </>
  );
}
