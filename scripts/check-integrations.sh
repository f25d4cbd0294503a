#!/usr/bin/env bash
# Runs the CI integrations with the real tools when this machine has them:
# pre-commit builds the hook from this checkout (uncommitted changes too) and
# runs it on a scratch repository; Docker builds the image and runs it. The Go
# tests (integrations_test.go) cover what can run without them: the action's
# steps, the hook's entry, the Dockerfile's build command.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if command -v pre-commit >/dev/null 2>&1; then
  echo "-- pre-commit try-repo (zmission-validate)"
  work="$tmp/precommit"
  mkdir -p "$work/missions"
  cp examples/invader/first-contact.yaml "$work/missions/"
  printf 'on: push\njobs: {}\n' > "$work/ci.yml"         # YAML that is no mission: passed over
  git -C "$work" init -q
  git -C "$work" add -A
  (cd "$work" && pre-commit try-repo "$repo" zmission-validate --all-files >"$tmp/clean.log" 2>&1) ||
    { cat "$tmp/clean.log"; echo "the hook fails on clean missions"; exit 1; }
  cp testdata/broken/duplicate-key.yaml "$work/missions/broken.yaml"
  git -C "$work" add -A
  if (cd "$work" && pre-commit try-repo "$repo" zmission-validate --all-files >"$tmp/broken.log" 2>&1); then
    cat "$tmp/broken.log"; echo "the hook passes a broken mission"; exit 1
  fi
  grep -q 'missions/broken.yaml:5:1: error: duplicate key' "$tmp/broken.log" ||
    { cat "$tmp/broken.log"; echo "the hook does not report the finding"; exit 1; }
else
  echo "-- pre-commit not installed: the hook's entry is run by go test only"
fi

if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  echo "-- docker build and run"
  docker build -q -t zmission-ci . >/dev/null
  docker run --rm -v "$repo/examples:/work:ro" zmission-ci
  docker run --rm zmission-ci version
else
  echo "-- no Docker engine: the Dockerfile is parsed and its build command run by go test only"
fi
echo "integrations: ok"
