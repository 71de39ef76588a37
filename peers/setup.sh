#!/usr/bin/env bash
# Makes the pinned peer environment: a Python virtual environment with the libraries airgap-eval is measured
# against (measurement tooling only; never part of the package). Idempotent: a tier whose lock files, Python and
# build options are unchanged since the last run is kept as it is.
#
#   bash peers/setup.sh          core tier: ragas, deepeval, haystack-ai, sacrebleu, rouge-score, rapidfuzz, agentevals
#   bash peers/setup.sh bench    core tier + torch (CPU), sentence-transformers, onnxruntime, tokenizers, llama-cpp-python
#
# Environment (each optional):
#   AIRGAP_EVAL_PEERS_VENV        the virtual environment             (default: <repo>/.peers-venv)
#   AIRGAP_EVAL_PEERS_CACHE       downloaded and built wheels, build logs (default: <repo>/.peers-cache)
#   AIRGAP_EVAL_PEERS_PYTHON      the interpreter that makes the venv (default: python3.11)
#   AIRGAP_EVAL_PEERS_BUILD_JOBS  parallel compile jobs for llama-cpp-python (default: 1; the build also runs at nice 19)
# Every install is `pip install --require-hashes --no-deps --no-index` from a lock file's wheels (downloaded once into
# the cache), with peers/constraints.txt, so nothing is resolved at install time and no other torch than the CPU
# 2.13.0 build can come in.
set -euo pipefail
shopt -s inherit_errexit
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
tier="${1:-core}"
case "$tier" in core | bench) ;; *)
  echo "setup.sh: unknown tier '$tier'; use 'core' (the parity peers) or 'bench' (core + torch, sentence-transformers, onnxruntime, tokenizers, llama-cpp-python)" >&2
  exit 2
  ;;
esac
venv="${AIRGAP_EVAL_PEERS_VENV:-$repo/.peers-venv}"
cache="${AIRGAP_EVAL_PEERS_CACHE:-$repo/.peers-cache}"
python="${AIRGAP_EVAL_PEERS_PYTHON:-python3.11}"
build_jobs="${AIRGAP_EVAL_PEERS_BUILD_JOBS:-1}"
# A portable CPU build: no -march=native (AVX2/FMA/F16C baseline, as ggml sets when GGML_NATIVE is off), no GPU
# backend, no BLAS; the multimodal library (LLAVA_BUILD) is left out since no peer script reads images.
llama_cmake_args="-DGGML_NATIVE=OFF -DGGML_CUDA=OFF -DGGML_METAL=OFF -DGGML_VULKAN=OFF -DGGML_BLAS=OFF -DGGML_OPENMP=ON -DLLAVA_BUILD=OFF"

command -v "$python" >/dev/null || {
  echo "setup.sh: no $python on PATH; install CPython 3.11 or set AIRGAP_EVAL_PEERS_PYTHON to one" >&2
  exit 1
}
export PIP_DISABLE_PIP_VERSION_CHECK=1
mkdir -p "$cache/logs"

# sha256 of standard input followed by the given files.
key_of() { cat - "$@" | sha256sum | cut -c1-64; }
stamp_ok() { [ -f "$venv/.peers-$1.sha256" ] && [ "$(cat "$venv/.peers-$1.sha256")" = "$2" ]; }
# The wheels of a lock file, downloaded once into the cache (pip's own HTTP cache keeps nothing here), so a rebuilt
# venv installs with no index and no network. Prints the folder.
wheels_of() {
  local lock="$1" folder
  folder="$cache/wheels/$(basename "$lock" .lock)-$(key_of "$lock" "$here/constraints.txt" </dev/null | cut -c1-16)"
  if [ ! -f "$folder/.complete" ]; then
    rm -rf "$folder"
    "$venv/bin/python" -m pip download --quiet --require-hashes --no-deps -c "$here/constraints.txt" -r "$lock" -d "$folder" >&2
    touch "$folder/.complete"
  fi
  echo "$folder"
}
pip_locked() {
  local lock="$1" folder
  shift
  folder="$(wheels_of "$lock")"
  "$venv/bin/python" -m pip install --quiet --no-index --find-links "$folder" --require-hashes --no-deps \
    -c "$here/constraints.txt" "$@"
}
report() { printf 'setup.sh: %s in %ss; %s is %s\n' "$1" "$2" "$venv" "$(du -sh "$venv" | cut -f1)"; }

python_version="$("$python" -c 'import sys; print(sys.version)')"
core_key="$(printf '%s\n' "$python_version" | key_of "$here/requirements-core.lock" "$here/constraints.txt")"
if stamp_ok core "$core_key"; then
  echo "setup.sh: core tier up to date in $venv"
else
  start=$SECONDS
  rm -rf "$venv"
  "$python" -m venv "$venv"
  pip_locked "$here/requirements-core.lock" -r "$here/requirements-core.lock"
  "$venv/bin/python" -m pip check
  echo "$core_key" > "$venv/.peers-core.sha256"
  report "core tier installed" $((SECONDS - start))
fi
[ "$tier" = core ] && exit 0

llama_key="$(printf '%s\n' "$llama_cmake_args" | key_of "$here/requirements-llama.lock" | cut -c1-16)"
bench_key="$(printf '%s\n' "$core_key" "$llama_key" | key_of "$here/requirements-bench.lock")"
if stamp_ok bench "$bench_key"; then
  echo "setup.sh: bench tier up to date in $venv"
  exit 0
elif [ -f "$venv/.peers-bench.sha256" ]; then
  echo "setup.sh: the bench tier's locks or build options changed; rebuilding $venv from the cache"
  rm -rf "$venv"
  exec bash "$0" bench
fi
start=$SECONDS
# torch first, alone: the CPU build from the lock (its hash is that of the file on this machine's disk).
pip_locked "$here/requirements-bench.lock" -r <(grep -E '^torch==' "$here/requirements-bench.lock")
pip_locked "$here/requirements-bench.lock" -r "$here/requirements-bench.lock"

wheels="$cache/wheels/llama-$llama_key"
if ! compgen -G "$wheels/llama_cpp_python-*.whl" >/dev/null; then
  echo "setup.sh: building llama-cpp-python from source ($build_jobs job(s), nice 19); log in $cache/logs/llama-build.log"
  build_start=$SECONDS
  rm -rf "$wheels.partial"
  CMAKE_ARGS="$llama_cmake_args" CMAKE_BUILD_PARALLEL_LEVEL="$build_jobs" \
    nice -n 19 "$venv/bin/python" -m pip wheel --verbose --require-hashes --no-deps --no-binary llama-cpp-python \
    -r "$here/requirements-llama.lock" -w "$wheels.partial" > "$cache/logs/llama-build.log" 2>&1 || {
    echo "setup.sh: the llama-cpp-python build failed; see $cache/logs/llama-build.log" >&2
    exit 1
  }
  mv "$wheels.partial" "$wheels"
  echo "setup.sh: llama-cpp-python built in $((SECONDS - build_start))s, wheel cached in $wheels"
fi
"$venv/bin/python" -m pip install --quiet --no-index --no-deps "$wheels"/llama_cpp_python-*.whl
"$venv/bin/python" -m pip check
"$venv/bin/python" -c 'import torch, sys; v = torch.__version__; sys.exit(0 if v.startswith("2.13.0") and "+cpu" in v else f"setup.sh: torch {v} is not the CPU 2.13.0 build")'
echo "$bench_key" > "$venv/.peers-bench.sha256"
report "bench tier installed" $((SECONDS - start))
