/**
 * Validates rendered Kubernetes objects twice: against the Kubernetes and KEDA JSON schemas (kubernetes-models and
 * @kubernetes-models/keda: required fields, types, enums), and for unknown fields (a typo such as `readinessProbes`
 * passes a schema that allows extra properties; the Kubernetes client's typed models drop it, so a round trip
 * through them shows it). Every object must be of a kind listed here: an unlisted kind is an error, not a pass.
 * @see docs/operations.md#kubernetes
 */
import { ObjectSerializer } from "@kubernetes/client-node/dist/gen/models/ObjectSerializer.js";
import { ScaledObject } from "@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject";
import { TriggerAuthentication } from "@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1/Ingress";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { Secret } from "kubernetes-models/v1/Secret";
import { Service } from "kubernetes-models/v1/Service";
import type { KubeObject } from "./chart.js";

interface Validatable {
  validate(): void;
}

interface Kind {
  /** Builds the model object, whose validate() checks the schema. */
  model: (object: KubeObject) => Validatable;
  /** The Kubernetes client's model name for the unknown-field check; none for custom resources. */
  clientType?: string;
}

// The models' constructors take their own typed shapes; a rendered object is checked by validate(), not by tsc.
type Ctor = new (data: never) => Validatable;
const build = (ctor: Ctor) => (object: KubeObject) => new ctor(object as never);

const kinds: Record<string, Kind> = {
  "apps/v1/Deployment": { model: build(Deployment), clientType: "V1Deployment" },
  "v1/Service": { model: build(Service), clientType: "V1Service" },
  "v1/ConfigMap": { model: build(ConfigMap), clientType: "V1ConfigMap" },
  "v1/Secret": { model: build(Secret), clientType: "V1Secret" },
  "policy/v1/PodDisruptionBudget": { model: build(PodDisruptionBudget), clientType: "V1PodDisruptionBudget" },
  "autoscaling/v2/HorizontalPodAutoscaler": {
    model: build(HorizontalPodAutoscaler),
    clientType: "V2HorizontalPodAutoscaler",
  },
  "networking.k8s.io/v1/Ingress": { model: build(Ingress), clientType: "V1Ingress" },
  "keda.sh/v1alpha1/ScaledObject": { model: build(ScaledObject) },
  "keda.sh/v1alpha1/TriggerAuthentication": { model: build(TriggerAuthentication) },
};

/** Paths present in `original` but missing from `roundTripped` (fields the typed model does not know). */
function droppedPaths(original: unknown, roundTripped: unknown, path = ""): string[] {
  if (typeof original !== "object" || original === null) return [];
  if (Array.isArray(original)) {
    const other = Array.isArray(roundTripped) ? roundTripped : [];
    return original.flatMap((item, i) => droppedPaths(item, other[i], `${path}[${i}]`));
  }
  const other = (typeof roundTripped === "object" && roundTripped !== null ? roundTripped : {}) as Record<
    string,
    unknown
  >;
  return Object.entries(original as Record<string, unknown>).flatMap(([key, value]) =>
    key in other ? droppedPaths(value, other[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}

/** The problems of one object: schema errors and unknown fields, each as a line naming the object. */
export function validateObject(object: KubeObject): string[] {
  const id = `${object.kind}/${object.metadata?.name ?? "?"}`;
  const kind = kinds[`${object.apiVersion}/${object.kind}`];
  if (!kind) return [`${id}: ${object.apiVersion} ${object.kind} is not a kind this validator knows`];
  const problems: string[] = [];
  try {
    kind.model(object).validate();
  } catch (err) {
    problems.push(`${id}: ${(err as Error).message}`);
  }
  if (kind.clientType) {
    const typed: unknown = ObjectSerializer.deserialize(object, kind.clientType, "");
    const back: unknown = ObjectSerializer.serialize(typed, kind.clientType, "");
    for (const path of droppedPaths(object, back)) problems.push(`${id}: unknown field ${path}`);
  }
  return problems;
}

/** Problems of every object (empty when all are valid). */
export function validateObjects(objects: KubeObject[]): string[] {
  return objects.flatMap(validateObject);
}
