#!/usr/bin/env bash
# Installs every Debian package sdfconv builds and tests with (idempotent).
# Runs apt-get as root, through sudo when not root already.
set -euo pipefail
packages=(
  bazel-bootstrap bazel-rules-java g++
  libxml2-dev liburdfdom-dev liburdfdom-tools libeigen3-dev
  libspdlog-dev libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev
  sdformat-sdf     # SDFormat element reference: tests only (schema tables)
  libsdformat-dev  # reference implementation: tests only
  graphviz         # `dot`, for `sdfconv graph --format svg`
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing: ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
fi
