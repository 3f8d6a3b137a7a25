/**
 * infra/helm/botyard renders into valid Kubernetes and KEDA objects (schemas and unknown fields, see
 * src/helm/validate.ts) that say what docs/operations.md#kubernetes promises: probes, drain timing, non-root and
 * read-only pods, requests and limits, secrets from a Secret, two hosts, CPU autoscaling for management and gateway,
 * KEDA on the BullMQ lists the code really uses, disruption budgets. When helm is on PATH, `helm template` must give
 * the same objects as this repository's renderer.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import { BROADCAST_QUEUE } from "@botyard/broadcast";
import { RedisNames } from "@botyard/common/redis";
import { parseAllDocuments, stringify } from "yaml";
import { type KubeObject, renderChart } from "../src/helm/chart.js";
import { validateObjects } from "../src/helm/validate.js";

const chartDir = fileURLToPath(new URL("../helm/botyard", import.meta.url));
const secrets = {
  SECRET_KEY: "k".repeat(32),
  DATABASE_URL: "postgres://botyard:pw@postgres:5432/botyard",
  REDIS_URL: "redis://:pw@redis:6379",
};
const render = (values: Record<string, unknown> = {}) =>
  renderChart(chartDir, { name: "botyard", namespace: "botyard", values: { secrets, ...values } });

type Obj = Record<string, unknown>;
const of = (objects: KubeObject[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: KubeObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const get = (value: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((v, key) => (v as Obj | undefined)?.[key], value);
const podSpec = (d: KubeObject) => get(d, "spec.template.spec") as Obj;
const container = (d: KubeObject) => (podSpec(d).containers as Obj[])[0]!;

const components = ["management", "webhook-gateway", "broadcast-worker"];

describe("infra/helm/botyard", () => {
  const objects = render();

  it("renders only objects that validate against the Kubernetes and KEDA schemas, with no unknown field", () => {
    expect(validateObjects(objects)).toEqual([]);
    expect(objects.map((o) => o.kind).sort()).toEqual(
      [
        ...Array(3).fill("Deployment"),
        ...Array(3).fill("Service"),
        ...Array(3).fill("PodDisruptionBudget"),
        ...Array(2).fill("HorizontalPodAutoscaler"),
        "ScaledObject",
        ...Array(2).fill("Ingress"),
        "ConfigMap",
        "Secret",
      ].sort(),
    );
  });

  it("catches an unknown field and a wrong type (the validator can fail)", () => {
    const deployment = structuredClone(named(objects, "Deployment", "botyard-management"));
    (container(deployment) as Obj).readinessProbes = {};
    (container(deployment).ports as Obj[])[0]!.containerPort = "http";
    const problems = validateObjects([deployment]);
    expect(problems.some((p) => p.includes("unknown field") && p.includes("readinessProbes"))).toBe(true);
    expect(problems.some((p) => p.includes("containerPort must be integer"))).toBe(true);
  });

  it.each(components)("%s runs non-root on a read-only root filesystem with no privilege to gain", (c) => {
    const d = named(objects, "Deployment", `botyard-${c}`);
    expect(podSpec(d).securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(podSpec(d).automountServiceAccountToken).toBe(false);
    expect(container(d).securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
    });
  });

  it.each(components)("%s is probed on /readyz and /healthz and drains within its termination grace", (c) => {
    const d = named(objects, "Deployment", `botyard-${c}`);
    const main = container(d);
    expect(get(main, "readinessProbe.httpGet.path")).toBe("/readyz");
    expect(get(main, "livenessProbe.httpGet.path")).toBe("/healthz");
    expect(get(main, "lifecycle.preStop.exec.command")).toEqual(["sleep", "5"]);
    const env = main.env as { name: string; value: string }[];
    const drainMs = Number(env.find((e) => e.name === "SHUTDOWN_GRACE_MS")?.value);
    expect(drainMs).toBe(5000);
    // preStop sleep, then SIGTERM and the drain, must end before Kubernetes sends SIGKILL.
    expect(Number(podSpec(d).terminationGracePeriodSeconds)).toBeGreaterThan(5 + drainMs / 1000);
  });

  it.each(components)("%s has requests and limits and reads its secrets from the Secret", (c) => {
    const main = container(named(objects, "Deployment", `botyard-${c}`));
    for (const path of ["requests.cpu", "requests.memory", "limits.cpu", "limits.memory"])
      expect(get(main.resources, path)).toBeTruthy();
    const secret = named(objects, "Secret", "botyard-secrets");
    expect(main.envFrom).toContainEqual({ secretRef: { name: "botyard-secrets" } });
    expect(Object.keys(get(secret, "stringData") as Obj).sort()).toEqual(["DATABASE_URL", "REDIS_URL", "SECRET_KEY"]);
    expect(JSON.stringify(main)).not.toContain(secrets.SECRET_KEY);
  });

  it("puts each component's Service and PodDisruptionBudget on that component's pods only", () => {
    for (const c of components) {
      const labels = get(named(objects, "Deployment", `botyard-${c}`), "spec.template.metadata.labels") as Obj;
      const selector = get(named(objects, "Service", `botyard-${c}`), "spec.selector") as Obj;
      const pdb = get(named(objects, "PodDisruptionBudget", `botyard-${c}`), "spec.selector.matchLabels") as Obj;
      expect(labels).toMatchObject(selector);
      expect(labels).toMatchObject(pdb);
      expect(selector["app.kubernetes.io/component"]).toBe(c);
    }
  });

  it("routes {base_url} to management and {webhook_base_url} to the gateway, and gives the gateway its public URL", () => {
    const rules = of(objects, "Ingress").flatMap((i) => get(i, "spec.rules") as Obj[]);
    const routes = rules.flatMap((r) =>
      (get(r, "http.paths") as Obj[]).map((p) => [r.host, p.path, get(p, "backend.service.name")]),
    );
    expect(routes).toEqual([
      ["api.botyard.example", "/", "botyard-management"],
      ["hooks.botyard.example", "/custom/([^/]+)", "botyard-webhook-gateway"],
      ["hooks.botyard.example", "/telegram/([^/]+)", "botyard-webhook-gateway"],
      ["hooks.botyard.example", "/", "botyard-webhook-gateway"],
    ]);
    expect(get(named(objects, "ConfigMap", "botyard-config"), "data.WEBHOOK_BASE_URL")).toBe(
      "https://hooks.botyard.example",
    );
    expect(get(named(objects, "ConfigMap", "botyard-config"), "data.PUBLIC_BASE_URL")).toBe(
      "https://api.botyard.example",
    );
    // Behind the ingress, management sees each client's own address (the sign-in throttle counts per address).
    expect(get(named(objects, "ConfigMap", "botyard-config"), "data.TRUST_PROXY")).toBe("loopback, uniquelocal");
  });

  it("routes each bot's calls to one gateway pod by a consistent hash of the bot id in the path, unless turned off", () => {
    const annotations = (objs: KubeObject[]) =>
      get(named(objs, "Ingress", "botyard-webhook-gateway"), "metadata.annotations") as Obj;
    // ingress-nginx hashes on the first group of the path's regular expression: the bot id.
    expect(annotations(objects)).toMatchObject({
      "nginx.ingress.kubernetes.io/use-regex": "true",
      "nginx.ingress.kubernetes.io/upstream-hash-by": "$1",
    });
    const regex = new RegExp(`^${"/custom/([^/]+)"}`);
    expect(regex.exec("/custom/6f1c0d2e9a/orders/42")?.[1]).toBe("6f1c0d2e9a");
    expect(get(named(objects, "Ingress", "botyard-management"), "metadata.annotations")).not.toHaveProperty(
      "nginx.ingress.kubernetes.io/upstream-hash-by",
    );
    const off = render({ gateway: { routing: { enabled: false } } });
    expect(annotations(off)).not.toHaveProperty("nginx.ingress.kubernetes.io/upstream-hash-by");
    const paths = get(named(off, "Ingress", "botyard-webhook-gateway"), "spec.rules.0.http.paths") as Obj[];
    expect(paths.map((p) => p.path)).toEqual(["/"]);
  });

  it("scales management and the gateway on CPU, and leaves their replica count to the autoscaler", () => {
    const hpas = of(objects, "HorizontalPodAutoscaler");
    expect(hpas.map((h) => get(h, "spec.scaleTargetRef.name")).sort()).toEqual([
      "botyard-management",
      "botyard-webhook-gateway",
    ]);
    for (const h of hpas) expect(get(h, "spec.metrics.0.resource.name")).toBe("cpu");
    for (const c of components)
      expect(get(named(objects, "Deployment", `botyard-${c}`), "spec.replicas")).toBeUndefined();
  });

  it("scales the worker with KEDA on the BullMQ lists the code uses (waiting and active) and on CPU", () => {
    const scaled = of(objects, "ScaledObject")[0]!;
    expect(get(scaled, "spec.scaleTargetRef.name")).toBe("botyard-broadcast-worker");
    const triggers = get(scaled, "spec.triggers") as Obj[];
    const queueKey = `${new RedisNames("botyard").bullPrefix}:${BROADCAST_QUEUE}`;
    expect(triggers.filter((t) => t.type === "redis").map((t) => get(t, "metadata.listName"))).toEqual([
      `${queueKey}:active`,
      `${queueKey}:wait`,
    ]);
    expect(triggers.map((t) => t.type)).toContain("cpu");
  });

  it("scales on redis-cluster triggers with the seed addresses when REDIS_CLUSTER is 1", () => {
    const clustered = render({
      config: { REDIS_CLUSTER: "1" },
      worker: { keda: { redis: { address: "r-0:6379,r-1:6379", passwordSecretKey: "REDIS_PASSWORD" } } },
    });
    expect(validateObjects(clustered)).toEqual([]);
    const triggers = get(of(clustered, "ScaledObject")[0], "spec.triggers") as Obj[];
    const redis = triggers.filter((t) => t.type === "redis-cluster");
    expect(redis.map((t) => get(t, "metadata.addresses"))).toEqual(["r-0:6379,r-1:6379", "r-0:6379,r-1:6379"]);
    expect(redis.every((t) => get(t, "authenticationRef.name") === "botyard-redis")).toBe(true);
    expect(get(named(clustered, "TriggerAuthentication", "botyard-redis"), "spec.secretTargetRef.0.key")).toBe(
      "REDIS_PASSWORD",
    );
  });

  it("puts the notifier bot's token in the Secret when it is given, never in the ConfigMap", () => {
    const token = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const withToken = render({ secrets: { ...secrets, NOTIFIER_BOT_TOKEN: token } });
    expect(get(named(withToken, "Secret", "botyard-secrets"), "stringData.NOTIFIER_BOT_TOKEN")).toBe(token);
    expect(JSON.stringify(of(withToken, "ConfigMap"))).not.toContain(token);
    const main = container(named(withToken, "Deployment", "botyard-management"));
    expect(JSON.stringify(main)).not.toContain(token);
  });

  it("uses an existing Secret instead of creating one", () => {
    const withExisting = render({ secrets: { existingSecret: "botyard-prod" } });
    expect(of(withExisting, "Secret")).toEqual([]);
    const main = container(named(withExisting, "Deployment", "botyard-management"));
    expect(main.envFrom).toContainEqual({ secretRef: { name: "botyard-prod" } });
  });

  it("refuses to render without the secrets, or with one host for both roles", () => {
    expect(() => renderChart(chartDir, { name: "botyard", namespace: "botyard" })).toThrow(/secrets.SECRET_KEY/);
    expect(() => render({ hosts: { api: "a.example", webhooks: "a.example" } })).toThrow(/must differ/);
  });

  const helm = spawnSync("helm", ["version", "--short"], { encoding: "utf8" }).status === 0;
  (helm ? it : it.skip)("gives the same objects as `helm template` (runs where helm is installed)", () => {
    const dir = mkdtempSync(join(tmpdir(), "botyard-helm-"));
    try {
      writeFileSync(join(dir, "values.yaml"), stringify({ secrets }));
      const out = spawnSync(
        "helm",
        ["template", "botyard", chartDir, "--namespace", "botyard", "-f", join(dir, "values.yaml")],
        { encoding: "utf8" },
      );
      expect(out.stderr).toBe("");
      const fromHelm = parseAllDocuments(out.stdout)
        .map((d) => d.toJS() as KubeObject | null)
        .filter((o): o is KubeObject => o !== null);
      const key = (o: KubeObject) => `${o.kind}/${o.metadata.name}`;
      const sort = (list: KubeObject[]) => [...list].sort((a, b) => key(a).localeCompare(key(b)));
      expect(sort(fromHelm)).toEqual(sort(objects));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
