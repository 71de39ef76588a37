// The row table: its columns, its head (a sort button per column) and its rows, drawn a page at a time
// by render() from the state (data.js), sorted and filtered as controls.js says.
var tableEl = document.getElementById("row-table");
var countEl = document.getElementById("row-count");
var columns = [
  { key: null, label: "" },
  { key: "row", label: "#", num: true },
  { key: "question", label: "Question" },
  { key: "response", label: "Response" },
].concat(metrics.map(function (m) { return { key: "m:" + m, label: m, num: true }; }))
 .concat([{ key: "status", label: "Status" }]);

// The head's cells by sort key, for their aria-sort.
var headerCells = {};

function buildHead() {
  var headRow = el("tr");
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
  tableEl.querySelector("thead").appendChild(headRow);
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
  tableEl.querySelector("tbody").replaceChildren(frag);
  countEl.textContent =
    "Showing " + (rest > 0 ? shown.length + " of " + visible.length + " matching, " : visible.length + " of ") +
    rows.length + " rows";
}
