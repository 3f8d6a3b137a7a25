{{/* Names, labels and the pod template every Botyard Deployment shares. See docs/operations.md#kubernetes. */}}

{{- define "botyard.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "botyard.labels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
{{- end -}}

{{- define "botyard.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "botyard.secretName" -}}
{{- default (printf "%s-secrets" (include "botyard.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{/*
A Deployment of one service. Arguments (dict): root, component (management|webhook-gateway|broadcast-worker),
settings (.Values.management|gateway|worker), portEnv (the service's port variable), scaledElsewhere (an HPA or
KEDA owns the replica count). The image's CMD starts the service. Probes: /healthz (process up) for liveness and startup, /readyz (Postgres and Redis answer, not draining)
for readiness.
*/}}
{{- define "botyard.deployment" -}}
{{- $root := .root -}}
{{- $s := .settings -}}
{{- $fullname := include "botyard.fullname" $root -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $fullname }}-{{ .component }}
  labels:
    {{- include "botyard.labels" . | nindent 4 }}
spec:
  {{- if not .scaledElsewhere }}
  replicas: {{ $s.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
  selector:
    matchLabels:
      {{- include "botyard.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "botyard.selectorLabels" . | nindent 8 }}
      annotations:
        # A changed setting or secret rolls the pods.
        checksum/config: {{ include (print $root.Template.BasePath "/config.yaml") $root | sha256sum }}
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ $s.port | quote }}
        prometheus.io/path: /metrics
    spec:
      automountServiceAccountToken: false
      terminationGracePeriodSeconds: {{ add $root.Values.shutdown.preStopSeconds $root.Values.shutdown.drainSeconds $root.Values.shutdown.exitMarginSeconds }}
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- toYaml $root.Values.podSecurityContext | nindent 8 }}
      containers:
        - name: {{ .component }}
          image: "{{ $root.Values.image.repository }}/{{ .component }}:{{ default $root.Chart.AppVersion $root.Values.image.tag }}"
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: {{ $s.port }}
              protocol: TCP
          envFrom:
            - configMapRef:
                name: {{ $fullname }}-config
            - secretRef:
                name: {{ include "botyard.secretName" $root }}
          env:
            - name: {{ .portEnv }}
              value: {{ $s.port | quote }}
            - name: SHUTDOWN_GRACE_MS
              value: {{ mul $root.Values.shutdown.drainSeconds 1000 | quote }}
            {{- range $name, $value := $s.env }}
            - name: {{ $name }}
              value: {{ $value | quote }}
            {{- end }}
          startupProbe:
            httpGet: { path: /healthz, port: http }
            periodSeconds: 2
            failureThreshold: 60
          livenessProbe:
            httpGet: { path: /healthz, port: http }
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          readinessProbe:
            httpGet: { path: /readyz, port: http }
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 2
          lifecycle:
            preStop:
              # Keep serving while endpoints and load balancers drop the pod; SIGTERM (the drain) comes after.
              exec:
                command: ["sleep", {{ $root.Values.shutdown.preStopSeconds | quote }}]
          resources:
            {{- toYaml $s.resources | nindent 12 }}
          securityContext:
            {{- toYaml $root.Values.securityContext | nindent 12 }}
{{- end -}}

{{/* A ClusterIP Service in front of one component's http port. Arguments (dict): root, component, settings. */}}
{{- define "botyard.service" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "botyard.fullname" .root }}-{{ .component }}
  labels:
    {{- include "botyard.labels" . | nindent 4 }}
spec:
  type: ClusterIP
  selector:
    {{- include "botyard.selectorLabels" . | nindent 4 }}
  ports:
    - name: http
      port: 80
      targetPort: http
      protocol: TCP
{{- end -}}

{{/* A PodDisruptionBudget. Arguments (dict): root, component, settings (with .pdb). */}}
{{- define "botyard.pdb" -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "botyard.fullname" .root }}-{{ .component }}
  labels:
    {{- include "botyard.labels" . | nindent 4 }}
spec:
  {{- toYaml .settings.pdb | nindent 2 }}
  selector:
    matchLabels:
      {{- include "botyard.selectorLabels" . | nindent 6 }}
{{- end -}}

{{/* A CPU HorizontalPodAutoscaler. Arguments (dict): root, component, settings (with .autoscaling). */}}
{{- define "botyard.hpa" -}}
{{- $a := .settings.autoscaling -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "botyard.fullname" .root }}-{{ .component }}
  labels:
    {{- include "botyard.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "botyard.fullname" .root }}-{{ .component }}
  minReplicas: {{ $a.minReplicas }}
  maxReplicas: {{ $a.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $a.targetCPUUtilizationPercentage }}
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 300
{{- end -}}
