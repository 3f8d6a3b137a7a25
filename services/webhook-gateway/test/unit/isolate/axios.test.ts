import { describe, expect, it } from "@jest/globals";
import { createAxios, mergeConfig } from "../../../src/isolate/axios.js";
import { fakeBridge, flush } from "./fake-bridge.js";

describe("axios call shapes", () => {
  it("maps every axios form onto one http host call with method, url, data and config", async () => {
    const bridge = fakeBridge();
    const axios = createAxios(bridge);
    void axios({ url: "https://a", method: "put", data: 1 });
    void axios("https://b", { headers: { x: "1" } });
    void axios.get("https://c", { params: { q: 1 } });
    void axios.delete("https://d");
    void axios.head("https://e");
    void axios.options("https://f");
    void axios.post("https://g", { n: 1 }, { timeout: 5 });
    void axios.put("https://h", "raw");
    void axios.patch("https://i");
    void axios.request({ url: "https://j" });
    expect(bridge.calls.map((c) => (c.kind === "http" ? c.config : null))).toEqual([
      { url: "https://a", method: "put", data: 1 },
      { headers: { x: "1" }, url: "https://b" },
      { params: { q: 1 }, method: "get", url: "https://c" },
      { method: "delete", url: "https://d" },
      { method: "head", url: "https://e" },
      { method: "options", url: "https://f" },
      { timeout: 5, method: "post", data: { n: 1 }, url: "https://g" },
      { method: "put", data: "raw", url: "https://h" },
      { method: "patch", data: undefined, url: "https://i" },
      { url: "https://j" },
    ]);
  });

  it("create() merges defaults, headers key by key, and instances chain", () => {
    const bridge = fakeBridge();
    const api = createAxios(bridge).create({ baseURL: "https://api", headers: { a: "1", b: "1" } });
    const nested = api.create({ headers: { b: "2" }, timeout: 3 });
    void nested.get("/x", { headers: { c: "3" } });
    expect(bridge.calls[0]).toEqual({
      kind: "http",
      config: { baseURL: "https://api", timeout: 3, headers: { a: "1", b: "2", c: "3" }, method: "get", url: "/x" },
    });
    expect(mergeConfig({ a: 1 }, { b: 2 })).toEqual({ a: 1, b: 2 });
  });

  it("marks its errors as axios errors, keeping response", async () => {
    const bridge = fakeBridge();
    const axios = createAxios(bridge);
    const failing = axios.get("https://x").catch((e: unknown) => e);
    const error = Object.assign(new Error("Request failed with status code 404"), { response: { status: 404 } });
    bridge.fail(error);
    await flush();
    const err = await failing;
    expect(axios.isAxiosError(err)).toBe(true);
    expect(err).toMatchObject({ response: { status: 404 } });
    expect(axios.isAxiosError(new Error("plain"))).toBe(false);
    expect(axios.isAxiosError(null)).toBe(false);
    const ok = axios.get("https://y");
    bridge.answer({ status: 200, statusText: "OK", headers: {}, data: "body" });
    await expect(ok).resolves.toEqual({ status: 200, statusText: "OK", headers: {}, data: "body" });
  });
});
