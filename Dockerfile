# One image for every process of scale mode; the command picks the role:
#   docker run <image>            all-in-one (embedded mode)
#   docker run <image> api        HTTP only (any number)
#   docker run <image> projector  projections (one active per projection, the others stand by)
#   docker run <image> worker     jobs (mail)

# Production dependencies of the server's workspaces only (argon2 and better-sqlite3 are native).
FROM node:22-bookworm-slim AS server-deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY services/sqlite/package.json services/sqlite/
COPY services/eventstore/package.json services/eventstore/
COPY services/api/package.json services/api/
COPY projections/package.json projections/
COPY web/package.json web/
COPY testing/package.json testing/
RUN npm ci --omit=dev --no-audit --no-fund \
  --workspace @whosright/api --workspace @whosright/eventstore \
  --workspace @whosright/projections --workspace @whosright/contracts

# The web app and the server compiled to JavaScript (esbuild, scripts/build-server.ts).
FROM server-deps AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

FROM node:22-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data && chown node:node /data
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY --from=server-deps /app/node_modules ./node_modules
COPY --from=build /app/services/api/dist ./services/api/dist
COPY --from=build /app/web/dist ./web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# tini reaps zombies and forwards SIGTERM, so every process drains before it exits.
ENTRYPOINT ["/usr/bin/tini", "--", "node", "services/api/dist/app/main.mjs"]
CMD ["all"]
