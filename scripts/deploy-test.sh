#!/usr/bin/env bash
# The deployment tier: the published Dockerfile, deploy/compose.yaml and
# deploy/kubernetes/, used the way an operator would, with Podman from Debian.
#
#   bash scripts/deploy-test.sh
#
# 1. Installs Podman, runc, podman-compose and mmdebstrap (apt), and points
#    Podman at its own containers.conf (runc; ulimits this machine allows).
# 2. Builds docker.io/library/debian:bookworm-slim from the Debian archive
#    (mmdebstrap, podman import) and stand-ins for the postgres and redis images
#    (scripts/deploy-test/*.Containerfile), unless present: no container
#    registry is needed. They are kept as a cache; everything else is removed.
# 3. Builds the image (size), starts it alone (ROLE=all) and times its cold
#    start to a passing /readyz, as a non-root user with Chromium sandboxed.
# 4. Starts deploy/compose.yaml, renders a task with a webhook to a receiver on
#    this host, SIGKILLs the worker rendering a second task and sees it complete.
# 5. Plays deploy/kubernetes/ with `podman kube play` and renders a task there.
# Needs root (or passwordless sudo for apt and podman). Prints each step's time.
set -Eeuo pipefail

# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
# shellcheck source=scripts/lib/debian-packages.sh
source "$ROOT/scripts/lib/debian-packages.sh"

# Podman only recommends what it needs here: netavark runs iptables for a bridge network, and `kube play` builds
# its pause image around catatonit.
PACKAGES=(podman runc netavark aardvark-dns iptables catatonit podman-compose mmdebstrap curl openssl ffmpeg)
BASE_IMAGE=docker.io/library/debian:bookworm-slim
POSTGRES_IMAGE=docker.io/library/postgres:15-bookworm
REDIS_IMAGE=docker.io/library/redis:7.0-bookworm
IMAGE=localhost/render-service:deploy-test
PROJECT=rsdeploytest
KUBE_NET=rsdeploytest-kube
WORK=""
RECEIVER_PID=""
STARTED=0
# What the TLS-terminating proxy in front of a TRUST_PROXY API adds (the Kubernetes manifests).
VIA_PROXY=()
# kube play makes this network when it is missing; removed after only if the test made it.
KUBE_DEFAULT_NET=podman-default-kube-network
KUBE_DEFAULT_NET_MADE=0

step() { say "deploy-test: $* ($(since "$STARTED"))"; }
fail() { die "deploy-test: FAILED: $*"; }

cleanup() {
  local rc=$?
  set +e
  [[ -n $RECEIVER_PID ]] && kill "$RECEIVER_PID" 2>/dev/null
  if [[ -n $WORK && -d $WORK/compose ]]; then
    (cd "$WORK/compose" && podman-compose -p "$PROJECT" down -v -t 5 >/dev/null 2>&1)
  fi
  podman rm -f -t 5 "$PROJECT-cold" >/dev/null 2>&1
  if [[ -n $WORK && -f $WORK/kube.yaml ]]; then
    podman kube down "$WORK/kube.yaml" >/dev/null 2>&1
  fi
  podman rm -f -t 5 "$PROJECT-postgres" "$PROJECT-redis" >/dev/null 2>&1
  podman volume rm -f render-outputs "$PROJECT-kube-pg" >/dev/null 2>&1
  podman secret rm render-service >/dev/null 2>&1
  podman network rm -f "$KUBE_NET" "${PROJECT}_default" >/dev/null 2>&1
  ((KUBE_DEFAULT_NET_MADE)) && podman network rm -f "$KUBE_DEFAULT_NET" >/dev/null 2>&1
  podman rmi -f "$IMAGE" >/dev/null 2>&1
  [[ -n $WORK ]] && rm -rf "$WORK"
  ((rc == 0)) || say "deploy-test: cleaned up after a failure (exit $rc)"
  return "$rc"
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# json <expression over `j`> : evaluates it on the JSON read from stdin.
json() {
  node -e "let t='';process.stdin.on('data',d=>t+=d).on('end',()=>{const j=JSON.parse(t);const v=($1);console.log(typeof v==='string'?v:JSON.stringify(v))})"
}

# succeeds_within <seconds> <command...>: runs the command every second until it succeeds; returns 1 if it never does.
succeeds_within() {
  local deadline=$((SECONDS + $1))
  shift
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || return 1
    sleep 1
  done
}

# wait_for <seconds> <what> <command...>: the same, failing the test if the command never succeeds.
wait_for() {
  succeeds_within "$1" "${@:3}" || fail "$2: not within $1 s"
}

prepare_host() {
  local -a missing
  mapfile -t missing < <(missing_packages "${PACKAGES[@]}")
  if ((${#missing[@]})); then
    ((EUID == 0)) || die "deploy-test: needs root to install ${missing[*]} and run rootful Podman"
    install_packages "${missing[@]}"
  fi
  ((EUID == 0)) || die "deploy-test: needs root (rootful Podman: kube play volumes, shared networks)"
  # crun rejects this machine's hybrid cgroup layout; nofile no higher than the hard limit.
  cat >"$WORK/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$(ulimit -Hn):$(ulimit -Hn)", "nproc=32768:32768"]
[engine]
runtime = "runc"
EOF
  export CONTAINERS_CONF=$WORK/containers.conf
}

base_images() {
  if ! podman image exists "$BASE_IMAGE"; then
    step "building $BASE_IMAGE from the Debian archive (mmdebstrap)"
    mmdebstrap --quiet --variant=minbase bookworm "$WORK/base.tar"
    podman import --quiet --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["bash"]' "$WORK/base.tar" "$BASE_IMAGE" >/dev/null
    rm -f "$WORK/base.tar"
  fi
  local name file image
  for name in postgres redis; do
    file="$ROOT/scripts/deploy-test/$name.Containerfile"
    [[ $name == postgres ]] && image=$POSTGRES_IMAGE || image=$REDIS_IMAGE
    podman image exists "$image" && continue
    step "building the stand-in $image from the Debian archive"
    podman build --quiet -t "$image" -f "$file" "$ROOT/scripts/deploy-test" >"$WORK/build-$name.log" 2>&1 ||
      { tail -n 30 "$WORK/build-$name.log" >&2; fail "podman build of $image"; }
  done
}

build_image() {
  local started size ca=()
  started=$(now_ms)
  # A proxy that intercepts TLS (as in CI here) needs the host's CA bundle in the build.
  [[ -f /etc/ssl/certs/ca-certificates.crt ]] &&
    ca=(-v /etc/ssl/certs/ca-certificates.crt:/run/build-ca.crt:ro --build-arg BUILD_CA_FILE=/run/build-ca.crt)
  step "building the image"
  podman build --quiet "${ca[@]}" -t "$IMAGE" "$ROOT" >"$WORK/build.log" 2>&1 || {
    tail -n 30 "$WORK/build.log" >&2
    fail "podman build"
  }
  size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
  say "deploy-test: image built in $(since "$started"): $((size / 1000000)) MB"
}

# Cold start of one ROLE=all container (SQLite, its own Redis, local storage) to /readyz 200.
cold_start() {
  local port started uid procs namespaces
  port=$(free_port)
  started=$(now_ms)
  podman run -d --name "$PROJECT-cold" -p "127.0.0.1:$port:8443" --shm-size 1g \
    --security-opt "seccomp=$ROOT/deploy/seccomp/chromium.json" "$IMAGE" >/dev/null
  wait_for 120 "the lone container's /readyz" curl -fsk "https://127.0.0.1:$port/readyz"
  say "deploy-test: cold start (podman run to /readyz 200, ROLE=all): $(since "$started")"
  podman exec "$PROJECT-cold" node deploy/healthcheck.js /readyz || fail "deploy/healthcheck.js failed on a ready API"
  uid=$(podman exec "$PROJECT-cold" id -u)
  [[ $uid != 0 ]] || fail "the service runs as root"
  procs=$(podman exec "$PROJECT-cold" sh -c 'for p in /proc/[0-9]*; do tr "\0" " " <"$p/cmdline" 2>/dev/null; echo; done' | grep chromium-headless-shell || true)
  [[ -n $procs ]] || fail "no Chromium process after /readyz passed"
  ! grep -q -- '--no-sandbox' <<<"$procs" || fail "Chromium runs with --no-sandbox"
  # Sandboxed, the renderers run in a user namespace of their own.
  namespaces=$(podman exec "$PROJECT-cold" sh -c 'for p in /proc/[0-9]*; do grep -q chromium "$p/cmdline" 2>/dev/null && readlink "$p/ns/user"; done; true' | sort -u | wc -l)
  ((namespaces >= 2)) || fail "all Chromium processes share one user namespace (sandbox off?)"
  say "deploy-test: runs as uid $uid; Chromium sandboxed (no --no-sandbox, $namespaces user namespaces)"
  podman rm -f -t 10 "$PROJECT-cold" >/dev/null
}

# A timeline of `seconds` of the service's own test card (read by workers from disk).
task_body() {
  local base=$1 seconds=$2 webhook=$3 width=$4
  node -e '
    const [base, seconds, webhook, width] = process.argv.slice(1);
    const clips = Array.from({ length: Math.ceil(seconds / 3) }, (_, i) => ({
      id: `card-${i}`, media_url: `${base}/samples/testcard-640x360.mp4`,
      start_time_ms: i * 3000, end_time_ms: Math.min(seconds * 1000, (i + 1) * 3000) }));
    const height = Math.round((width * 9) / 16 / 2) * 2;
    console.log(JSON.stringify({
      input: { timeline: { duration_ms: seconds * 1000, tracks: [{ id: "main", type: "video", clips }] },
               output: { resolution: { width: Number(width), height }, framerate: 30 } },
      webhook: { url: webhook } }));' "$base" "$seconds" "$webhook" "$width"
}

# api <base URL> <key> <method> <path> [body]: the response body; fails on an HTTP error.
api() {
  local base=$1 key=$2 method=$3 path=$4 body=${5:-} answer
  answer=$(curl -sSk --fail-with-body "${VIA_PROXY[@]}" -X "$method" -H "Authorization: Bearer $key" ${body:+-H 'Content-Type: application/json' --data "$body"} "$base$path") ||
    fail "$method $base$path: $answer"
  printf '%s\n' "$answer"
}

task_status() { api "$1" "$2" GET "/v3/tasks/$3" | json 'j.status'; }

# wait_task <base> <key> <task id> <seconds>: waits for a final state; fails unless completed.
wait_task() {
  local base=$1 key=$2 id=$3 seconds=$4 status deadline
  deadline=$((SECONDS + seconds))
  while :; do
    status=$(task_status "$base" "$key" "$id")
    case $status in
      completed) return 0 ;;
      failed | canceled) fail "task $id ended $status: $(api "$base" "$key" GET "/v3/tasks/$id")" ;;
    esac
    ((SECONDS < deadline)) || fail "task $id still $status after $seconds s"
    sleep 1
  done
}

# check_output <base> <key> <task id> <seconds> <origin to reach the files at>: the video's duration.
check_output() {
  local base=$1 key=$2 id=$3 seconds=$4 origin=$5 url duration
  url=$(api "$base" "$key" GET "/v3/tasks/$id" | json 'j.output.video_url')
  url="$origin/${url#*://*/}"
  curl -fsSk "${VIA_PROXY[@]}" -o "$WORK/$id.mp4" "$url" || fail "downloading the output of $id from $url"
  duration=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$WORK/$id.mp4")
  node -e "process.exit(Math.abs($duration - $seconds) < 0.2 ? 0 : 1)" ||
    fail "the output of $id lasts $duration s, not $seconds s"
  say "deploy-test: task $id completed; its video lasts $duration s"
}

start_receiver() {
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=host.containers.internal \
    -addext subjectAltName=DNS:host.containers.internal \
    -keyout "$WORK/receiver.key" -out "$WORK/receiver.crt" >/dev/null 2>&1
  RECEIVER_PORT=$(free_port)
  : >"$WORK/webhooks.log"
  node "$ROOT/scripts/deploy-test/webhook-receiver.js" "$WORK/receiver.crt" "$WORK/receiver.key" "$RECEIVER_PORT" "$WORK/webhooks.log" >/dev/null &
  RECEIVER_PID=$!
  wait_for 10 "the webhook receiver" curl -fsk -X POST "https://127.0.0.1:$RECEIVER_PORT/probe"
}

webhook_seen() { grep -q "\"event\":\"$2\",\"task_id\":\"$1\"" "$WORK/webhooks.log"; }

# wait_webhook <api base> <key> <task id> <event> <seconds>: waits for the receiver to log the task's event. On
# time-out it shows what the receiver got for the task and the task's delivery record, so a late event says why.
wait_webhook() {
  local base=$1 key=$2 id=$3 event=$4 seconds=$5
  succeeds_within "$seconds" webhook_seen "$id" "$event" && return 0
  say "deploy-test: the receiver got for $id:"
  grep -F "\"task_id\":\"$id\"" "$WORK/webhooks.log" >&2 || true
  say "deploy-test: deliveries of $id: $(api "$base" "$key" GET "/v3/tasks/$id/deliveries")"
  fail "the $event webhook of $id: not within $seconds s"
}

compose_test() {
  local dir=$WORK/compose port1 port2 base key id worker started killed lock_left
  mkdir -p "$dir"
  cp -r "$ROOT/deploy/compose.yaml" "$ROOT/deploy/seccomp" "$dir/"
  port1=$(free_port)
  port2=$(free_port)
  base="https://localhost:$port1"
  # deploy/env.example filled in, plus what the test needs: the receiver's CA and
  # address, and a short Bull lock so the killed worker's render is taken over quickly.
  {
    grep -v '^\(POSTGRES_PASSWORD\|URL_SIGNING_SECRET\|SECRETS_KEY\|METRICS_TOKEN\|PUBLIC_BASE_URL\)=' "$ROOT/deploy/env.example"
    echo "POSTGRES_PASSWORD=$(openssl rand -hex 24)"
    echo "URL_SIGNING_SECRET=$(openssl rand -hex 32)"
    echo "SECRETS_KEY=$(openssl rand -base64 32)"
    echo "METRICS_TOKEN=$(openssl rand -hex 24)"
    echo "PUBLIC_BASE_URL=$base"
    echo "RENDER_IMAGE=$IMAGE"
    echo "API_PORT_1=$port1"
    echo "API_PORT_2=$port2"
    echo "NETWORK_ALLOWLIST=host.containers.internal"
    echo "WEBHOOK_CA_FILE=/run/receiver-ca.crt"
    echo "BULL_LOCK_DURATION_MS=10000"
    echo "BULL_STALLED_INTERVAL_MS=5000"
  } >"$dir/.env"
  chmod 600 "$dir/.env"
  cp "$WORK/receiver.crt" "$dir/receiver-ca.crt"
  cat >"$dir/compose.test.yaml" <<'EOF'
services:
  worker-1: { volumes: ['./receiver-ca.crt:/run/receiver-ca.crt:ro,z'] }
  worker-2: { volumes: ['./receiver-ca.crt:/run/receiver-ca.crt:ro,z'] }
EOF
  started=$(now_ms)
  step "compose: starting 2 APIs, 2 workers, PostgreSQL and Redis"
  (cd "$dir" && podman-compose -p "$PROJECT" -f compose.yaml -f compose.test.yaml up -d >"$WORK/compose-up.log" 2>&1) ||
    { tail -n 30 "$WORK/compose-up.log" >&2; fail "podman-compose up"; }
  wait_for 180 "compose API 1 /readyz" curl -fsk "https://127.0.0.1:$port1/readyz"
  wait_for 60 "compose API 2 /readyz" curl -fsk "https://127.0.0.1:$port2/readyz"
  say "deploy-test: compose up, both APIs ready in $(since "$started")"
  key=$(podman exec "${PROJECT}_api-1_1" node dist/src/auth/keys.cli.js create --account deploy --tier pro --json | json 'j.key')

  # A short task through API 2 (the other API serves its file: shared storage), webhook to the host.
  id=$(api "https://127.0.0.1:$port2" "$key" POST /v3/tasks "$(task_body "$base" 2 "https://host.containers.internal:$RECEIVER_PORT/compose" 320)" | json 'j.task_id')
  wait_task "https://127.0.0.1:$port1" "$key" "$id" 120
  check_output "https://127.0.0.1:$port1" "$key" "$id" 2 "https://127.0.0.1:$port1"
  wait_webhook "https://127.0.0.1:$port1" "$key" "$id" task.completed 30

  # A longer task; the worker that renders it is SIGKILLed mid-render.
  id=$(api "https://127.0.0.1:$port1" "$key" POST /v3/tasks "$(task_body "$base" 20 "https://host.containers.internal:$RECEIVER_PORT/compose-kill" 640)" | json 'j.task_id')
  wait_for 60 "a worker rendering $id" rendering_worker "$id"
  worker=$(rendering_worker "$id")
  sleep 2
  [[ $(task_status "https://127.0.0.1:$port1" "$key" "$id") == processing ]] || fail "task $id finished before the kill"
  podman kill --signal KILL "$worker" >/dev/null
  killed=$SECONDS
  say "deploy-test: SIGKILLed $worker rendering $id"
  wait_task "https://127.0.0.1:$port1" "$key" "$id" 240
  check_output "https://127.0.0.1:$port1" "$key" "$id" 20 "https://127.0.0.1:$port1"
  # A worker killed while sending one of the task's webhooks holds the task's delivery lock until it expires:
  # the webhook timeout (30 s, the body sets none) + 15 s after the kill. Its later events wait behind it.
  lock_left=$((killed + 45 - SECONDS))
  ((lock_left > 0)) || lock_left=0
  wait_webhook "https://127.0.0.1:$port1" "$key" "$id" task.completed $((30 + lock_left))
  say "deploy-test: task.completed of $id received $((SECONDS - killed)) s after the kill"
  [[ $(grep -c "\"event\":\"task.completed\",\"task_id\":\"$id\"" "$WORK/webhooks.log") == 1 ]] ||
    say "deploy-test: note: task.completed of $id delivered more than once (receivers de-duplicate on webhook-id)"
  step "compose: done"
  (cd "$dir" && podman-compose -p "$PROJECT" down -v -t 150 >/dev/null 2>&1)
}

# Prints the compose worker container whose log says it started rendering the task (JSON log lines).
rendering_worker() {
  local id=$1 name
  for name in "${PROJECT}_worker-1_1" "${PROJECT}_worker-2_1"; do
    if podman logs "$name" 2>&1 | grep -F "\"task_id\":\"$id\"" | grep -q '"msg":"render started"'; then
      echo "$name"
      return 0
    fi
  done
  return 1
}

# kustomization.yaml's resources as one document (what `kubectl kustomize` prints for
# plain resources), but the Secret (see kube_test).
kube_manifest() {
  local dir=$1 file
  sed -n 's/^  - \(.*\.yaml\)$/\1/p' "$dir/kustomization.yaml" | grep -vx secret.yaml | while read -r file; do
    echo '---'
    cat "$dir/$file"
  done
}

kube_test() {
  local dir=$WORK/kube started ip base key id
  mkdir -p "$dir" "$WORK/seccomp"
  cp "$ROOT"/deploy/kubernetes/*.yaml "$dir/"
  cp "$ROOT/deploy/seccomp/chromium.json" "$WORK/seccomp/render-service-chromium.json"
  local pg_password name
  pg_password=$(openssl rand -hex 24)
  local -A secret=(
    [DATABASE_URL]="postgres://render:$pg_password@postgres:5432/render"
    [URL_SIGNING_SECRET]="$(openssl rand -hex 32)"
    [SECRETS_KEY]="$(openssl rand -base64 32)"
    [METRICS_TOKEN]="$(openssl rand -hex 24)"
  )
  cp "$dir/secret.example.yaml" "$dir/secret.yaml"
  for name in "${!secret[@]}"; do
    sed -i "s|  $name: ''|  $name: '${secret[$name]}'|" "$dir/secret.yaml"
  done
  if grep -q "^  [A-Z_]*: ''" "$dir/secret.yaml"; then fail "secret.example.yaml has a value the test does not fill"; fi
  # Podman 4.3 cannot read back a Secret it plays (containers/podman#17071): the same values go in
  # a Podman secret of that name instead, in the form its secretRef reads (name -> base64 value).
  for name in "${!secret[@]}"; do printf '%s\0%s\0' "$name" "$(printf '%s' "${secret[$name]}" | base64 -w0)"; done |
    node -e 'const p=require("fs").readFileSync(0,"utf8").split("\0");const o={};for(let i=0;i+1<p.length;i+=2)o[p[i]]=p[i+1];process.stdout.write(JSON.stringify(o))' >"$WORK/secret.json"
  podman secret create render-service "$WORK/secret.json" >/dev/null
  sed -i "s|PUBLIC_BASE_URL: .*|PUBLIC_BASE_URL: http://api:8080|" "$dir/configmap.yaml"
  # Podman 4.3 publishes every containerPort on the host (two API pods would clash on 8080); the
  # test reaches the pods on their network instead, and kube play runs no probes that name the port.
  sed -i '/^          ports:$/{N;d}' "$dir/api.yaml"
  kube_manifest "$dir" | sed "s|image: localhost/render-service:latest|image: $IMAGE|" >"$WORK/kube.yaml"

  started=$(now_ms)
  step "kubernetes: PostgreSQL and Redis on network $KUBE_NET, then podman kube play"
  podman network create "$KUBE_NET" >/dev/null
  podman run -d --name "$PROJECT-postgres" --network "$KUBE_NET" --network-alias postgres \
    -e POSTGRES_USER=render -e POSTGRES_DB=render -e "POSTGRES_PASSWORD=$pg_password" \
    -v "$PROJECT-kube-pg:/var/lib/postgresql/data" "$POSTGRES_IMAGE" >/dev/null
  podman run -d --name "$PROJECT-redis" --network "$KUBE_NET" --network-alias redis "$REDIS_IMAGE" >/dev/null
  wait_for 60 "PostgreSQL" podman exec "$PROJECT-postgres" pg_isready -U render -d render
  podman network exists "$KUBE_DEFAULT_NET" || KUBE_DEFAULT_NET_MADE=1
  podman kube play --network "$KUBE_NET" --seccomp-profile-root "$WORK/seccomp" "$WORK/kube.yaml" >"$WORK/kube-play.log" 2>&1 ||
    { cat "$WORK/kube-play.log" >&2; fail "podman kube play"; }
  ip=$(podman inspect --format "{{(index .NetworkSettings.Networks \"$KUBE_NET\").IPAddress}}" api-pod-0-api)
  base="http://$ip:8080"
  # kube play runs no probes: poll what the readiness probe asks.
  wait_for 120 "the kube api pod's /readyz" curl -fs "$base/readyz"
  say "deploy-test: kube play up, API ready in $(since "$started")"
  VIA_PROXY=(-H 'X-Forwarded-Proto: https')
  key=$(podman exec api-pod-0-api node dist/src/auth/keys.cli.js create --account deploy --tier pro --json | json 'j.key')
  id=$(api "$base" "$key" POST /v3/tasks "$(task_body http://api:8080 2 "https://host.containers.internal:$RECEIVER_PORT/kube" 320)" | json 'j.task_id')
  wait_task "$base" "$key" "$id" 120
  check_output "$base" "$key" "$id" 2 "$base"
  step "kubernetes: done"
}

main() {
  install_error_trap deploy-test
  STARTED=$(now_ms)
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/render-deploy-test.XXXXXX")"
  trap cleanup EXIT
  prepare_host
  base_images
  build_image
  cold_start
  start_receiver
  compose_test
  kube_test
  say "deploy-test: all passed ($(since "$STARTED"))"
}

main "$@"
