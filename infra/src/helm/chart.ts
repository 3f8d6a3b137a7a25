/**
 * Renders a Helm chart directory into Kubernetes objects, as `helm template` would: values.yaml deep-merged with the
 * caller's values, every `templates/*.yaml` rendered with `.Values`, `.Release`, `.Chart`, `.Template`, the output
 * split into YAML documents. Uses {@link TemplateSet} (the Go-template subset the chart is written in).
 * @see docs/operations.md#kubernetes
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parse, parseAllDocuments } from "yaml";
import { TemplateSet, type Value } from "./go-template.js";

/** A rendered Kubernetes object (the test validates its shape). */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** Release settings, as `helm template <name> --namespace <ns>` gives them. */
export interface ReleaseOptions {
  name: string;
  namespace: string;
  values?: Record<string, Value>;
}

function isMap(v: Value): v is Record<string, Value> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Helm's value merge: maps merge key by key, anything else (lists included) is replaced; null deletes a key. */
export function mergeValues(base: Record<string, Value>, override: Record<string, Value>): Record<string, Value> {
  const out: Record<string, Value> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === null) delete out[key];
    else if (isMap(value) && isMap(out[key])) out[key] = mergeValues(out[key], value);
    else out[key] = value;
  }
  return out;
}

/** Renders every template of the chart at `chartDir`; returns the objects in template-file order. */
export function renderChart(chartDir: string, release: ReleaseOptions): KubeObject[] {
  const chart = parse(readFileSync(join(chartDir, "Chart.yaml"), "utf8")) as Record<string, Value>;
  const defaults = parse(readFileSync(join(chartDir, "values.yaml"), "utf8")) as Record<string, Value>;
  const values = mergeValues(defaults, release.values ?? {});
  const chartName = String(chart.name);
  const basePath = `${chartName}/templates`;
  const set = new TemplateSet();
  const files = readdirSync(join(chartDir, "templates")).sort();
  for (const file of files) set.add(`${basePath}/${file}`, readFileSync(join(chartDir, "templates", file), "utf8"));

  const objects: KubeObject[] = [];
  for (const file of files.filter((f) => f.endsWith(".yaml") && !f.startsWith("_"))) {
    const context = {
      Values: values,
      Release: { Name: release.name, Namespace: release.namespace, Service: "Helm", IsInstall: true },
      Chart: { Name: chartName, Version: chart.version, AppVersion: chart.appVersion },
      Template: { BasePath: basePath, Name: `${basePath}/${file}` },
      Capabilities: { KubeVersion: { Version: "v1.30.0" } },
    };
    const text = set.render(`${basePath}/${file}`, context);
    for (const doc of parseAllDocuments(text)) {
      if (doc.errors.length > 0) throw new Error(`${basename(file)}: ${doc.errors[0]!.message}\n${text}`);
      const object = doc.toJS() as KubeObject | null;
      if (object) objects.push(object);
    }
  }
  return objects;
}
