# The one image for the api (and, with their issues, the projector and worker processes).
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY services/eventstore/package.json services/eventstore/
COPY services/api/package.json services/api/
COPY projections/package.json projections/
COPY web/package.json web/
COPY testing/package.json testing/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 3000
CMD ["npx", "tsx", "services/api/src/app/main.ts"]
