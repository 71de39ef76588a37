// Our side of a judge-metric parity case: the mapping of its metric (Ragas' or DeepEval's) from the peer's recorded
// answers to our prompts.
import type { OurRun, PeerCase } from "./judge-parity-case.js";
import { deepEvalMappings } from "./judge-parity-deepeval.js";
import { ragasMappings } from "./judge-parity-ragas.js";

const mappings = { ...ragasMappings, ...deepEvalMappings };

/** Our run of a case; an unmapped metric is an error that names it. */
export function ourRun(c: PeerCase): OurRun {
  const mapping = mappings[c.metric];
  if (mapping === undefined) throw new Error(`${c.id}: no mapping for the metric ${c.metric}`);
  return mapping(c);
}
