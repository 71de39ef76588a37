# Sourced by scripts/pack-test.sh: a user's fresh machine, as far as an install can see it.
#
# sandbox_enter DIR [NODE_BIN_DIR]
#   HOME, XDG_CACHE_HOME and the npm cache (npm_config_cache) become new empty folders under DIR, so
#   nothing cached by earlier builds (npm tarballs, prebuilt binaries, ~/.npmrc settings such as nodedir,
#   Node headers in node-gyp's folder, which is $XDG_CACHE_HOME/node-gyp) can hide a download or a
#   compile. npm_config_nodedir points at a folder that does not exist. (npm 11 warns that it will drop
#   npm_config_devdir and npm_config_python from the environment, so they are left unset.) Compilers, make, python,
#   cmake and ninja are replaced on PATH by stubs that log the call to $PACK_TEST_COMPILE_LOG and fail,
#   so a package that compiles fails loudly and is named. NODE_BIN_DIR (a folder holding `node`) goes
#   first on PATH, so npm and npx run on that Node.
# sandbox_check_offline
#   Fails when a host outside the npm registry answers (a prebuilt binary downloaded from elsewhere would
#   then go unnoticed); PACK_TEST_ALLOW_NETWORK=1 only warns.
# sandbox_assert_nothing_compiled PROJECT INSTALL_LOG
#   Fails if a stub was called, node-gyp ran, a build folder or Node headers appeared.
# sandbox_self_test
#   Proves the stubs catch a compile: a local package with a binding.gyp must fail to install and be logged.

sandbox_enter() {
  local dir="$1" node_bin="${2:-}"
  mkdir -p "$dir/home" "$dir/xdg-cache" "$dir/npm-cache" "$dir/stubs"
  export HOME="$dir/home" XDG_CACHE_HOME="$dir/xdg-cache" npm_config_cache="$dir/npm-cache"
  export npm_config_nodedir="$dir/no-node-headers" npm_config_userconfig="$dir/home/.npmrc"
  export PACK_TEST_COMPILE_LOG="$dir/compile-attempts.log"
  : >"$PACK_TEST_COMPILE_LOG"
  # The user's install: no setting that changes how packages install.
  unset NODE_LLAMA_CPP_SKIP_DOWNLOAD npm_config_build_from_source npm_config_python npm_config_devdir PYTHON \
    AIRGAP_EVAL_CACHE
  for tool in python python2 python3 make gmake cc gcc g++ c++ clang clang++ cmake ninja; do
    printf '#!/bin/sh\necho "%s $*" >>"%s"\necho "pack-test: a package tried to compile: %s $*" >&2\nexit 97\n' \
      "$tool" "$PACK_TEST_COMPILE_LOG" "$tool" >"$dir/stubs/$tool"
    chmod +x "$dir/stubs/$tool"
  done
  if [ -n "$node_bin" ]; then export PATH="$dir/stubs:$node_bin:$PATH"; else export PATH="$dir/stubs:$PATH"; fi
  hash -r
}

sandbox_check_offline() {
  local reached
  reached="$(node -e '
    const hosts = ["https://nodejs.org/download/release/", "https://github.com/", "https://objects.githubusercontent.com/"];
    Promise.all(hosts.map((u) => fetch(u, { method: "HEAD", signal: AbortSignal.timeout(5000) }).then(() => u, () => "")))
      .then((r) => console.log(r.filter(Boolean).join(" ")));')"
  if [ -n "$reached" ]; then
    if [ "${PACK_TEST_ALLOW_NETWORK:-}" = "1" ]; then
      echo "pack-test: WARNING: $reached answered; this run cannot prove a registry-only install" >&2
    else
      fail "hosts outside the npm registry answer ($reached): this run would not prove a registry-only install. Run it on a registry-only machine, or set PACK_TEST_ALLOW_NETWORK=1 to go on anyway"
    fi
  else
    echo "only the npm registry is reachable (nodejs.org, github.com: no answer)"
  fi
}

sandbox_assert_nothing_compiled() {
  local project="$1" log="$2" found
  if [ -s "$PACK_TEST_COMPILE_LOG" ]; then
    fail "a package tried to compile during the install: $(tr '\n' ';' <"$PACK_TEST_COMPILE_LOG")"
  fi
  if grep -n "gyp info\|gyp ERR\|node-gyp rebuild\|cmake-js" "$log"; then fail "node-gyp or cmake ran during the install (lines above)"; fi
  found="$(find "$project/node_modules" \( -name config.gypi -o -name CMakeCache.txt -o -name obj.target \
    -o -path '*/node-llama-cpp/llama/localBuilds' \) -print 2>/dev/null | head -5)"
  if [ -n "$found" ]; then fail "build output in node_modules: $found"; fi
  if [ -e "$XDG_CACHE_HOME/node-gyp" ] || [ -e "$HOME/.node-gyp" ]; then fail "node-gyp fetched Node headers into $XDG_CACHE_HOME/node-gyp"; fi
  echo "nothing compiled: no compiler, make, python or cmake called, no node-gyp output, no build folder, no headers"
}

sandbox_self_test() {
  local dir="$1"
  mkdir -p "$dir/native-pkg" "$dir/native-project"
  printf '{"name":"pack-test-native","version":"1.0.0"}\n' >"$dir/native-pkg/package.json"
  printf "{'targets':[{'target_name':'x','sources':['x.c']}]}\n" >"$dir/native-pkg/binding.gyp"
  : >"$dir/native-pkg/x.c"
  printf '{"name":"p","version":"1.0.0"}\n' >"$dir/native-project/package.json"
  (cd "$dir/native-pkg" && npm pack --silent --pack-destination "$dir" >/dev/null)
  if (cd "$dir/native-project" && npm install --no-audit --no-fund "$dir/pack-test-native-1.0.0.tgz" >"$dir/native.log" 2>&1); then
    fail "self-test: a package with a binding.gyp installed, so a compile would go unnoticed"
  fi
  if ! grep -q . "$PACK_TEST_COMPILE_LOG"; then
    fail "self-test: a package with a binding.gyp failed without calling a stub (see $dir/native.log)"
  fi
  echo "a package with a binding.gyp fails to install and is logged: $(head -1 "$PACK_TEST_COMPILE_LOG")"
  : >"$PACK_TEST_COMPILE_LOG"
  rm -rf "$dir/native-pkg" "$dir/native-project" "$dir/pack-test-native-1.0.0.tgz" "$XDG_CACHE_HOME/node-gyp"
}
