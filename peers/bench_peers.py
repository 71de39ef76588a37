"""The peers' side of `npm run bench -- --only peers` (bench/peers.ts): Ragas 0.4 and DeepEval 4 judging with a GGUF
model through llama-cpp-python in this process, and all-MiniLM-L6-v2 through sentence-transformers (PyTorch) and
Python onnxruntime. bench/peers.ts starts this worker once and sends it one JSON command per line on stdin; each
answer is one JSON line on the worker's own stdout (everything the libraries print goes to stderr), so the bench
can interleave our metrics with the peers' metric by metric.

How the peers reach the model (what a user of each does with a local GGUF, documented in docs/performance.md):

- One `llama_cpp.Llama` (n_threads = n_threads_batch = the bench's threads, n_ctx = the bench's context size, the
  GGUF's own chat template) serves both peers. Its `create_chat_completion_openai_v1` is patched by `instructor`
  in `Mode.JSON`, the mode Ragas' own `llm_factory` picks for an OpenAI-style client
  (`ragas/llms/base.py::_get_instructor_client`): instructor puts the output model's JSON schema in a system
  message, asks for `response_format={"type": "json_object"}` (llama-cpp-python turns that into a grammar for any
  JSON value, not for the schema) and validates the answer with pydantic. instructor's default `max_retries`
  applies, as in Ragas' `InstructorLLM`: one more attempt after a validation error, none after an answer cut off
  at the token budget. Each completion's token counts go to stderr (the bench's progress log).
- Ragas: `LlamaCppRagasLLM` subclasses `ragas.llms.base.InstructorBaseRagasLLM` (Ragas' `InstructorLLM` needs an
  async client for the collections metrics' `agenerate`, which an in-process model is not) and sends the rendered
  prompt as one user message with Ragas' `InstructorModelArgs` defaults except temperature 0 (max_tokens 1024).
  Metrics: `ragas.metrics.collections` Faithfulness, AnswerRelevancy (embeddings: `ragas.embeddings.
  HuggingFaceEmbeddings` on the same MiniLM), ContextPrecision (with reference), ContextRecall, via `ascore`.
- DeepEval: `LlamaCppDeepEvalLLM` subclasses `deepeval.models.DeepEvalBaseLLM` as DeepEval's "custom LLM" guide does
  with instructor (the schema DeepEval passes becomes the response model). Metrics: FaithfulnessMetric,
  AnswerRelevancyMetric, ContextualPrecisionMetric, ContextualRecallMetric, defaults (reasons on), async_mode off,
  via `measure`.

Commands (JSON objects, one per line): `load`, `judge`, `encode`, `quit`; see `handle` below.
Run: started by bench/peers.ts through `bash peers/run.sh peers/bench_peers.py`.
"""

import json
import math
import os
import sys
import time

# The protocol's stdout is a copy of fd 1; fd 1 itself then points at stderr, so a library's print cannot corrupt it.
_protocol = os.fdopen(os.dup(1), "w", buffering=1)
os.dup2(2, 1)
sys.stdout = sys.stderr

_t0 = time.perf_counter()
import instructor  # noqa: E402
import llama_cpp  # noqa: E402
from deepeval.metrics import (  # noqa: E402
    AnswerRelevancyMetric,
    ContextualPrecisionMetric,
    ContextualRecallMetric,
    FaithfulnessMetric,
)
from deepeval.models import DeepEvalBaseLLM  # noqa: E402
from deepeval.test_case import LLMTestCase  # noqa: E402
from ragas.embeddings import HuggingFaceEmbeddings  # noqa: E402
from ragas.llms.base import InstructorBaseRagasLLM  # noqa: E402
from ragas.metrics.collections import (  # noqa: E402
    AnswerRelevancy,
    ContextPrecision,
    ContextRecall,
    Faithfulness,
)

IMPORT_SECONDS = time.perf_counter() - _t0

# Ragas' InstructorModelArgs default answer budget.
MAX_TOKENS = 1024


class JudgeCounters:
    """Judge calls, tokens and structured-output failures since the last reset."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.requests = 0  # structured answers asked for by the peer
        self.calls = 0  # completions the model ran (instructor retries included)
        self.prompt_tokens = 0
        self.generated_tokens = 0
        self.parse_failures = 0  # requests whose answer did not validate as the peer's output model
        self.failure_examples = []

    def as_dict(self):
        return {
            "requests": self.requests,
            "calls": self.calls,
            "promptTokens": self.prompt_tokens,
            "generatedTokens": self.generated_tokens,
            "parseFailures": self.parse_failures,
            "parseFailureExamples": self.failure_examples[:2],
        }


class LocalJudge:
    """One llama_cpp.Llama behind instructor's JSON mode, counting every completion."""

    def __init__(self, gguf, threads, n_ctx):
        self.llama = llama_cpp.Llama(
            model_path=gguf,
            n_threads=threads,
            n_threads_batch=threads,
            n_ctx=n_ctx,
            n_gpu_layers=0,
            seed=0,
            verbose=False,
        )
        self.counters = JudgeCounters()
        self.structured = instructor.patch(create=self._complete, mode=instructor.Mode.JSON)

    def _complete(self, **kwargs):
        kwargs.pop("model", None)
        started = time.perf_counter()
        response = self.llama.create_chat_completion_openai_v1(**kwargs)
        self.counters.calls += 1
        if response.usage is not None:
            self.counters.prompt_tokens += response.usage.prompt_tokens
            self.counters.generated_tokens += response.usage.completion_tokens
            print(
                f"completion: {response.usage.prompt_tokens} prompt + {response.usage.completion_tokens} generated "
                f"tokens in {time.perf_counter() - started:.1f} s",
                file=sys.stderr,
                flush=True,
            )
        return response

    def ask(self, prompt, response_model):
        self.counters.requests += 1
        try:
            return self.structured(
                messages=[{"role": "user", "content": prompt}],
                response_model=response_model,
                temperature=0.0,
                max_tokens=MAX_TOKENS,
            )
        except Exception as error:  # instructor's retry error wraps the pydantic / JSON error
            self.counters.parse_failures += 1
            self.counters.failure_examples.append(f"{type(error).__name__}: {str(error)[:300]}")
            raise

    def ask_text(self, prompt):
        self.counters.requests += 1
        response = self._complete(
            messages=[{"role": "user", "content": prompt}], temperature=0.0, max_tokens=MAX_TOKENS
        )
        return response.choices[0].message.content


class LlamaCppRagasLLM(InstructorBaseRagasLLM):
    """Ragas 0.4's structured-output LLM around the in-process judge."""

    def __init__(self, judge):
        self.judge = judge

    def generate(self, prompt, response_model):
        return self.judge.ask(prompt, response_model)

    async def agenerate(self, prompt, response_model):
        return self.judge.ask(prompt, response_model)


class LlamaCppDeepEvalLLM(DeepEvalBaseLLM):
    """DeepEval's custom LLM around the in-process judge (schema → instructor response model)."""

    def __init__(self, judge):
        self.judge = judge
        super().__init__(model="llama-cpp-python local GGUF")

    def load_model(self):
        return self.judge

    def generate(self, prompt, schema=None):
        if schema is None:
            return self.judge.ask_text(prompt)
        return self.judge.ask(prompt, schema)

    async def a_generate(self, prompt, schema=None):
        return self.generate(prompt, schema)

    def get_model_name(self):
        return "llama-cpp-python local GGUF"


class State:
    judge = None
    ragas_embeddings = None
    st_model = None
    ort = None


def ragas_metric(name):
    llm = LlamaCppRagasLLM(State.judge)
    if name == "faithfulness":
        return Faithfulness(llm=llm), lambda r: {
            "user_input": r["user_input"],
            "response": r["response"],
            "retrieved_contexts": r["retrieved_contexts"],
        }
    if name == "answer_relevancy":
        return AnswerRelevancy(llm=llm, embeddings=State.ragas_embeddings), lambda r: {
            "user_input": r["user_input"],
            "response": r["response"],
        }
    if name == "context_precision":
        return ContextPrecision(llm=llm), lambda r: {
            "user_input": r["user_input"],
            "reference": r["reference"],
            "retrieved_contexts": r["retrieved_contexts"],
        }
    if name == "context_recall":
        return ContextRecall(llm=llm), lambda r: {
            "user_input": r["user_input"],
            "retrieved_contexts": r["retrieved_contexts"],
            "reference": r["reference"],
        }
    raise ValueError(f"ragas: no metric {name!r} in this bench (faithfulness, answer_relevancy, context_precision, context_recall)")


DEEPEVAL_METRICS = {
    "faithfulness": FaithfulnessMetric,
    "answer_relevancy": AnswerRelevancyMetric,
    "context_precision": ContextualPrecisionMetric,
    "context_recall": ContextualRecallMetric,
}


def score_ragas(name, rows):
    import asyncio

    metric, fields = ragas_metric(name)
    return [lambda r=r: asyncio.run(metric.ascore(**fields(r))).value for r in rows]


def score_deepeval(name, rows):
    cls = DEEPEVAL_METRICS.get(name)
    if cls is None:
        raise ValueError(f"deepeval: no metric {name!r} in this bench ({', '.join(DEEPEVAL_METRICS)})")
    model = LlamaCppDeepEvalLLM(State.judge)

    def one(r):
        metric = cls(model=model, async_mode=False)
        case = LLMTestCase(
            input=r["user_input"],
            actual_output=r["response"],
            retrieval_context=r["retrieved_contexts"],
            expected_output=r.get("reference"),
        )
        return metric.measure(case)

    return [lambda r=r: one(r) for r in rows]


def judge(side, metric, rows):
    scorers = score_ragas(metric, rows) if side == "ragas" else score_deepeval(metric, rows)
    State.judge.counters.reset()
    scores, seconds, errors = [], [], []
    started = time.perf_counter()
    for scorer in scorers:
        t = time.perf_counter()
        try:
            value = scorer()
            scores.append(None if value is None else float(value))
        except Exception as error:
            scores.append(None)
            errors.append(f"{type(error).__name__}: {str(error)[:300]}")
        seconds.append(time.perf_counter() - t)
    total = time.perf_counter() - started
    return {
        "side": side,
        "metric": metric,
        "rows": len(rows),
        "seconds": total,
        "rowSeconds": seconds,
        "scores": [None if s is not None and math.isnan(s) else s for s in scores],
        "nan": sum(1 for s in scores if s is not None and math.isnan(s)),
        "none": sum(1 for s in scores if s is None),
        "errorRows": len(errors),
        "firstError": errors[0] if errors else None,
        **State.judge.counters.as_dict(),
    }


def load(command):
    import torch

    threads = command["threads"]
    torch.set_num_threads(threads)
    out = {"importSeconds": IMPORT_SECONDS}
    if "gguf" in command:  # the encoders alone need no judge
        t = time.perf_counter()
        State.judge = LocalJudge(command["gguf"], threads, command["contextSize"])
        out["judgeLoadSeconds"] = time.perf_counter() - t
    t = time.perf_counter()
    State.ragas_embeddings = HuggingFaceEmbeddings(model=command["minilmTorch"], device="cpu")
    State.st_model = State.ragas_embeddings.model_instance
    out["sentenceTransformersLoadSeconds"] = time.perf_counter() - t
    t = time.perf_counter()
    State.ort = OnnxEncoder(command["minilmOnnx"], command["minilmTokenizer"], threads)
    out["onnxruntimeLoadSeconds"] = time.perf_counter() - t
    out["versions"] = versions()
    return out


def versions():
    from importlib.metadata import version

    names = ["ragas", "deepeval", "instructor", "llama_cpp_python", "torch", "sentence-transformers", "onnxruntime", "tokenizers", "transformers"]
    found = {n: version(n) for n in names}
    found["python"] = sys.version.split()[0]
    return found


class OnnxEncoder:
    """all-MiniLM-L6-v2 through Python onnxruntime and the tokenizers library: mean pooling, L2 normalization."""

    def __init__(self, onnx_path, tokenizer_path, threads):
        import onnxruntime
        from tokenizers import Tokenizer

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        self.session = onnxruntime.InferenceSession(onnx_path, options, providers=["CPUExecutionProvider"])
        self.inputs = {i.name for i in self.session.get_inputs()}
        self.tokenizer = Tokenizer.from_file(tokenizer_path)
        self.tokenizer.enable_truncation(max_length=256)
        self.tokenizer.enable_padding()

    def encode(self, texts, batch_size):
        import numpy as np

        out = []
        for start in range(0, len(texts), batch_size):
            encodings = self.tokenizer.encode_batch(texts[start : start + batch_size])
            ids = np.array([e.ids for e in encodings], dtype=np.int64)
            mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
            feeds = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self.inputs:
                feeds["token_type_ids"] = np.zeros_like(ids)
            hidden = self.session.run(None, feeds)[0]
            summed = (hidden * mask[:, :, None]).sum(axis=1)
            pooled = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1)
            out.append(pooled / np.linalg.norm(pooled, axis=1, keepdims=True))
        return np.concatenate(out)


def encode(command):
    texts, batch = command["texts"], command["batchSize"]
    if command["engine"] == "sentence-transformers":
        run = lambda: State.st_model.encode(texts, batch_size=batch, normalize_embeddings=True)  # noqa: E731
    elif command["engine"] == "onnxruntime":
        run = lambda: State.ort.encode(texts, batch)  # noqa: E731
    else:
        raise ValueError(f"encode: no engine {command['engine']!r} (sentence-transformers, onnxruntime)")
    t = time.perf_counter()
    vectors = run()
    return {"seconds": time.perf_counter() - t, "texts": len(texts), "first": [float(x) for x in vectors[0][:4]]}


def handle(command):
    kind = command.get("cmd")
    if kind == "load":
        return load(command)
    if kind == "judge":
        return judge(command["side"], command["metric"], command["rows"])
    if kind == "encode":
        return encode(command)
    raise ValueError(f"unknown command {kind!r} (load, judge, encode, quit)")


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        command = json.loads(line)
        if command.get("cmd") == "quit":
            break
        try:
            answer = {"ok": True, "result": handle(command)}
        except Exception as error:
            answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        _protocol.write(json.dumps(answer) + "\n")
        _protocol.flush()


if __name__ == "__main__":
    main()
