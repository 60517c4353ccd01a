#!/bin/sh
# Installs svc, the one-file executable (no Node.js needed), for Linux and macOS, without root:
#   curl -fsSL https://github.com/svc-cli/svc/releases/latest/download/install.sh | sh
# Settings (environment):
#   SVC_VERSION       a release such as 0.1.0 (default: the latest)
#   SVC_INSTALL_DIR   where `svc` goes (default: ~/.local/bin)
#   SVC_RELEASE_URL   the releases' address (default: https://github.com/svc-cli/svc/releases)
# The binary is checked against the release's SHA256SUMS before it is put in place: a binary
# whose checksum differs, or that the list does not name, is refused and nothing is changed.
# Run it again to update: the new binary replaces the old one in one rename.
set -eu

version="${SVC_VERSION:-latest}"
releases="${SVC_RELEASE_URL:-https://github.com/svc-cli/svc/releases}"
dir="${SVC_INSTALL_DIR:-$HOME/.local/bin}"

fail() {
  echo "svc install: $*" >&2
  exit 1
}

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) fail "this installer is for Linux and macOS; on Windows use install.ps1 (PowerShell)" ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) fail "no svc binary for $(uname -m); install with npm instead (docs/guides/install.md)" ;;
esac
asset="svc-$os-$arch"
case "$version" in
  latest) base="$releases/latest/download" ;;
  v*) base="$releases/download/$version" ;;
  *) base="$releases/download/v$version" ;;
esac

fetch() { # URL FILE
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --proto '=https,http' -o "$2" "$1"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1"
  else
    fail "needs curl or wget"
  fi
}

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d' ' -f1
  else
    fail "needs sha256sum or shasum to check the download"
  fi
}

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "svc install: downloading $asset ($version) from $base"
fetch "$base/SHA256SUMS" "$tmp/SHA256SUMS" || fail "cannot download $base/SHA256SUMS"
fetch "$base/$asset" "$tmp/svc" || fail "cannot download $base/$asset"
expected="$(awk -v f="$asset" '$2 == f || $2 == "*" f { print $1 }' "$tmp/SHA256SUMS" | head -n 1)"
[ -n "$expected" ] || fail "SHA256SUMS has no checksum for $asset: refusing to install an unchecked binary"
actual="$(sha256 "$tmp/svc")"
[ "$expected" = "$actual" ] || fail "$asset does not match its checksum (expected $expected, got $actual): refusing to install it"

chmod 755 "$tmp/svc"
# macOS refuses a changed binary without a signature: an ad-hoc one, made here (codesign ships with macOS).
if [ "$os" = darwin ] && command -v codesign >/dev/null 2>&1; then
  codesign --force --sign - "$tmp/svc" >/dev/null 2>&1 || fail "codesign could not sign $asset"
fi
mkdir -p "$dir"
cp "$tmp/svc" "$dir/.svc.new"
mv -f "$dir/.svc.new" "$dir/svc"
installed="$("$dir/svc" --version)" || fail "$dir/svc does not run on this machine"

echo "svc install: svc $installed installed in $dir/svc"
case ":$PATH:" in
  *":$dir:"*) ;;
  *) echo "svc install: $dir is not on your PATH; add it: echo 'export PATH=\"$dir:\$PATH\"' >> ~/.profile" ;;
esac
echo "next: svc sandbox      # try every command on a local sandbox, no key needed"
