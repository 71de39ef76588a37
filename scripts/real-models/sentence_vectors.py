"""Sentence vectors of a BERT sentence encoder (all-MiniLM-L6-v2) computed by Python's own stacks, the reference the
package's embedder is compared with in test/real-models/minilm-vectors.test.ts:

  --onnx DIR             onnxruntime + tokenizers on DIR/onnx/<--onnx-file> with DIR/tokenizer.json: the same ONNX
                         file the package runs, tokenized and pooled independently of it
  --sentence-transformers DIR
                         sentence-transformers on the PyTorch weights in DIR (config.json, model.safetensors,
                         tokenizer.json), with its own tokenizer and pooling

Both truncate each text to --max-length tokens (special tokens included; 256 is all-MiniLM-L6-v2's limit in
sentence-transformers), mean-pool over the attention mask and L2-normalise, one text at a time (no padding).

Input: a JSON array of strings on stdin. Output on stdout: a JSON object with "versions" (the Python packages used)
and, for each stack asked for, "onnxruntime" / "sentenceTransformers": one vector per text.

Runs in the real-models virtualenv ($AIRGAP_EVAL_REAL_MODELS_VENV); never imported by the package.
Usage: python sentence_vectors.py [--onnx DIR [--onnx-file model_quantized.onnx]] [--sentence-transformers DIR]
         [--max-length 256] < texts.json > vectors.json
"""

import argparse
import json
import os
import sys

import numpy as np


def onnx_vectors(model_dir: str, onnx_file: str, texts: list[str], max_length: int) -> list[list[float]]:
    import onnxruntime
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(os.path.join(model_dir, "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length)
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    session = onnxruntime.InferenceSession(
        os.path.join(model_dir, "onnx", onnx_file), options, providers=["CPUExecutionProvider"]
    )
    wanted = {i.name for i in session.get_inputs()}
    vectors = []
    for text in texts:
        enc = tokenizer.encode(text)
        feeds = {
            "input_ids": np.array([enc.ids], dtype=np.int64),
            "attention_mask": np.array([enc.attention_mask], dtype=np.int64),
            "token_type_ids": np.array([enc.type_ids], dtype=np.int64),
        }
        hidden = session.run(None, {k: v for k, v in feeds.items() if k in wanted})[0][0].astype(np.float64)
        mask = feeds["attention_mask"][0].astype(np.float64)[:, None]
        pooled = (hidden * mask).sum(0) / mask.sum()
        vectors.append((pooled / np.linalg.norm(pooled)).tolist())
    return vectors


def sentence_transformers_vectors(model_dir: str, texts: list[str], max_length: int) -> list[list[float]]:
    import torch
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.sentence_transformer.modules import Normalize, Pooling, Transformer

    torch.manual_seed(0)
    torch.set_num_threads(1)
    # Built from its modules, so the pooling is the one all-MiniLM-L6-v2 ships (mean, then Normalize) whatever the
    # directory's sentence-transformers files say, and nothing is looked up on a hub.
    encoder = Transformer(model_dir, max_seq_length=max_length)
    pooling = Pooling(encoder.get_embedding_dimension(), pooling_mode="mean")
    model = SentenceTransformer(modules=[encoder, pooling, Normalize()], device="cpu")
    model.eval()
    vectors = model.encode(texts, batch_size=1, convert_to_numpy=True, normalize_embeddings=False)
    return [v.astype(np.float64).tolist() for v in vectors]


def versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    found = {}
    for package in ("onnxruntime", "tokenizers", "sentence-transformers", "transformers", "torch", "numpy"):
        try:
            found[package] = version(package)
        except PackageNotFoundError:
            found[package] = "missing"
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onnx", help="model directory in the transformers.js layout")
    parser.add_argument("--onnx-file", default="model.onnx", help="file under DIR/onnx/ (default: model.onnx)")
    parser.add_argument("--sentence-transformers", dest="torch_dir", help="directory with the PyTorch weights")
    parser.add_argument("--max-length", type=int, default=256, help="tokens per text, special tokens included")
    args = parser.parse_args()
    if args.onnx is None and args.torch_dir is None:
        parser.error("give --onnx DIR, --sentence-transformers DIR or both")
    texts = json.load(sys.stdin)
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        parser.error("stdin must be a JSON array of strings")
    out: dict[str, object] = {"versions": versions()}
    if args.onnx is not None:
        out["onnxruntime"] = onnx_vectors(args.onnx, args.onnx_file, texts, args.max_length)
    if args.torch_dir is not None:
        out["sentenceTransformers"] = sentence_transformers_vectors(args.torch_dir, texts, args.max_length)
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    main()
