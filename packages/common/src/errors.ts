/** An error that carries the HTTP status and the message a user can act on. */
export class HttpError extends Error {
  override readonly name = "HttpError";

  constructor(
    readonly status: number,
    message: string,
    /** Extra fields merged into the error body, e.g. the job on a 409. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** True for errors that express's body parser raises: they carry `status`/`type` of their own. */
export function isBodyParserError(err: unknown): err is { status: number; type: string; message: string } {
  return typeof err === "object" && err !== null && "type" in err && "status" in err && typeof (err as { status: unknown }).status === "number";
}
