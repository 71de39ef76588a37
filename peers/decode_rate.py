"""llama.cpp's own prompt and greedy generation rates on a GGUF, through llama-cpp-python (built from source here by
peers/setup.sh bench): the third build of `npm run bench -- --only cpu-build` (bench/cpu-build.ts), beside
node-llama-cpp's prebuilt portable and fastest builds. It does what bench/llm-threads.ts does on node-llama-cpp, so
the rates compare: the same prompt token ids (read from a file), read in one batch, the first token sampled; then
one forward pass and a greedy pick per token, `tokens` tokens at most or until the per-run time cap; rounds after one
untimed warm-up; flash attention off. An end-of-generation token does not stop the loop (nor does it there): every
step costs one forward pass.

Run: bash peers/run.sh peers/decode_rate.py --gguf judge.gguf --prompt-tokens tokens.json --threads 2 \
       [--tokens 48] [--rounds 2] [--run-cap-ms 3000] [--context-size 1024] --json out.json
Writes {"rows": [{"threads", "promptTokensPerSecond", "generatedTokensPerSecond", "generatedTokens"}],
"rounds", "cpuBuild", "promptTokens"}: rates are medians over the timed rounds.
"""

import argparse
import json
import statistics
import sys
import time

import llama_cpp
import numpy as np


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gguf", required=True)
    parser.add_argument("--prompt-tokens", required=True, help="a JSON file: the prompt's token ids, BOS included")
    parser.add_argument("--threads", type=int, required=True)
    parser.add_argument("--tokens", type=int, default=48)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--run-cap-ms", type=float, default=3000)
    parser.add_argument("--context-size", type=int, default=1024)
    parser.add_argument("--json", required=True)
    return parser.parse_args()


def build_name():
    """The library and what its ggml was compiled for (llama.cpp's system info, e.g. AVX2 = 1)."""
    info = llama_cpp.llama_print_system_info().decode("utf-8", "replace")  # "CPU : SSE3 = 1 | AVX2 = 1 | ..."
    parts = [part.split(":")[-1].strip() for part in info.split("|")]
    features = [part.split("=")[0].strip() for part in parts if part.endswith("= 1")]
    return f"llama-cpp-python {llama_cpp.__version__} ({', '.join(features) or 'no SIMD features'})"


def greedy(llama):
    """The id of the most likely next token after the last evaluated one (its logits, the batch's last row)."""
    logits = np.ctypeslib.as_array(llama._ctx.get_logits(), shape=(llama.n_vocab(),))
    return int(np.argmax(logits))


def one_round(llama, prompt, tokens, cap_seconds):
    """Prompt seconds, generation seconds and tokens generated in one run from an empty context (`eval` after
    `reset` drops the whole KV cache)."""
    llama.reset()
    t0 = time.perf_counter()
    llama.eval(prompt)
    token = greedy(llama)
    t1 = time.perf_counter()
    count = 1
    while count < tokens and time.perf_counter() - t1 < cap_seconds:
        llama.eval([token])
        token = greedy(llama)
        count += 1
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1, count


def main():
    args = parse_args()
    with open(args.prompt_tokens, encoding="utf-8") as f:
        prompt = json.load(f)
    llama = llama_cpp.Llama(
        model_path=args.gguf,
        n_threads=args.threads,
        n_threads_batch=args.threads,
        n_ctx=args.context_size,
        n_batch=min(512, args.context_size),
        n_gpu_layers=0,
        flash_attn=False,  # as bench/lib/thread-slots.ts opens node-llama-cpp's contexts
        seed=0,
        verbose=False,
    )
    one_round(llama, prompt, args.tokens, args.run_cap_ms / 1000)  # warm-up, untimed
    prompt_rates, generation_rates, generated = [], [], []
    for _ in range(args.rounds):
        prompt_seconds, generation_seconds, count = one_round(llama, prompt, args.tokens, args.run_cap_ms / 1000)
        prompt_rates.append(len(prompt) / prompt_seconds)
        generation_rates.append((count - 1) / generation_seconds if count > 1 else None)
        generated.append(count)
    result = {
        "rows": [
            {
                "threads": args.threads,
                "promptTokensPerSecond": statistics.median(prompt_rates),
                # None (JSON null) when no round generated a second token, as node's NaN is written.
                "generatedTokensPerSecond": statistics.median(rates) if (rates := [r for r in generation_rates if r is not None]) else None,
                "generatedTokens": statistics.median(generated),
            }
        ],
        "rounds": args.rounds,
        "cpuBuild": build_name(),
        "promptTokens": len(prompt),
    }
    with open(args.json, "w", encoding="utf-8") as f:
        json.dump(result, f)
    print(json.dumps(result), file=sys.stderr)


if __name__ == "__main__":
    main()
