/** A bot's status as a coloured badge; a halted bot's reason is in the badge's title and next to it. */
import type { BotStatus } from "../api/types.js";

const LABELS: Record<BotStatus, string> = { running: "Running", stopped: "Stopped", halted: "Halted" };

export function StatusBadge({ status, reason }: { status: BotStatus; reason?: string | null }) {
  return (
    <span className={`badge badge-${status}`} title={reason ?? undefined}>
      <span className="badge-dot" aria-hidden="true" />
      {LABELS[status]}
    </span>
  );
}
