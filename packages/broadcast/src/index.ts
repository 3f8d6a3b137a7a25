export {
  checkBroadcastRequest,
  MESSAGE_METHODS,
  type BroadcastPayload,
  type MessageType,
  type RequestCheck,
  type UrlButton,
} from "./request.js";
export { buildSendCall, type SendCall } from "./send-call.js";
export { BROADCAST_QUEUE, cancelChannel, drainJobId, sweptDrainJobId, type DrainJobData } from "./queue-names.js";
export { jobView, type BroadcastRow } from "./job-view.js";
