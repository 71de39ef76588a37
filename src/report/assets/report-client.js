(function () {
  "use strict";
  var source = document.getElementById("report-data");
  if (!source) return;
  var data = JSON.parse(source.textContent || "{}");
  var metrics = data.metrics || [];
  // The sample fields some row has, in order: { key, label, kind } from the sample field table.
  var fields = data.fields || [];
  var rows = data.rows || [];
  var ranges = data.ranges || {};
  var STATUS_RANK = { ok: 0, skipped: 1, error: 2 };
  // Rows are drawn a page at a time so that reports of thousands of rows open quickly.
  var PAGE = 200;
  var state = { key: "row", dir: 1, text: "", status: "all", expanded: {}, limit: PAGE };

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function fmt(v, digits) {
    if (typeof v !== "number" || !isFinite(v)) return "-";
    var s = v.toFixed(digits === undefined ? 3 : digits);
    return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
  }
  function humanize(key) {
    return String(key).replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
  }
  function isPlainObject(v) {
    return v !== null && typeof v === "object" && !Array.isArray(v);
  }
  function isPrimitive(v) {
    return v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean";
  }
  function show(v) {
    if (v === null || v === undefined) return "-";
    if (typeof v === "number") return Number.isInteger(v) ? String(v) : fmt(v, 4);
    if (typeof v === "string") return v;
    if (typeof v === "boolean") return v ? "yes" : "no";
    return JSON.stringify(v);
  }
  function rowStatus(row) {
    var worst = "ok";
    for (var i = 0; i < metrics.length; i++) {
      var c = row.metrics[metrics[i]];
      if (c && STATUS_RANK[c.status] > STATUS_RANK[worst]) worst = c.status;
    }
    return worst;
  }

  // Precompute per-row search text and status.
  rows.forEach(function (row) {
    var s = row.sample || {};
    var parts = [String(row.row)];
    fields.forEach(function (f) { parts = parts.concat(fieldTexts(f.kind, s[f.key])); });
    metrics.forEach(function (m) {
      var c = row.metrics[m];
      if (!c) return;
      parts.push(c.status, c.reason, c.error);
      if (c.details) parts.push(JSON.stringify(c.details));
    });
    row._search = parts.filter(function (p) { return typeof p === "string"; }).join("\n").toLowerCase();
    row._status = rowStatus(row);
  });

  // ---- details rendering (generic, so unknown metrics render too) ----
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
  // One readable line per known evidence key of the judge-free metrics, shown above the folded raw details.
  function num(v, digits) { return typeof v === "number" ? fmt(v, digits === undefined ? 3 : digits) : "-"; }
  function readableDetails(d) {
    var out = [];
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
  function badge(status, text) {
    return el("span", "badge " + status, text || status);
  }
  // A sample field's value as the texts the page shows and searches: the text, the list's items, each id,
  // each document ("[id] content (score s)") or each rubric level ("level: description").
  function fieldTexts(kind, value) {
    if (value === undefined || value === null) return [];
    if (kind === "text") return [String(value)];
    if (kind === "rubric") {
      return Object.keys(value).map(function (level) { return level + ": " + value[level]; });
    }
    if (!Array.isArray(value)) return [JSON.stringify(value)];
    if (kind === "documents") {
      return value.map(function (d) {
        var doc = d || {};
        return (doc.id ? "[" + doc.id + "] " : "") + (doc.content || "") +
          (typeof doc.score === "number" ? " (score " + doc.score + ")" : "");
      });
    }
    return value.map(String);
  }
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
      else listBlock(dl, f.label, fieldTexts(f.kind, s[f.key]));
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
      block.appendChild(h);
      if (c.reason) block.appendChild(el("p", "reason cap", c.reason));
      if (c.error) block.appendChild(el("pre", "error-text", c.error));
      if (c.details && Object.keys(c.details).length > 0) {
        // Details stay folded so that an expanded row stays compact; the summary names what is inside.
        var lines = readableDetails(c.details);
        if (lines.length > 0) {
          var ul = el("ul", "readable");
          lines.forEach(function (t) { ul.appendChild(el("li", null, t)); });
          block.appendChild(ul);
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

  // ---- table ----
  var tableEl = document.getElementById("row-table");
  var thead = tableEl.querySelector("thead");
  var tbody = tableEl.querySelector("tbody");
  var countEl = document.getElementById("row-count");
  var columns = [
    { key: null, label: "" },
    { key: "row", label: "#", num: true },
    { key: "question", label: "Question" },
    { key: "response", label: "Response" },
  ].concat(metrics.map(function (m) { return { key: "m:" + m, label: m, num: true }; }))
   .concat([{ key: "status", label: "Status" }]);

  var headRow = el("tr");
  var headerCells = {};
  columns.forEach(function (col) {
    var th = el("th", col.num ? "num" : null);
    th.setAttribute("scope", "col");
    if (col.key) {
      var b = el("button", null, col.label);
      b.type = "button";
      b.setAttribute("data-sort", col.key);
      b.addEventListener("click", function () {
        if (state.key === col.key) state.dir = -state.dir;
        else { state.key = col.key; state.dir = 1; }
        render();
      });
      th.appendChild(b);
      headerCells[col.key] = th;
    }
    headRow.appendChild(th);
  });
  thead.appendChild(headRow);

  function sortValue(row, key) {
    if (key === "row") return row.row;
    if (key === "question") return (row.sample && row.sample.userInput) || "";
    if (key === "response") return (row.sample && row.sample.response) || "";
    if (key === "status") return STATUS_RANK[row._status];
    var c = row.metrics[key.slice(2)];
    return c && c.status === "ok" && typeof c.value === "number" ? c.value : null;
  }
  function compare(a, b) {
    var va = sortValue(a, state.key);
    var vb = sortValue(b, state.key);
    // Rows without a number sort last in both directions.
    if (va === null && vb === null) return a.row - b.row;
    if (va === null) return 1;
    if (vb === null) return -1;
    var d = typeof va === "string" ? va.localeCompare(vb) : va - vb;
    return d !== 0 ? d * state.dir : a.row - b.row;
  }
  function matches(row) {
    if (state.status !== "all") {
      if (state.status === "ok" && row._status !== "ok") return false;
      if (state.status !== "ok") {
        var any = metrics.some(function (m) { var c = row.metrics[m]; return c && c.status === state.status; });
        if (!any) return false;
      }
    }
    return state.text === "" || row._search.indexOf(state.text) >= 0;
  }
  function scoreCell(metric, c) {
    var td = el("td", "num metric");
    td.setAttribute("data-metric", metric);
    if (!c) { td.textContent = ""; return td; }
    if (c.status !== "ok") {
      var b = badge(c.status);
      b.title = c.error || c.reason || c.status;
      td.appendChild(b);
      return td;
    }
    if (typeof c.value !== "number") {
      var n = badge("null", "no score");
      n.title = c.reason || "no score";
      td.appendChild(n);
      return td;
    }
    var range = ranges[metric] || { lo: 0, hi: 1 };
    var t = range.hi > range.lo ? (c.value - range.lo) / (range.hi - range.lo) : 1;
    t = Math.max(0, Math.min(1, t));
    var wrap = el("div", "score");
    var track = el("span", "track");
    var fill = el("span", "fill");
    fill.style.width = Math.round(t * 100) + "%";
    fill.style.background = "hsl(" + Math.round(t * 120) + ", 55%, 48%)";
    track.appendChild(fill);
    wrap.appendChild(track);
    wrap.appendChild(el("span", "value", fmt(c.value)));
    if (c.reason) wrap.title = c.reason;
    td.appendChild(wrap);
    return td;
  }
  function toggle(row) {
    if (state.expanded[row.row]) delete state.expanded[row.row];
    else state.expanded[row.row] = true;
    render();
  }
  function render() {
    Object.keys(headerCells).forEach(function (k) {
      if (k === state.key) headerCells[k].setAttribute("aria-sort", state.dir > 0 ? "ascending" : "descending");
      else headerCells[k].removeAttribute("aria-sort");
    });
    var visible = rows.filter(matches).sort(compare);
    var shown = visible.slice(0, state.limit);
    var frag = document.createDocumentFragment();
    shown.forEach(function (row) {
      var open = !!state.expanded[row.row];
      var tr = el("tr", "data status-" + row._status);
      tr.setAttribute("data-row", String(row.row));
      var tdToggle = el("td");
      var btn = el("button", "toggle", open ? "\u25BE" : "\u25B8");
      btn.type = "button";
      btn.setAttribute("aria-expanded", open ? "true" : "false");
      btn.setAttribute("aria-label", (open ? "Hide" : "Show") + " details of row " + row.row);
      tdToggle.appendChild(btn);
      tr.appendChild(tdToggle);
      tr.appendChild(el("td", "num", row.row));
      var s = row.sample || {};
      var q = el("td", "text question");
      q.appendChild(el("div", "clamp", s.userInput || ""));
      tr.appendChild(q);
      var r = el("td", "text response");
      r.appendChild(el("div", "clamp", s.response || ""));
      tr.appendChild(r);
      metrics.forEach(function (m) { tr.appendChild(scoreCell(m, row.metrics[m])); });
      var st = el("td", "status");
      st.appendChild(badge(row._status));
      tr.appendChild(st);
      tr.addEventListener("click", function (ev) {
        if (ev.target && ev.target.closest && ev.target.closest("a")) return;
        var sel = window.getSelection && window.getSelection();
        if (sel && String(sel).length > 0) return;
        toggle(row);
      });
      frag.appendChild(tr);
      if (open) {
        var dtr = el("tr", "detail");
        dtr.setAttribute("data-detail-row", String(row.row));
        var td = el("td");
        td.colSpan = columns.length;
        td.appendChild(renderDetailPanel(row));
        dtr.appendChild(td);
        frag.appendChild(dtr);
      }
    });
    var rest = visible.length - shown.length;
    if (rest > 0) {
      var moreRow = el("tr", "more");
      var moreCell = el("td");
      moreCell.colSpan = columns.length;
      var more = el("button", "show-more", "Show " + Math.min(rest, PAGE) + " more (" + rest + " not shown)");
      more.type = "button";
      more.addEventListener("click", function () {
        state.limit += PAGE;
        render();
      });
      moreCell.appendChild(more);
      moreRow.appendChild(moreCell);
      frag.appendChild(moreRow);
    }
    tbody.replaceChildren(frag);
    countEl.textContent =
      "Showing " + (rest > 0 ? shown.length + " of " + visible.length + " matching, " : visible.length + " of ") +
      rows.length + " rows";
  }

  var textInput = document.getElementById("filter-text");
  var statusSelect = document.getElementById("filter-status");
  textInput.addEventListener("input", function () {
    state.text = textInput.value.trim().toLowerCase();
    state.limit = PAGE;
    render();
  });
  statusSelect.addEventListener("change", function () {
    state.status = statusSelect.value;
    state.limit = PAGE;
    render();
  });
  document.getElementById("expand-all").addEventListener("click", function () {
    var visible = rows.filter(matches).sort(compare).slice(0, state.limit);
    var allOpen = visible.every(function (r) { return state.expanded[r.row]; });
    visible.forEach(function (r) {
      if (allOpen) delete state.expanded[r.row];
      else state.expanded[r.row] = true;
    });
    render();
  });
  render();
})();
