// What the verifier metrics add to an expanded row: the response with its unsupported spans highlighted
// (hallucinated_spans' details.spans: character offsets in the response), and which path decided a cascaded
// faithfulness row (details.decidedBy: "verifier" or "judge").
function renderSpanHighlight(response, details) {
  if (typeof response !== "string" || !details || !Array.isArray(details.spans) || details.spans.length === 0) return null;
  var spans = details.spans.filter(function (s) {
    return s && typeof s.start === "number" && typeof s.end === "number" && s.start < s.end && s.end <= response.length;
  }).sort(function (a, b) { return a.start - b.start; });
  if (spans.length === 0) return null;
  var p = el("p", "span-highlight cap");
  var at = 0;
  spans.forEach(function (s) {
    var start = Math.max(s.start, at);
    if (start >= s.end) return;
    if (start > at) p.appendChild(document.createTextNode(response.slice(at, start)));
    var mark = el("mark", "unsupported-span", response.slice(start, s.end));
    if (typeof s.probability === "number") mark.title = "P(unsupported) " + fmt(s.probability, 2);
    p.appendChild(mark);
    at = s.end;
  });
  if (at < response.length) p.appendChild(document.createTextNode(response.slice(at)));
  return p;
}
function decidedByBadge(details) {
  if (!details || (details.decidedBy !== "verifier" && details.decidedBy !== "judge")) return null;
  return el("span", "badge decided-by " + details.decidedBy, "decided by the " + details.decidedBy);
}
