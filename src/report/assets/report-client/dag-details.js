// What a decision-graph metric (dag, conversational_dag) adds to an expanded row: the path its verdicts took, one
// step per node (a task's text, a judgement's verdict with its probability when read), ending at the leaf's score.
function isDagPath(details) {
  return !!details && Array.isArray(details.path) && !!details.leaf && typeof details.leaf.value === "number";
}
function dagStepText(step) {
  if (step.type === "task") return step.node + " wrote: " + show(step.output);
  var text = step.node + ": " + show(step.verdict);
  if (typeof step.probability === "number") text += " (P " + fmt(step.probability, 2) + ")";
  if (typeof step.expected === "number") text += ", expected " + fmt(step.expected);
  return text;
}
function renderDagPath(details) {
  if (!isDagPath(details)) return null;
  var ol = el("ol", "dag-path");
  details.path.forEach(function (step) {
    ol.appendChild(el("li", "dag-step " + (step.type === "task" ? "task" : "judgement"), dagStepText(step)));
  });
  var leaf = details.leaf;
  var end = typeof leaf.score === "number" ? "score " + show(leaf.score) + " of 10" : show(leaf.metric) + " = " + fmt(leaf.metricValue);
  ol.appendChild(el("li", "dag-step leaf", end));
  return ol;
}
