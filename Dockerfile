# syntax=docker/dockerfile:1
# The tutoring server with the portal, as one image. Two stages: `build` installs the workspace,
# builds the portal (for the organisation's Firebase project, given as build arguments) and the
# server, and deploys the server with its production dependencies only; the final stage (`runtime`)
# is Node on Debian slim with that deployed folder alone, run by a user without privileges.
#
#   docker build -t tutoring \
#     --build-arg VITE_FIREBASE_PROJECT_ID=my-project \
#     --build-arg VITE_FIREBASE_API_KEY=AIza... .
#   docker run --env-file server.env -p 8080:8080 tutoring
#   docker exec <container> tutoring-admin keys create --name crm --scope write
#
# NODE_IMAGE is the base of both stages: the official image by default; a machine that reaches no
# registry passes a local stand-in (scripts/test-container.mjs makes one). The `prebuilt` target
# is the runtime stage with a folder deployed outside the build instead (`pnpm deploy` as the build
# stage runs it, handed in as the build context `deployed`): what `npm test` builds, where a build
# stage would have to install the whole workspace again.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
# The pnpm of package.json's packageManager (scripts/test-container.mjs checks they agree).
ARG PNPM_VERSION=12.21.0
RUN npm install --global --no-fund --no-audit pnpm@${PNPM_VERSION}
WORKDIR /src
ENV CI=true PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY . .
RUN --mount=type=cache,id=tutoring-pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --store-dir /pnpm/store
# The portal's Firebase web configuration (apps/portal/.env.example lists the others, which an
# apps/portal/.env.production.local in the build context can also set). A portal built without
# them signs in to the emulator's demo project, and the server refuses to serve it in production.
ARG VITE_FIREBASE_PROJECT_ID
ARG VITE_FIREBASE_API_KEY
ARG VITE_FIREBASE_AUTH_DOMAIN
ARG VITE_ORG_NAME
ARG VITE_ORG_DOMAIN
# The release's version (e.g. the commit): a new one drops the answers an older release kept on
# tutors' devices. Unset, each image build counts as a new release (no .git here).
ARG PORTAL_BUILD_VERSION
# `pnpm build`: the portal, then the server with the portal copied into its dist/.
RUN pnpm build
# Production dependencies only, without the optional ones nothing here loads (firebase-admin's
# Firestore and Cloud Storage clients: about 150 MB).
RUN pnpm --filter @tutoring/server deploy --prod --no-optional /deployed

# What both final targets share: Node, the environment, the operator's command, the user, the
# health check and the command.
FROM ${NODE_IMAGE} AS runtime-base
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
# `tutoring-admin` on PATH (the package's bin, dist/admin/main.js).
RUN ln -s /app/dist/admin/main.js /usr/local/bin/tutoring-admin
# The official image's unprivileged user (uid 1000); the files stay root's, read-only to it.
USER node
EXPOSE 8080
# Liveness (GET /api/healthz); a load balancer should also watch readiness (/api/readyz).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is process 1 and gets `docker stop`'s SIGTERM itself: readiness turns 503 for
# SHUTDOWN_DRAIN_MS (5 s), then requests in progress finish (docker stop waits 10 s by default).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=16", "--max-old-space-size=160", "dist/main.js"]

# The test's target: a folder deployed on the host, e.g.
#   podman build --target prebuilt --build-context deployed=/tmp/deployed --build-arg NODE_IMAGE=...
FROM runtime-base AS prebuilt
COPY --from=deployed . /app/

# The default target (last): the build stage's deployed folder.
FROM runtime-base AS runtime
COPY --from=build /deployed /app/
