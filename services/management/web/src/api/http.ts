/** The error every API call rejects with: the server's refusal (code, message, the field it names) or no answer. */

/** A refusal of the API, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}
