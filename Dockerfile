# syntax=docker/dockerfile:1
# Stillpoint's image: the API server and the built web app on one port, 3000.
#   docker build -t stillpoint .
# compose.yaml runs two of them behind nginx; docs/operations.md ("Deploy") describes it all.

# Pinned: the same Node as the suite .ci/run runs on Node 24 (decision 050).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# ---- build: the whole workspace, then the web app (apps/web/dist) and the server bundle ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests alone first, so this layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/extension/package.json apps/extension/
# Not `npm ci`, which refuses this lock file (docs/decisions/009-install-in-ci.md); `npm install`
# with an up-to-date lock installs exactly the locked versions.
RUN npm install --no-audit --no-fund
COPY . .
# The web app's configuration set is fixed when it is built (docs/configuration.md).
ARG VITE_APP_ENV=production
ARG VITE_TIKTOK_PIXEL_CODE=
ENV VITE_APP_ENV=${VITE_APP_ENV} VITE_TIKTOK_PIXEL_CODE=${VITE_TIKTOK_PIXEL_CODE}
RUN npm run build

# ---- deps: what the bundle loads at run time ----
# apps/server/build.mjs bundles the server and core's source but keeps every package external, so
# the image needs the server's (and core's) production dependencies, and nothing else.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY deploy/production-manifests.mjs deploy/
RUN node deploy/production-manifests.mjs \
  && npm install --omit=dev --no-audit --no-fund \
  && mkdir -p apps/server/node_modules \
  && npm cache clean --force

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV APP_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
# dist/main.js is an ES module: apps/server/package.json says so ("type": "module").
COPY --from=deps /app/apps/server/package.json apps/server/package.json
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/apps/server/node_modules apps/server/node_modules
# The bundle with its migrations, app icons and operator commands (db-migrate.js, …) next to it;
# it serves ../../web/dist from there.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# Everything above stays root's and read-only to the server.
USER node
EXPOSE 3000
# Slim images have no curl: Node's fetch asks the liveness endpoint.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1 and gets SIGTERM: the server drains, closes its pools and exits 0 (main.ts).
CMD ["node", "apps/server/dist/main.js"]
