/** Broadcasts: the compose form and the last 20 jobs, whose progress comes live over SSE. */
import { useQueryClient } from "@tanstack/react-query";
import { keys } from "../../api/queries.js";
import { useEventStream } from "../../api/sse.js";
import type { BroadcastJob } from "../../api/types.js";
import { ComposeForm } from "./ComposeForm.js";
import { JobList } from "./JobList.js";

export function BroadcastsTab({ botId }: { botId: string }) {
  const client = useQueryClient();
  const state = useEventStream<{ jobs?: BroadcastJob[] }>(
    `/api/bots/${encodeURIComponent(botId)}/broadcasts/stream`,
    (event) => {
      if (Array.isArray(event.jobs)) client.setQueryData(keys.jobs(botId), event.jobs);
    },
  );
  return (
    <div className="grid-2 grid-wide-right">
      <ComposeForm botId={botId} />
      <JobList botId={botId} live={state === "live"} />
    </div>
  );
}
