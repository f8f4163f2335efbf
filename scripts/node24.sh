# Sourced (not run) by scripts/test.sh and scripts/start.sh (decisions 041 and 064): Node 24 LTS from
# the npm registry into .node/, first on PATH, and node_modules built for it — on a machine with any
# Node (none, 20, 22, 24). Expects the repository root as the working directory.
#
#   node24_install   Node of .node-version in .node/ (the `node` package: its binary and headers);
#                    PATH and npm_config_nodedir set for it
#   node24_modules   `npm ci` when node_modules were not built for this Node and this lockfile

node24_step() { echo "${NODE24_WHO:-node24.sh}: $*"; }

# The npm registry npm itself is set to (a mirror is kept), or the public one on a machine without npm.
node24_registry() {
  local registry=
  if command -v npm >/dev/null 2>&1; then registry="$(npm config get registry 2>/dev/null || true)"; fi
  registry="${registry:-https://registry.npmjs.org/}"
  echo "${registry%/}"
}

# A package's tarball from the registry, unpacked into a folder (what `npm install` does, by hand).
node24_fetch_package() { # name version folder
  local tarball="$(node24_registry)/$1/-/${1##*/}-$2.tgz"
  rm -rf "$3" && mkdir -p "$3"
  curl -fsSL --retry 3 "$tarball" | tar -xz -C "$3" --strip-components=1
}

node24_install() {
  local version node_bin arch
  version="$(cat .node-version)"
  node_bin="$PWD/.node/node_modules/.bin"
  case "$(uname -m)" in aarch64 | arm64) arch=arm64 ;; *) arch=x64 ;; esac
  node24_home="$PWD/.node/node_modules/node/node_modules/node-linux-$arch"

  if [ "$("$node_bin/node" --version 2>/dev/null)" != "v$version" ]; then
    node24_step "installing Node $version into .node/"
    rm -rf .node
    # npm on any Node that runs it installs the `node` package as always (its preinstall runs on that
    # Node); with no working npm, the platform package it would fetch is unpacked straight from the
    # registry into the same place.
    if npm --version >/dev/null 2>&1 &&
      npm install --prefix .node --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$version"; then
      :
    else
      node24_step "no working npm here: unpacking node-linux-$arch@$version from the registry"
      rm -rf .node
      node24_fetch_package "node-linux-$arch" "$version" "$node24_home" &&
        mkdir -p "$node_bin" && ln -sf "$node24_home/bin/node" "$node_bin/node"
    fi
  fi
  export PATH="$node_bin:$PATH"
  # A native module without a prebuilt binary compiles against this Node's own headers, not the system's.
  export npm_config_nodedir="$node24_home"
  if [ "$(node --version 2>/dev/null)" != "v$version" ] || [ ! -f "$node24_home/include/node/node.h" ]; then
    echo "${NODE24_WHO:-node24.sh}: Node $version did not install into .node/ — remove .node/ and run again (needs the npm registry)" >&2
    return 1
  fi
  # npm itself: the machine's when it runs on this Node, else npm 11 beside it in .node/ (the version
  # these machines carry, which wrote the lockfile), unpacked from the registry as Node was.
  if ! npm --version >/dev/null 2>&1; then
    local npm_version=11.19.1
    node24_step "installing npm $npm_version into .node/"
    if ! node24_fetch_package npm "$npm_version" "$PWD/.node/node_modules/npm" ||
      ! ln -sf ../npm/bin/npm-cli.js "$node_bin/npm" || ! ln -sf ../npm/bin/npx-cli.js "$node_bin/npx"; then
      echo "${NODE24_WHO:-node24.sh}: npm did not install into .node/ (needs the npm registry)" >&2
      return 1
    fi
  fi
}

node24_modules() {
  local stamp_file=node_modules/.installed-for stamp
  stamp="node $(node --version) abi $(node -p process.versions.modules) lock $(sha256sum package-lock.json | cut -c1-16)"
  if [ "$(cat "$stamp_file" 2>/dev/null)" != "$stamp" ]; then
    node24_step "npm ci on Node $(node --version)"
    npm ci --no-audit --no-fund || return 1
    echo "$stamp" >"$stamp_file"
  fi
}
