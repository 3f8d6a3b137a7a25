/**
 * docker-compose.yml stays a valid Compose file (checked against the Compose Specification's JSON schema, as shipped
 * by dclint) and keeps what the stack needs: the Dockerfiles it names exist, Redis is configured as BullMQ asks, the
 * services run read-only with SECRET_KEY required. `pnpm test:containers` also runs `docker-compose config` when
 * Docker is at hand; this test needs no Docker.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import { Ajv } from "ajv";
import { parse } from "yaml";

const root = fileURLToPath(new URL("../..", import.meta.url));
const require = createRequire(import.meta.url);
const schemaPath = join(dirname(require.resolve("dclint/package.json")), "schemas/compose.schema.json");

interface ComposeService {
  image?: string;
  volumes?: string[];
  expose?: string[];
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  read_only?: boolean;
  depends_on?: Record<string, { condition: string }>;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

const text = readFileSync(join(root, "docker-compose.yml"), "utf8");
const compose = parse(text, { merge: true }) as ComposeFile;
const botyard = ["management", "webhook-gateway-1", "webhook-gateway-2", "broadcast-worker"];
const portVariable: Record<string, string> = {
  management: "MANAGEMENT_PORT",
  "webhook-gateway-1": "GATEWAY_PORT",
  "webhook-gateway-2": "GATEWAY_PORT",
  "broadcast-worker": "WORKER_METRICS_PORT",
};
/** The image each Botyard service is built from: infra/docker/<image>.Dockerfile. */
const imageOf = (service: string) => service.replace(/-\d$/, "");

describe("docker-compose.yml", () => {
  it("validates against the Compose Specification schema", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    // The schema names its draft by an https URI that Ajv does not know; its content is plain draft-07.
    const { $schema: _draft, ...schema } = JSON.parse(readFileSync(schemaPath, "utf8")) as Record<string, unknown>;
    const validate = ajv.compile(schema);
    // Compose resolves YAML merge keys (`<<: *botyard-env`) before it validates; so does this parse.
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
  });

  it("builds each service from its Dockerfile under infra/docker, and every Dockerfile there is used", () => {
    const dockerfiles = readdirSync(join(root, "infra/docker")).filter((f) => f.endsWith(".Dockerfile"));
    const used = botyard.map((s) => compose.services[s]?.build?.dockerfile);
    expect(used).toEqual(botyard.map((s) => `infra/docker/${imageOf(s)}.Dockerfile`));
    expect(dockerfiles.sort()).toEqual([...new Set(botyard.map((s) => `${imageOf(s)}.Dockerfile`))].sort());
  });

  it("runs Redis with an append-only file and noeviction, as BullMQ requires", () => {
    const command = compose.services.redis?.command ?? [];
    const flag = (name: string) => command[command.indexOf(name) + 1];
    expect(flag("--appendonly")).toBe("yes");
    expect(flag("--maxmemory-policy")).toBe("noeviction");
  });

  it.each(botyard)("%s runs read-only, in production, with SECRET_KEY required and its port reachable", (name) => {
    const service = compose.services[name]!;
    expect(service.read_only).toBe(true);
    expect(service.environment?.NODE_ENV).toBe("production");
    expect(service.environment?.SECRET_KEY).toMatch(/^\$\{SECRET_KEY:\?/);
    const port = service.environment?.[portVariable[name]!];
    // The gateway replicas are reached through the router only; the other services publish their port.
    if (name.startsWith("webhook-gateway")) expect(service.expose).toEqual([port]);
    else expect(service.ports).toEqual([`${port}:${port}`]);
    expect(service.depends_on).toEqual({
      postgres: { condition: "service_healthy" },
      redis: { condition: "service_healthy" },
    });
  });

  it("puts nginx in front of the gateway replicas with the routing files this repository tests", () => {
    const router = compose.services["gateway-router"]!;
    expect(router.ports).toEqual(["3001:3001"]);
    const mounts = (router.volumes ?? []).map((v) => v.split(":")[0]!);
    expect(mounts.sort()).toEqual(
      ["./infra/nginx/bot-routing.conf", "./infra/nginx/compose.conf", "./infra/nginx/gateway-proxy.conf"].sort(),
    );
    const conf = readFileSync(join(root, "infra/nginx/compose.conf"), "utf8");
    expect(conf).toMatch(/hash \$botyard_bot consistent;/);
    for (const replica of botyard.filter((s) => s.startsWith("webhook-gateway")))
      expect(conf).toContain(`server ${replica}:3001`);
  });
});
