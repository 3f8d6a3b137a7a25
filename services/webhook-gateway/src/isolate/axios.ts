/**
 * `axios` for bot code, with axios's call shapes: `axios(config)`, `axios(url, config)`, `axios.get(url, config)`,
 * `axios.post(url, data, config)` and kin, `axios.request`, and `axios.create(defaults)`. Each request is an `http`
 * host call; the host enforces the egress rules (no private addresses, its own framing and Host headers, 10 s,
 * 5 MiB) and rejects on status >= 400 with `error.response`, as axios does. Nothing is checked here: bot code shares
 * this isolate, so only the host's checks count.
 *
 * @see docs/bot-runtime.md#axios
 */
import type { Bridge } from "./bridge.js";
import { isArray } from "./intrinsics.js";

/** An axios request config as bot code writes it; checked on the host. */
export type AxiosConfig = Record<string, unknown>;

/** What an axios call resolves with. */
export interface AxiosResponse {
  status: number;
  statusText: string;
  headers: Record<string, unknown>;
  data: unknown;
}

type Send = (config: AxiosConfig) => Promise<AxiosResponse>;

/** The `axios` global. */
export interface BotAxios {
  (configOrUrl: AxiosConfig | string, config?: AxiosConfig): Promise<AxiosResponse>;
  request: Send;
  get(url: string, config?: AxiosConfig): Promise<AxiosResponse>;
  delete(url: string, config?: AxiosConfig): Promise<AxiosResponse>;
  head(url: string, config?: AxiosConfig): Promise<AxiosResponse>;
  options(url: string, config?: AxiosConfig): Promise<AxiosResponse>;
  post(url: string, data?: unknown, config?: AxiosConfig): Promise<AxiosResponse>;
  put(url: string, data?: unknown, config?: AxiosConfig): Promise<AxiosResponse>;
  patch(url: string, data?: unknown, config?: AxiosConfig): Promise<AxiosResponse>;
  create(defaults?: AxiosConfig): BotAxios;
  isAxiosError(value: unknown): boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !isArray(v);

/** Merges defaults and a config as axios does: headers merge, everything else is replaced. */
export function mergeConfig(defaults: AxiosConfig, config: AxiosConfig): AxiosConfig {
  const merged: AxiosConfig = { ...defaults, ...config };
  if (isObject(defaults.headers) || isObject(config.headers)) {
    merged.headers = {
      ...(isObject(defaults.headers) ? defaults.headers : {}),
      ...(isObject(config.headers) ? config.headers : {}),
    };
  }
  return merged;
}

/** Builds an axios instance over the bridge with `defaults`. */
export function createAxios(bridge: Bridge, defaults: AxiosConfig = {}): BotAxios {
  const send: Send = async (config) => {
    try {
      const value = await bridge.call({ kind: "http", config: mergeConfig(defaults, isObject(config) ? config : {}) });
      return value as AxiosResponse;
    } catch (err) {
      if (isObject(err)) err.isAxiosError = true;
      throw err;
    }
  };
  const withUrl = (url: string, config: AxiosConfig | undefined, extra: AxiosConfig) =>
    send({ ...(isObject(config) ? config : {}), ...extra, url });

  const axios = ((configOrUrl: AxiosConfig | string, config?: AxiosConfig) =>
    typeof configOrUrl === "string" ? withUrl(configOrUrl, config, {}) : send(configOrUrl)) as BotAxios;
  axios.request = send;
  axios.get = (url, config) => withUrl(url, config, { method: "get" });
  axios.delete = (url, config) => withUrl(url, config, { method: "delete" });
  axios.head = (url, config) => withUrl(url, config, { method: "head" });
  axios.options = (url, config) => withUrl(url, config, { method: "options" });
  axios.post = (url, data, config) => withUrl(url, config, { method: "post", data });
  axios.put = (url, data, config) => withUrl(url, config, { method: "put", data });
  axios.patch = (url, data, config) => withUrl(url, config, { method: "patch", data });
  axios.create = (more) => createAxios(bridge, mergeConfig(defaults, isObject(more) ? more : {}));
  axios.isAxiosError = (value) => isObject(value) && value.isAxiosError === true;
  return axios;
}
