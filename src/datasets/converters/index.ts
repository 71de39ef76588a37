import { attributionBench } from "./attributionbench.js";
import { beginWow } from "./begin-wow.js";
import { clapnq } from "./clapnq.js";
import { evalsbench } from "./evalsbench.js";
import { haluevalGeneral } from "./halueval-general.js";
import { haluevalQa } from "./halueval-qa.js";
import { llmbar } from "./llmbar.js";
import { mtrag } from "./mtrag.js";
import { summedits } from "./summedits.js";
import type { DatasetConverter } from "./types.js";

/** One converter per data set of `datasets.json`, by id. */
export const datasetConverters: ReadonlyMap<string, DatasetConverter> = new Map(
  [haluevalQa, beginWow, mtrag, clapnq, summedits, attributionBench, evalsbench, llmbar, haluevalGeneral].map(
    (c) => [c.id, c],
  ),
);
