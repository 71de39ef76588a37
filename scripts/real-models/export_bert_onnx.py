"""Exports a sentence-transformers BERT encoder (PyTorch safetensors) to an fp32 ONNX file in the
transformers.js layout's shape: inputs input_ids, attention_mask, token_type_ids ([batch, sequence], int64),
output last_hidden_state ([batch, sequence, hidden], float32).

Run by scripts/real-models.ts inside the export virtualenv (<cache>/venv, pinned by
requirements-export.txt); never imported by the package. With --vectors FILE it also writes the PyTorch
reference sentence vectors (mean pooling over the attention mask, then L2 normalisation, as
sentence-transformers' all-MiniLM-L6-v2 does) of the texts in FILE's "texts", for the check that runs when
an export's bytes differ from the pinned digest.

Usage: python export_bert_onnx.py MODEL_DIR OUT.onnx [--vectors FILE]
"""

import argparse
import json

import torch
from tokenizers import Tokenizer
from transformers import BertModel

OPSET = 14  # onnxruntime-node 1.17 reads up to IR 9; opset 14 keeps the exporter's IR at 7.


class LastHiddenState(torch.nn.Module):
    def __init__(self, bert: BertModel) -> None:
        super().__init__()
        self.bert = bert

    def forward(self, input_ids, attention_mask, token_type_ids):
        out = self.bert(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids)
        return out.last_hidden_state


def reference_vectors(bert: BertModel, tokenizer: Tokenizer, texts: list[str], max_length: int) -> list[list[float]]:
    tokenizer.enable_truncation(max_length)
    vectors = []
    for text in texts:
        enc = tokenizer.encode(text)
        ids = torch.tensor([enc.ids])
        mask = torch.tensor([enc.attention_mask])
        types = torch.tensor([enc.type_ids])
        with torch.no_grad():
            hidden = bert(input_ids=ids, attention_mask=mask, token_type_ids=types).last_hidden_state
        pooled = (hidden * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True)
        vectors.append(torch.nn.functional.normalize(pooled, dim=-1)[0].tolist())
    return vectors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model_dir")
    parser.add_argument("out")
    parser.add_argument("--vectors", help="JSON file with 'texts' and 'maxLength'; 'vectors' is written into it")
    args = parser.parse_args()

    torch.manual_seed(0)
    torch.use_deterministic_algorithms(True)
    bert = BertModel.from_pretrained(args.model_dir, add_pooling_layer=False, attn_implementation="eager")
    bert.eval()
    # The reference vectors come first: tracing for the export leaves the module in a state that changes them.
    if args.vectors:
        with open(args.vectors, encoding="utf-8") as f:
            spec = json.load(f)
        tokenizer = Tokenizer.from_file(f"{args.model_dir}/tokenizer.json")
        spec["vectors"] = reference_vectors(bert, tokenizer, spec["texts"], spec["maxLength"])
        with open(args.vectors, "w", encoding="utf-8") as f:
            json.dump(spec, f, indent=1)
            f.write("\n")
    # Two rows, the second padded: traced with an all-ones mask, the exporter could drop the masking.
    mask = torch.tensor([[1] * 8, [1] * 5 + [0] * 3], dtype=torch.int64)
    example = (torch.full((2, 8), 1000, dtype=torch.int64) * mask, mask, torch.zeros(2, 8, dtype=torch.int64))
    axes = {0: "batch", 1: "sequence"}
    torch.onnx.export(
        LastHiddenState(bert),
        example,
        args.out,
        input_names=["input_ids", "attention_mask", "token_type_ids"],
        output_names=["last_hidden_state"],
        dynamic_axes={"input_ids": axes, "attention_mask": axes, "token_type_ids": axes, "last_hidden_state": axes},
        opset_version=OPSET,
        do_constant_folding=True,
        dynamo=False,
    )


if __name__ == "__main__":
    main()
