/**
 * Running a request schema and turning its first issue into the catalogue's error: 400 naming the field, or 413 for a
 * field over its size limit. The first issue wins because the message has always named one field at a time, in the
 * order the fields are declared.
 */
import { AppError, invalidField } from "@botyard/common/errors";
import type { ZodError, ZodTypeAny, z } from "zod";
import type { IssueParams } from "./fields.js";

/** The AppError for a failed parse. */
export function appErrorFromZod(error: ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return new AppError("INVALID_INPUT");
  const field = issue.path.map(String).join(".") || undefined;
  // A schema that forgot its own message would answer zod's ("Required"); the reply must still name the field.
  const head = issue.path[0] === undefined ? undefined : String(issue.path[0]);
  const message = head && !issue.message.includes(head) ? `${field}: ${issue.message}` : issue.message;
  const params = (issue.code === "custom" ? issue.params : undefined) as IssueParams | undefined;
  if (params?.status === 413) return new AppError("BODY_TOO_LARGE", message, field ? { field } : {});
  return field ? invalidField(field, message) : new AppError("INVALID_INPUT", message);
}

/** Parses `input` or throws the AppError of its first issue. */
export function parseOrThrow<S extends ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  // No contextual error map here: zod ranks it above the messages each field schema carries.
  const result = schema.safeParse(input);
  if (!result.success) throw appErrorFromZod(result.error);
  return result.data as z.output<S>;
}

/**
 * Shapes a reply through its schema: fields the schema does not list are dropped, and a reply that breaks its own
 * schema is a bug that must fail loudly (a 500 logged in full) rather than reach a client.
 */
export function shapeReply<S extends ZodTypeAny>(schema: S, body: z.input<S>): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`reply does not match its schema: ${result.error.message}`);
  return result.data as z.output<S>;
}
