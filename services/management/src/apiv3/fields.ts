/**
 * Reading the fields of an /apiv3 call. POST fields come from the JSON body with their JSON types; GET fields come
 * from the query string, where booleans are "true"/"false" and objects (dbProps, env) are JSON text.
 */
import { HttpError } from "@botyard/common";

/** The fields of one call and where they came from. */
export class Fields {
  constructor(private readonly values: Record<string, unknown>, private readonly fromQuery: boolean) {}

  /** A required non-empty string, else 400 naming the field. */
  string(name: string): string {
    const value = this.values[name];
    if (value === undefined || value === null || value === "") throw new HttpError(400, `${name} is required`);
    if (typeof value !== "string") throw new HttpError(400, `${name} must be a string`);
    return value;
  }

  /** An optional string (undefined when absent), at most `max` characters. */
  optionalString(name: string, max = Infinity): string | undefined {
    const value = this.values[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "string") throw new HttpError(400, `${name} must be a string`);
    if (value.length > max) throw new HttpError(400, `${name} must be at most ${max} characters`);
    return value;
  }

  /** A string that may be empty (a code file). */
  text(name: string): string {
    const value = this.values[name];
    if (value === undefined || value === null) throw new HttpError(400, `${name} is required`);
    if (typeof value !== "string") throw new HttpError(400, `${name} must be a string`);
    return value;
  }

  /** An optional boolean; in a query string "true"/"false". */
  boolean(name: string): boolean | undefined {
    const value = this.values[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === "boolean") return value;
    if (this.fromQuery && (value === "true" || value === "false")) return value === "true";
    throw new HttpError(400, `${name} must be a boolean`);
  }

  /** An optional integer in [min, max]. */
  integer(name: string, min: number, max: number): number | undefined {
    const raw = this.values[name];
    if (raw === undefined || raw === null) return undefined;
    const value = this.fromQuery && typeof raw === "string" && /^-?\d+$/.test(raw) ? Number(raw) : raw;
    if (typeof value !== "number" || !Number.isInteger(value)) throw new HttpError(400, `${name} must be an integer`);
    if (value < min || value > max) throw new HttpError(400, `${name} must be between ${min} and ${max}`);
    return value;
  }

  /** An optional JSON object; in a query string, JSON text of an object. */
  object(name: string): Record<string, unknown> | undefined {
    let value = this.values[name];
    if (value === undefined || value === null) return undefined;
    if (this.fromQuery && typeof value === "string") {
      try {
        value = JSON.parse(value);
      } catch {
        throw new HttpError(400, `${name} must be a JSON object`);
      }
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new HttpError(400, `${name} must be an object`);
    return value as Record<string, unknown>;
  }
}
