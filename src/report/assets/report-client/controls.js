// Sorting and filtering: the order and the rows render() shows, and the controls that set them (the
// filters and "expand all"; the sort buttons are the table's head, table.js).
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

function wireControls() {
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
}
