/**
 * Debian's nginx in front of gateway processes, configured with the repository's routing files (infra/nginx), as
 * docker-compose.yml and the chart's ingress-nginx route: each bot's calls to one replica by a consistent hash of its
 * id. The test's server block adds `X-Upstream` (the replica that answered), so a test can tell where a call went.
 * See docs/operations.md#routing-by-bot.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitFor } from "@botyard/testing";
import { repoRoot } from "./fleet.js";
import { freePort } from "./platform.js";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const HAVE_NGINX = existsSync(NGINX);

export interface Nginx {
  url: string;
  /** Stops nginx and removes its scratch folder. */
  stop(): Promise<void>;
}

/** nginx.conf for `upstreams` (host:port of each gateway) listening on `port`, its scratch files under `dir`. */
export function routingConfig(dir: string, port: number, upstreams: string[], failTimeoutS = 10): string {
  const nginxFiles = join(repoRoot, "infra/nginx");
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${nginxFiles}/bot-routing.conf;
  upstream botyard_gateway {
    hash $botyard_bot consistent;
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=${failTimeoutS}s;`).join("\n")}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://botyard_gateway;
      include ${nginxFiles}/gateway-proxy.conf;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** Starts nginx in the foreground with the routing configuration; resolves once it accepts connections. */
export async function startNginx(upstreams: string[], options: { failTimeoutS?: number } = {}): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), "botyard-nginx-"));
  const port = await freePort();
  const conf = join(dir, "nginx.conf");
  writeFileSync(conf, routingConfig(dir, port, upstreams, options.failTimeoutS));
  const test = spawnSync(NGINX, ["-t", "-p", dir, "-c", conf], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", conf], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      return fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      );
    },
    { what: "nginx to listen", timeoutMs: 10_000 },
  );
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
