/** methods.ts: 405 answers with an Allow header, in a route family's envelope or directly. */
import { describe, expect, it } from "@jest/globals";
import express from "express";
import request from "supertest";
import { AppError } from "../src/errors.js";
import { allowHeader, answerMethodNotAllowed, methodNotAllowed, methodNotAllowedError } from "../src/http/methods.js";

describe("allowHeader and methodNotAllowedError", () => {
  it("lists the methods upper-cased; the message leaves HEAD out", () => {
    expect(allowHeader(["get", "head", "Post"])).toBe("GET, HEAD, POST");
    const err = methodNotAllowedError("PUT", ["get", "head", "post"]);
    expect(err).toBeInstanceOf(AppError);
    expect([err.code, err.status, err.message, err.headers]).toEqual([
      "METHOD_NOT_ALLOWED",
      405,
      "Method PUT not allowed; use GET or POST",
      { Allow: "GET, HEAD, POST" },
    ]);
  });
});

describe("405 handlers", () => {
  it("methodNotAllowed passes the error to the family's error handler", async () => {
    const app = express();
    app.get("/x", (_req, res) => res.send("ok"));
    app.all("/x", methodNotAllowed(["GET", "HEAD"]));
    app.use((err: AppError, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(err.status).set(err.headers).json({ family: err.message });
    });
    const res = await request(app).delete("/x");
    expect([res.status, res.headers.allow, res.body]).toEqual([
      405,
      "GET, HEAD",
      { family: "Method DELETE not allowed; use GET" },
    ]);
  });

  it("answerMethodNotAllowed answers { ok: false, error } itself", async () => {
    const app = express();
    app.all("/y", answerMethodNotAllowed(["get", "post"]));
    const res = await request(app).put("/y");
    expect([res.status, res.headers.allow, res.body]).toEqual([
      405,
      "GET, POST",
      { ok: false, error: "Method PUT not allowed; use GET or POST" },
    ]);
  });
});
