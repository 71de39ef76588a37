import { existsSync, writeFileSync } from "node:fs";
import { InvalidInputError } from "../errors.js";
import { datasetConverters } from "./converters/index.js";
import type { DatasetConverter, LabelledRecord } from "./converters/types.js";

/** The converter of a registry data set. */
export function converterFor(id: string): DatasetConverter {
  const converter = datasetConverters.get(id);
  if (converter === undefined) {
    throw new InvalidInputError(
      `no converter for data set "${id}"; known: ${[...datasetConverters.keys()].join(", ")}`,
      {
        field: "id",
      },
    );
  }
  return converter;
}

/**
 * Converts a data set's folder to labelled rows and writes them as JSON Lines, the format
 * `calibrate` reads. Returns the records written. An existing `out` is refused unless `overwrite`.
 *
 * @example
 * convertDataset("halueval-qa-sample", "~/.cache/airgap-eval/datasets/halueval-qa-sample", "halueval.jsonl");
 */
export function convertDataset(
  id: string,
  dir: string,
  out: string,
  options: { overwrite?: boolean } = {},
): LabelledRecord[] {
  if (existsSync(out) && options.overwrite !== true) {
    throw new InvalidInputError(
      `${out} already exists; pass --overwrite to replace it, or choose another --out`,
      {
        file: out,
        field: "--out",
      },
    );
  }
  const records = converterFor(id).convert(dir);
  writeFileSync(out, records.map((r) => JSON.stringify(r)).join("\n") + (records.length > 0 ? "\n" : ""));
  return records;
}
