# Botyard webhook-gateway (custom webhooks, Telegram intake, bot runtime). Build from the repository root:
#   docker build -f infra/docker/webhook-gateway.Dockerfile .
# The first three stages are the same text in all three Dockerfiles, so one build's layers serve the others.
# See docs/operations.md#containers.

# --- manifests: only what `pnpm install` reads (package.json without scripts and descriptions, and patches/), so the
#     install layer is rebuilt only when dependencies change.
FROM node:20-bookworm-slim AS manifests
WORKDIR /src
COPY . .
RUN find . -type f ! -name package.json ! -name pnpm-lock.yaml ! -name pnpm-workspace.yaml ! -name .npmrc ! -path "./patches/*" -delete \
 && find . -depth -type d -empty -delete \
 && find . -name package.json -exec node -e "const f=require('fs'),p=process.argv[1],j=JSON.parse(f.readFileSync(p));\
delete j.scripts;delete j.description;f.writeFileSync(p,JSON.stringify(j))" {} \;

# --- deps: the whole workspace installed, with the compilers isolated-vm needs when no prebuilt binary can be fetched.
FROM node:20-bookworm-slim AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# npm rather than corepack: corepack's signature check of pnpm fails offline ("No compatible signature found").
RUN npm install -g pnpm@10.34.9
# node-gyp builds against the headers the base image ships instead of downloading them.
ENV npm_config_nodedir=/usr/local CI=true
WORKDIR /src
COPY --from=manifests /src ./
# The infra package (chart validation tooling) is not needed to build a service.
RUN pnpm install --frozen-lockfile --filter "!@botyard/infra"

# --- sources on top of the installed workspace.
FROM deps AS sources
COPY . .

# --- bundle: one ESM file per service plus migrations (and isolated-vm for the gateway).
FROM sources AS bundle
RUN node --import tsx infra/docker/bundle.ts webhook-gateway /out

# --- runtime: Node and the bundle only; root owns the files, the process runs as the unprivileged `node` user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production GATEWAY_PORT=3001
WORKDIR /app
COPY --from=bundle /out ./
USER 1000:1000
EXPOSE 3001
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.GATEWAY_PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and handles SIGTERM itself: it stops taking requests, drains, and exits 0.
STOPSIGNAL SIGTERM
# isolated-vm needs V8 without the startup snapshot.
CMD ["node", "--no-node-snapshot", "dist/main.mjs"]
