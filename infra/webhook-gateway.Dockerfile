# Botyard webhook-gateway. Build from the repository root: docker build -f infra/webhook-gateway.Dockerfile .
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN corepack enable && corepack prepare pnpm@10.34.9 --activate
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
COPY packages ./packages
COPY services/webhook-gateway ./services/webhook-gateway
RUN pnpm install --frozen-lockfile --filter @botyard/webhook-gateway... --filter botyard

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps --chown=node:node /app ./
COPY --chown=node:node tsconfig.base.json ./
USER node
WORKDIR /app/services/webhook-gateway
EXPOSE 3001
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:3001/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM goes straight to node, which drains and exits.
CMD ["node", "--no-node-snapshot", "--import", "tsx", "src/main.ts"]
