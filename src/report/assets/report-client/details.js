// A metric's details, rendered generically (so unknown metrics render too), and the readable lines shown
// above them for the judge-free metrics' known evidence keys.
function table(headers, body) {
  var t = el("table");
  var tr = el("tr");
  headers.forEach(function (h) { tr.appendChild(el("th", null, h)); });
  var thead = el("thead");
  thead.appendChild(tr);
  t.appendChild(thead);
  var tbody = el("tbody");
  body.forEach(function (cells) {
    var r = el("tr");
    cells.forEach(function (c) { r.appendChild(el("td", typeof c === "number" ? "num" : null, show(c))); });
    tbody.appendChild(r);
  });
  t.appendChild(tbody);
  return t;
}
function renderValue(value, depth) {
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", "muted", "(none)");
    if (value.every(function (v) { return typeof v === "string"; })) {
      var ol = el("ol");
      value.forEach(function (v) { ol.appendChild(el("li", null, v)); });
      return ol;
    }
    if (value.every(isPrimitive)) return el("span", "mono", value.map(show).join(", "));
    if (value.every(isPlainObject)) {
      var keys = [];
      value.forEach(function (o) {
        Object.keys(o).forEach(function (k) { if (keys.indexOf(k) < 0) keys.push(k); });
      });
      return table(["#"].concat(keys.map(humanize)), value.map(function (o, i) {
        return [i + 1].concat(keys.map(function (k) { return o[k]; }));
      }));
    }
    return el("pre", "mono", JSON.stringify(value, null, 2));
  }
  if (isPlainObject(value)) {
    if (depth > 2) return el("pre", "mono", JSON.stringify(value, null, 2));
    return renderDetails(value, depth + 1);
  }
  var span = el("span", typeof value === "number" ? "mono" : null, show(value));
  return span;
}
function renderDetails(details, depth) {
  var wrap = el("div", "details");
  var entries = Object.keys(details).map(function (k) { return [k, details[k]]; });
  // Primitive arrays of the same length are parallel (statements + verdicts, questions + similarities):
  // show them as one table.
  var byLength = {};
  entries.forEach(function (e) {
    var v = e[1];
    if (Array.isArray(v) && v.length > 0 && v.every(isPrimitive)) {
      (byLength[v.length] = byLength[v.length] || []).push(e[0]);
    }
  });
  var done = {};
  var dl = el("dl");
  entries.forEach(function (e) {
    var key = e[0];
    var value = e[1];
    if (done[key]) return;
    var group = Array.isArray(value) && value.length > 0 ? byLength[value.length] : null;
    if (group && group.length > 1) {
      group.forEach(function (k) { done[k] = true; });
      dl.appendChild(el("dt", null, group.map(humanize).join(" · ")));
      var dd = el("dd");
      var body = [];
      for (var i = 0; i < value.length; i++) {
        body.push([i + 1].concat(group.map(function (k) { return details[k][i]; })));
      }
      dd.appendChild(table(["#"].concat(group.map(humanize)), body));
      dl.appendChild(dd);
      return;
    }
    done[key] = true;
    dl.appendChild(el("dt", null, humanize(key)));
    var cell = el("dd");
    cell.appendChild(renderValue(value, depth));
    dl.appendChild(cell);
  });
  wrap.appendChild(dl);
  return wrap;
}
// One readable line per known evidence key of the judge-free metrics, and one per row warning
// (details.warnings), shown above the folded raw details.
function num(v, digits) { return typeof v === "number" ? fmt(v, digits === undefined ? 3 : digits) : "-"; }
function readableDetails(d) {
  var out = [];
  if (typeof d.swappedPairs === "number" && typeof d.positionFlips === "number") {
    out.push("winner " + (d.winner === null || d.winner === undefined ? "none (a tie)" : d.winner) +
      "; the verdict changed when the order was swapped in " + d.positionFlips + " of " + d.swappedPairs + " pairs");
  }
  if (Array.isArray(d.warnings)) {
    d.warnings.forEach(function (w) { out.push("warning: " + w); });
  }
  if (isCallMatching(d.callMatching)) out.push(callMatchingLine(d.callMatching));
  if ("firstHitRank" in d) {
    out.push(d.firstHitRank === null ? "no relevant document retrieved" : "first relevant document at rank " + d.firstHitRank);
  }
  if (Array.isArray(d.hitRanks) && !("firstHitRank" in d)) {
    out.push(d.hitRanks.length === 0 ? "no relevant document retrieved" : "relevant documents at ranks " + d.hitRanks.join(", "));
  }
  if (typeof d.matchedCount === "number" && typeof d.relevantCount === "number") {
    out.push(d.matchedCount + " of " + d.relevantCount + " relevant documents retrieved");
  } else if (typeof d.relevantCount === "number") {
    out.push(d.relevantCount + " relevant document" + (d.relevantCount === 1 ? "" : "s"));
  }
  if (typeof d.dcg === "number" && typeof d.idcg === "number") {
    out.push("DCG " + num(d.dcg) + " of an ideal " + num(d.idcg));
  }
  if (Array.isArray(d.matchedIds) && typeof d.denominator === "number") {
    out.push(d.matchedIds.length + " of " + d.denominator + " ids matched" +
      (d.matchedIds.length ? ": " + d.matchedIds.join(", ") : ""));
  }
  if (Array.isArray(d.similarities) && Array.isArray(d.verdicts)) {
    var hits = d.verdicts.filter(function (v) { return v === 1 || v === true; }).length;
    out.push(hits + " of " + d.verdicts.length + " contexts matched (similarities " +
      d.similarities.map(function (v) { return num(v, 2); }).join(", ") + ")");
  }
  if (Array.isArray(d.precisions)) {
    out.push("n-gram precisions " + d.precisions.map(function (v) { return num(v, 2); }).join(", ") +
      (typeof d.brevityPenalty === "number" ? "; brevity penalty " + num(d.brevityPenalty) : ""));
  }
  if (Array.isArray(d.matchedNgrams) && Array.isArray(d.responseNgrams)) {
    out.push("matched n-grams " + d.matchedNgrams.map(function (m, i) { return m + "/" + d.responseNgrams[i]; }).join(", "));
  }
  if (typeof d.precision === "number" && typeof d.recall === "number") {
    out.push("precision " + num(d.precision) + ", recall " + num(d.recall) +
      (typeof d.fmeasure === "number" ? ", F " + num(d.fmeasure) : "") +
      (typeof d.overlap === "number" ? "; " + d.overlap + " overlapping" : ""));
  }
  if ("position" in d) {
    out.push(typeof d.position === "number" ? "found at character " + d.position : "not found in the response");
  }
  if (Array.isArray(d.longTexts)) {
    d.longTexts.forEach(function (t) {
      out.push(t.field + ": " + t.tokens + " tokens, over the embedder's limit of " + t.limit + "; " +
        (t.handled === "chunk-mean" ? "embedded in " + t.chunks + " chunks and averaged"
          : t.handled === "truncate" ? "truncated (the tail was not embedded)" : "not embedded (longText error)"));
    });
  }
  return out;
}
