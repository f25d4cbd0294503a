#!/usr/bin/env bash
# Runs zmission's CI integrations through the real clients a fan community
# uses, on a scratch repository laid out like a community's (missions in
# folders, a tile set of its own, a .zmission.yaml, CI files that are no
# missions), with the set-ups docs/ci.md shows:
#
#   - SARIF: the Multitool's validation (GitHub's rules and SARIF's own) and
#     a check against the SARIF 2.1.0 schema with ajv, as code scanning's
#     upload does (both from npm);
#   - actionlint (from the Go proxy) on this repository's workflows, on the
#     workflows docs/ci.md shows, and on the action through a workflow that
#     uses it;
#   - pre-commit (Debian's) with the hooks, as a contributor's commit runs
#     them: a broken mission, an upper-case extension, a tile-set edit that
#     breaks a mission outside the commit, a bad configuration;
#   - Docker, where an engine runs: the image, and the Docker hook.
#
# Tools missing are installed (npm into the user's cache, apt-get where
# there is one); one that cannot be had is skipped with a line saying so,
# except under CI=true, where that is a failure. The Go tests
# (integrations_test.go) cover what needs none of them: the action's
# steps, the hooks' entries, the Dockerfile's build command.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cache="${XDG_CACHE_HOME:-$HOME/.cache}/zmission"

# unavailable TOOL: skipped here, a failure under CI=true.
unavailable() {
  if [ "${CI:-}" = true ]; then
    echo "$1 cannot be had: CI runs it, so this is a failure"; exit 1
  fi
  echo "-- $1 SKIPPED: it cannot be had on this machine"
}
aptready=""
aptinstall() {
  command -v apt-get >/dev/null 2>&1 || return 1
  local sudo=""
  if [ "$(id -u)" != 0 ]; then command -v sudo >/dev/null 2>&1 || return 1; sudo="sudo"; fi
  if [ -z "$aptready" ]; then $sudo apt-get update -qq || return 1; aptready=1; fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}
fail() { echo "integrations: $*"; exit 1; }

echo "-- zmission built from this checkout"
mkdir -p "$tmp/bin"
CGO_ENABLED=0 go build -o "$tmp/bin/zmission" ./cmd/zmission
zm="$tmp/bin/zmission"

# The blocks of docs/ci.md that start with a file name, one file each:
# $tmp/doc/N-NAME (N orders them, NAME is the path with / as _).
mkdir -p "$tmp/doc"
awk -v out="$tmp/doc" '
  /^```yaml$/ { inblock = 1; first = 1; file = ""; next }
  /^```/ && inblock { inblock = 0; if (file != "") close(file); next }
  inblock && first {
    first = 0
    if ($0 ~ /^# \.github\/workflows\/|^# \.pre-commit-config\.yaml/) {
      n++; name = $2; gsub("/", "_", name); file = out "/" n "-" name
    }
  }
  inblock && file != "" { print > file }
' docs/ci.md
ls "$tmp/doc" | grep -q 'workflows_missions.yml$' || fail "docs/ci.md shows no .github/workflows/missions.yml"
[ "$(ls "$tmp/doc" | grep -c 'pre-commit-config.yaml$')" = 3 ] || fail "docs/ci.md shows no three .pre-commit-config.yaml set-ups"

# community DIR: a mission repository as a community keeps one.
community() {
  local d=$1
  mkdir -p "$d/missions/invader" "$d/missions/outpost" "$d/tiles" "$d/.github/workflows"
  cp examples/invader/first-contact.yaml "$d/missions/invader/"
  cp examples/classic/blue-line.yaml "$d/missions/"
  cat > "$d/tiles/outpost.yaml" <<'EOF'
format: 1
name: outpost
size: 2
faces:
  P1:
    grid:
      - r c
      - r c
    zones:
      r: room
      c: corridor
    edges:
      0,0 e: door
EOF
  cat > "$d/missions/outpost/run.yaml" <<'EOF'
format: 1
id: outpost-run
title: Outpost run
ruleset: zombicide-invader
tileset: ../../tiles/outpost.yaml
tiles:
  - {face: P1, at: [0, 0]}
tokens:
  - {type: start, at: [1, 1]}
  - {type: exit, at: [1, 0]}
objectives:
  - exit: all
EOF
  printf 'rules:\n  unused-ignore: warning\n' > "$d/.zmission.yaml"
  printf '{"name": "our-missions", "private": true}\n' > "$d/package.json"
  printf '# Our missions\n' > "$d/README.md"
  git -C "$d" init -q -b main
  git -C "$d" config user.name "A Fan"
  git -C "$d" config user.email fan@example.com
}

# ---------------------------------------------------------------- SARIF
echo "-- SARIF: the Multitool (GitHub's rules and SARIF's) and the SARIF 2.1.0 schema (ajv)"
tools="$cache/sarif-tools"
if command -v npm >/dev/null 2>&1 && [ ! -d "$tools/node_modules/@microsoft/sarif-multitool" ]; then
  npm install --silent --no-audit --no-fund --prefix "$tools" \
    @microsoft/sarif-multitool@5.7.0 ajv@8.20.0 ajv-formats@3.0.1 >/dev/null 2>&1 || true
fi
multitool=""
if command -v node >/dev/null 2>&1 && [ -d "$tools/node_modules/@microsoft/sarif-multitool" ]; then
  # The platform's binary itself: the package's wrapper passes its
  # arguments through a shell, which splits "Error;Warning" at the ';'.
  multitool=$(cd "$tools" && node -p 'require("@microsoft/sarif-multitool")' 2>/dev/null || true)
fi
if [ -n "$multitool" ] && [ -x "$multitool" ]; then
  c="$tmp/sarif-repo"
  community "$c"
  cp testdata/broken/duplicate-key.yaml "$c/missions/invader/dup.yaml"
  cp testdata/broken/duplicate-key.yaml "$c/missions/outpost/BIG.YAML"
  # From a subfolder, with a ../ path: locations from the repository root.
  (cd "$c/missions/invader" && "$zm" validate --format sarif --fail-on never . ../outpost ../blue-line.yaml) > "$tmp/findings.sarif"
  grep -q '"uri": "missions/invader/dup.yaml"' "$tmp/findings.sarif" || fail "SARIF locations are not from the repository root"
  grep -q '"uri": "missions/outpost/BIG.YAML"' "$tmp/findings.sarif" || fail "SARIF misses missions/outpost/BIG.YAML"
  # A run that could not read a file: exit 3, an unsuccessful invocation.
  set +e
  (cd "$c" && "$zm" validate --format sarif --fail-on never missions gone.yaml) > "$tmp/failed.sarif"; code=$?
  (cd "$c" && "$zm" validate --format sarif --fail-on never package.json .github) > "$tmp/usage.sarif" 2>/dev/null; usage=$?
  set -e
  [ "$code" = 3 ] || fail "an unreadable file: exit $code, want 3"
  grep -q '"executionSuccessful": false' "$tmp/failed.sarif" || fail "the SARIF of a run that could not read a file does not say so"
  [ "$usage" = 2 ] && [ ! -s "$tmp/usage.sarif" ] || fail "a usage error (exit $usage) wrote a report"
  (cd "$c" && "$zm" validate --format sarif missions) > "$tmp/clean-or-not.sarif" || true
  export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 # the Multitool needs no ICU then
  logs=("$tmp/findings.sarif" "$tmp/failed.sarif" "$tmp/clean-or-not.sarif")
  for kind in Gh Sarif; do
    "$multitool" validate "${logs[@]}" --rule-kind "$kind" --level "Error;Warning" --output "$tmp/multitool.$kind.sarif" >"$tmp/mt.log" 2>&1 ||
      { cat "$tmp/mt.log"; fail "the Multitool failed"; }
    n=$(node -e 'const l=JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); let n=0; for (const r of l.runs) { n += (r.results||[]).length; for (const i of r.invocations||[]) n += (i.toolExecutionNotifications||[]).filter(x=>x.level==="error").length } console.log(n)' "$tmp/multitool.$kind.sarif")
    if [ "$n" != 0 ]; then
      grep -E ': (error|warning) ' "$tmp/mt.log" | head -n 20
      fail "the Multitool's $kind rules find $n problems"
    fi
    echo "the Multitool's $kind rules: no error or warning in ${#logs[@]} logs"
  done
  NODE_PATH="$tools/node_modules" node scripts/check-sarif-schema.js \
    "$(dirname "$multitool")/sarif-2.1.0.json" "${logs[@]}" # the schema the Multitool ships
else
  unavailable "the SARIF Multitool and ajv (npm)"
fi

# ---------------------------------------------------------------- actionlint
echo "-- actionlint: this repository's workflows, the workflows docs/ci.md shows, the action"
actionlint="go run github.com/rhysd/actionlint/cmd/actionlint@v1.7.12"
if $actionlint -version >/dev/null 2>&1; then
  $actionlint -no-color .github/workflows/*.yml
  a="$tmp/actionlint-repo"
  community "$a"
  for f in "$tmp"/doc/*-.github_workflows_*.yml; do
    name=${f##*-.github_workflows_}
    cp "$f" "$a/.github/workflows/$name"
    # The same workflow with this checkout's action, whose metadata and
    # inputs actionlint then checks.
    mkdir -p "$a/.github/actions/zmission"
    cp action.yml "$a/.github/actions/zmission/action.yml"
    sed -E 's#uses: zmission/zmission@[^ ]+#uses: ./.github/actions/zmission#' "$f" > "$a/.github/workflows/local-$name"
  done
  grep -q 'uses: ./.github/actions/zmission' "$a"/.github/workflows/local-*.yml || fail "no workflow of docs/ci.md uses the action"
  (cd "$a" && $actionlint -no-color)
  echo "actionlint: clean"
else
  unavailable "actionlint (the Go module proxy)"
fi

# ---------------------------------------------------------------- pre-commit
echo "-- pre-commit: the hooks on a contributor's commits"
command -v pre-commit >/dev/null 2>&1 || { echo "installing Debian's pre-commit"; aptinstall pre-commit || true; }
if command -v pre-commit >/dev/null 2>&1; then
  pre-commit --version
  # This checkout as it is (uncommitted changes too), as one commit that
  # the set-ups of docs/ci.md name in place of the published repository.
  src="$tmp/zmission-src"
  git clone -q --no-local "$repo" "$src"
  git -C "$repo" ls-files -z --deleted | (cd "$src" && xargs -0 -r rm -f --)
  git -C "$repo" ls-files -z --cached --others --exclude-standard |
    tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$src"
  git -C "$src" add -A
  git -C "$src" -c user.name=ci -c user.email=ci@localhost commit -q --allow-empty -m "this checkout"
  rev=$(git -C "$src" rev-parse HEAD)
  export PRE_COMMIT_HOME="$tmp/pre-commit-home"
  export GOMODCACHE # the golang hook's build takes modules from this machine's cache
  GOMODCACHE=$(go env GOMODCACHE)

  # hook N PATH: the community repository at PATH with the N-th pre-commit
  # set-up of docs/ci.md (1 golang, 2 system, 3 docker).
  hook() {
    local c=$2
    community "$c"
    sed -E "s#repo: https://github.com/zmission/zmission#repo: $src#; s#rev: .*#rev: $rev#" \
      "$(ls "$tmp"/doc/*-.pre-commit-config.yaml | sed -n "$1p")" > "$c/.pre-commit-config.yaml"
    git -C "$c" add -A
    (cd "$c" && git commit -q -m "our missions" --no-verify && pre-commit install -f >/dev/null)
  }
  # expect CODE DIR LOG CMD...: run CMD in DIR, output in LOG, exit CODE.
  expect() {
    local want=$1 dir=$2 log=$3 code=0; shift 3
    (cd "$dir" && "$@") >"$log" 2>&1 || code=$?
    if [ "$code" != "$want" ]; then cat "$log"; fail "'$*' in ${dir#"$tmp"/}: exit $code, want $want"; fi
  }
  check_hooks() { # check_hooks N NAME
    local c="$tmp/precommit-$2"
    hook "$1" "$c"
    expect 0 "$c" "$tmp/$2-clean.log" pre-commit run --all-files
    grep -q 'Passed' "$tmp/$2-clean.log" || { cat "$tmp/$2-clean.log"; fail "$2: the hook did not run on clean missions"; }
    # A broken mission with an upper-case extension blocks the commit.
    cp "$repo/testdata/broken/duplicate-key.yaml" "$c/missions/Broken.YAML"
    git -C "$c" add -A
    expect 1 "$c" "$tmp/$2-broken.log" git commit -q -m "a broken mission"
    grep -q 'missions/Broken.YAML:5:1: error: duplicate key "title"' "$tmp/$2-broken.log" ||
      { cat "$tmp/$2-broken.log"; fail "$2: the broken mission's finding is not shown"; }
    git -C "$c" rm -q --cached missions/Broken.YAML && rm "$c/missions/Broken.YAML"
    # A tile-set edit that breaks a mission the commit does not touch.
    sed -i 's/^  P1:/  Q1:/' "$c/tiles/outpost.yaml"
    git -C "$c" add tiles/outpost.yaml
    expect 1 "$c" "$tmp/$2-tiles.log" git commit -q -m "rename a face"
    grep -q 'missions/outpost/run.yaml:7:12: error: .*has no face "P1"' "$tmp/$2-tiles.log" ||
      { cat "$tmp/$2-tiles.log"; fail "$2: the mission broken by the tile-set edit is not checked"; }
    git -C "$c" checkout -q HEAD -- tiles/outpost.yaml
    # A bad configuration: reported once.
    printf 'rules:\n  duplicate-key: loud\n' > "$c/.zmission.yaml"
    git -C "$c" add .zmission.yaml
    expect 1 "$c" "$tmp/$2-config.log" git commit -q -m "a bad configuration"
    [ "$(grep -c 'bad severity "loud"' "$tmp/$2-config.log")" = 1 ] ||
      { cat "$tmp/$2-config.log"; fail "$2: the configuration's problem is not reported once"; }
    git -C "$c" checkout -q HEAD -- .zmission.yaml
    echo "pre-commit ($2): clean missions pass; a broken mission, a breaking tile-set edit and a bad configuration are stopped"
  }
  check_hooks 1 golang
  PATH="$tmp/bin:$PATH" check_hooks 2 system
  if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
    check_hooks 3 docker
  else
    echo "-- pre-commit (docker): no Docker engine here; the Docker hook's program is checked against the Dockerfile by go test"
  fi
else
  unavailable "pre-commit (Debian's package)"
fi

# ---------------------------------------------------------------- Docker
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  echo "-- docker build and run"
  docker build -q -t zmission-ci . >/dev/null
  docker run --rm -v "$repo/examples:/work:ro" zmission-ci
  docker run --rm zmission-ci version
else
  echo "-- no Docker engine: the Dockerfile is parsed and its build command run by go test only"
fi
echo "integrations: ok"
