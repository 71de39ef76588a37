// The panel an expanded row shows: the sample's inputs, then each metric's status, score, reason, error
// and details.
function listBlock(dl, label, items) {
  if (!items || items.length === 0) return;
  dl.appendChild(el("dt", null, label + " (" + items.length + ")"));
  var dd = el("dd");
  var ol = el("ol", "cap");
  items.forEach(function (t) { ol.appendChild(el("li", null, t)); });
  dd.appendChild(ol);
  dl.appendChild(dd);
}
function textBlock(dl, label, text) {
  if (text === undefined || text === null) return;
  dl.appendChild(el("dt", null, label));
  dl.appendChild(el("dd", "cap", text));
}
function renderDetailPanel(row) {
  var grid = el("div", "detail-grid");
  var inputs = el("div", "block inputs");
  inputs.appendChild(el("h4", null, "Inputs · row " + row.row));
  var dl = el("dl");
  var s = row.sample || {};
  fields.forEach(function (f) {
    if (f.kind === "text") textBlock(dl, f.label, s[f.key]);
    else if (f.kind === "conversation" || f.kind === "toolCalls") {
      if (Array.isArray(s[f.key])) inputs.className += " wide";
      conversationField(dl, f.label, f.kind, s[f.key]);
    } else listBlock(dl, f.label, fieldTexts(f.kind, s[f.key]));
  });
  if (row.rowHash) {
    dl.appendChild(el("dt", null, "Row hash"));
    dl.appendChild(el("dd", "hash", row.rowHash));
  }
  inputs.appendChild(dl);
  grid.appendChild(inputs);
  metrics.forEach(function (m) {
    var c = row.metrics[m];
    if (!c) return;
    var block = el("div", "block metric-detail");
    block.setAttribute("data-metric", m);
    var h = el("h4", null, m + " ");
    h.appendChild(c.status === "ok" && c.value === null ? badge("null", "no score") : badge(c.status));
    if (c.status === "ok" && c.value !== null) h.appendChild(el("span", "mono", " " + fmt(c.value)));
    var decided = decidedByBadge(c.details);
    if (decided) h.appendChild(decided);
    block.appendChild(h);
    if (c.reason) block.appendChild(el("p", "reason cap", c.reason));
    var path = renderDagPath(c.details);
    if (path) block.appendChild(path);
    var judges = renderJuryMembers(c.details);
    if (judges) block.appendChild(judges);
    var highlighted = renderSpanHighlight(s.response, c.details);
    if (highlighted) block.appendChild(highlighted);
    if (c.error) block.appendChild(el("pre", "error-text", c.error));
    if (c.details && Object.keys(c.details).length > 0) {
      // Details stay folded so that an expanded row stays compact; the summary names what is inside.
      var lines = readableDetails(c.details);
      if (lines.length > 0) {
        var ul = el("ul", "readable");
        lines.forEach(function (t) { ul.appendChild(el("li", null, t)); });
        block.appendChild(ul);
      }
      if (isCallMatching(c.details.callMatching)) {
        block.className += " wide";
        block.appendChild(renderCallMatching(c.details.callMatching, s));
      }
      var fold = el("details", "metric-details");
      fold.appendChild(el("summary", null, "details: " + Object.keys(c.details).map(humanize).join(", ")));
      fold.appendChild(renderDetails(c.details, 0));
      block.appendChild(fold);
    }
    grid.appendChild(block);
  });
  return grid;
}
