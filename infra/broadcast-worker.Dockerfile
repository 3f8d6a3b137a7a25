# Botyard broadcast-worker. Build from the repository root: docker build -f infra/broadcast-worker.Dockerfile .
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN corepack enable && corepack prepare pnpm@10.34.9 --activate

COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
COPY packages ./packages
COPY services/broadcast-worker ./services/broadcast-worker
RUN pnpm install --frozen-lockfile --filter @botyard/broadcast-worker... --filter botyard

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps --chown=node:node /app ./
COPY --chown=node:node tsconfig.base.json ./
USER node
WORKDIR /app/services/broadcast-worker
EXPOSE 3002
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:3002/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM goes straight to node, which drains and exits.
CMD ["node", "--import", "tsx", "src/main.ts"]
