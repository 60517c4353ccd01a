#!/usr/bin/env bash
# After `node scripts/sea.mjs --all`: run each binary this machine can run, `--version` and a
# read against a sandbox started by the linux-x64 binary. linux-x64 natively; linux-arm64 under
# qemu-user (Debian's qemu-user, libc6-arm64-cross, libstdc++6-arm64-cross); win-x64 under Wine
# (its output to a file: under Wine, Node's stdout on a pipe fails with EBADF); the macOS ones are
# reported as not run (sea.mjs checked their format, blob and fuse).
# Not part of CI: it needs the binaries (~450 MiB), Wine and qemu.
set -uo pipefail
cd "${1:-release}" || exit 2
work="$(mktemp -d)"
trap 'kill "$sandbox" 2>/dev/null; rm -rf "$work"' EXIT
export HOME="$work/home" SVC_CONFIG_DIR="$work/config" SVC_STATE_DIR="$work/state" SVC_KEYRING=off NO_COLOR=1
./svc-linux-x64 sandbox --port 0 --json >"$work/sandbox.json" 2>/dev/null &
sandbox=$!
for _ in $(seq 100); do [ -s "$work/sandbox.json" ] && break; sleep 0.1; done
url="$(sed -n 's/.*"url":"\([^"]*\)".*/\1/p' "$work/sandbox.json")"
key="$(sed -n 's/.*"v2Key":"\([^"]*\)".*/\1/p' "$work/sandbox.json")"
[ -n "$url" ] || { echo "sea-smoke: the sandbox did not start"; exit 1; }
failed=0
check() { # NAME RUNNER... : --version, then a read
  local name="$1"
  shift
  if "$@" --version >"$work/out" 2>"$work/err" && SVC_BASE_URL="$url" SVC_API_KEY="$key" "$@" products list --json >"$work/list" 2>>"$work/err" && grep -q '"id"' "$work/list"; then
    echo "sea-smoke: $name: --version $(cat "$work/out"), a sandbox read: ok"
  else
    echo "sea-smoke: $name: FAILED: $(head -3 "$work/err")"
    failed=1
  fi
}
check linux-x64 ./svc-linux-x64
if command -v wine >/dev/null 2>&1 && [ -f svc-win-x64.exe ]; then
  export WINEDEBUG=-all WINEPREFIX="${WINEPREFIX:-$work/wine}"
  # Node 22 refuses Windows before 8.1, and a new Wine prefix says Windows 7.
  wine winecfg -v win10 >/dev/null 2>&1
  check "win-x64 (Wine)" wine ./svc-win-x64.exe
else
  echo "sea-smoke: win-x64: not run (no Wine)"
fi
if command -v qemu-aarch64 >/dev/null 2>&1 && [ -d /usr/aarch64-linux-gnu ] && [ -f svc-linux-arm64 ]; then
  check "linux-arm64 (qemu-user)" qemu-aarch64 -L /usr/aarch64-linux-gnu ./svc-linux-arm64
else
  echo "sea-smoke: linux-arm64: not run (no qemu-aarch64 with an arm64 libc)"
fi
for t in darwin-x64 darwin-arm64; do echo "sea-smoke: $t: not run here (built and checked by sea.mjs only)"; done
exit "$failed"
