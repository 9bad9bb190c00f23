#!/usr/bin/env bash
# Installs every Debian package sdfconv builds and tests with (idempotent).
# Runs apt-get as root, through sudo when not root already.
set -euo pipefail
packages=(
  bazel-bootstrap bazel-rules-java g++
  libxml2-dev liburdfdom-dev liburdfdom-tools libeigen3-dev
  libspdlog-dev libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev pkg-config
  graphviz         # `dot`, for `sdfconv graph --format svg`
)
# Tests only, where Debian has them (Debian 12, not 13): the tests that use
# them skip, saying so, where they are absent.
optional=(
  libsdformat-dev  # reference implementation: tests only (//testing)
  sdformat-sdf     # SDFormat element reference: checks the schema tables
)
installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
updated=""
for p in "${optional[@]}"; do
  installed "$p" && continue
  [ -n "$updated" ] || { $sudo apt-get update -qq; updated=1; }
  if apt-cache show "$p" >/dev/null 2>&1; then
    packages+=("$p")
  else
    echo "not in this Debian, left out (its tests skip): $p" >&2
  fi
done
missing=()
for p in "${packages[@]}"; do
  installed "$p" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  [ -n "$updated" ] || $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
fi
