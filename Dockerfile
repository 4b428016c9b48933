# qarx, the audit CLI, as a container image (the Kubernetes Job in deploy/k8s/ runs it):
#   docker build -t registry.example.org/qarx:0.1.0 . && docker push registry.example.org/qarx:0.1.0
# Stage 1 installs everything and compiles the CLI; stage 2 keeps the compiled CLI, the production
# packages and the shipped model, and runs as the non-root user `node`.

FROM node:20-slim AS build
WORKDIR /app
# onnxruntime-node downloads no CUDA files (its CPU binary ships in the package).
ENV ONNXRUNTIME_NODE_INSTALL=skip
COPY package.json package-lock.json ./
COPY scripts/build-cli.mjs scripts/
COPY bin bin
COPY src src
# npm ci runs the `prepare` script, which compiles the CLI into dist-cli/.
RUN npm ci --no-audit --no-fund
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:20-slim
WORKDIR /app
ENV NODE_ENV=production QARX_RUNTIME=js QARX_CACHE_DIR=/tmp/qarx-cache
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/bin bin
COPY --from=build /app/dist-cli dist-cli
COPY public/models public/models
USER node
ENTRYPOINT ["node", "bin/qarx.mjs"]
CMD ["--help"]
