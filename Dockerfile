# Lesson Loft: one image for every instance (docs/DEPLOY.md).
#   docker build -t lessonloft .
#   docker run -p 3000:3000 -e JWT_SECRET=... -e DATABASE_URL=postgres://... lessonloft

# 1. Build: every dependency (Vite and the rest of the web app's tools), the web app's build with its
#    brotli and gzip copies (scripts/web-build.mjs, as `npm start` makes it), then the dev tools go again.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so that a change to the code alone reuses the installed dependencies.
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/web-build.mjs && npm prune --omit=dev --no-audit --no-fund

# 2. Run: the server's TypeScript runs through tsx (a runtime dependency), as it does outside Docker.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
# The code stays root's and read-only to the server; only the data folder is the server's to write
# (the embedded database and local files when DATABASE_URL and STORAGE_URL are unset, written mail).
COPY --from=build /app/package.json /app/.npmrc /app/tsconfig.base.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/domain ./packages/domain
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness only: a database outage makes the instance unready (GET /api/health/ready, for the load
# balancer), not unhealthy, so Docker does not restart processes that would not help.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself as PID 1: SIGTERM reaches it directly and starts the graceful shutdown
# (SHUTDOWN_TIMEOUT_MS, 25 s by default; keep Docker's stop timeout above it).
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
