// DAGMetric's formulas, shared with ConversationalDAGMetric: a leaf's value (score / 10), a child metric's value
// mapped onto 0..1, and a judgement's probability-weighted value (scoring "expected").
export { childMetricValue, expectedBranchValue, leafValue } from "../shared/judge/dag/score.js";
