# syntax=docker/dockerfile:1
# Production image: Node 24 LTS (ADR 002), production build, non-root, data volume, health check.
# The command-line tools are bundled to build/cli/*.js, since tsx and the other devDependencies are
# pruned: `docker compose exec app1 node build/cli/migrate.js` (ADR 016, docs/deploy.md).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm run build:cli && npm prune --omit=dev

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
RUN groupadd --system sahakorn && useradd --system --gid sahakorn --home /app sahakorn \
    && mkdir -p /data && chown sahakorn:sahakorn /data
COPY --from=build --chown=sahakorn:sahakorn /app/node_modules ./node_modules
COPY --from=build --chown=sahakorn:sahakorn /app/build ./build
COPY --from=build --chown=sahakorn:sahakorn /app/public ./public
COPY --from=build --chown=sahakorn:sahakorn /app/package.json /app/server.js ./
COPY --from=build --chown=sahakorn:sahakorn /app/server ./server
USER sahakorn
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (/healthz); compose and load balancers ask /readyz before sending traffic.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# node is PID 1 and handles SIGTERM itself (graceful stop within SHUTDOWN_TIMEOUT_SECONDS).
CMD ["node", "server.js"]
