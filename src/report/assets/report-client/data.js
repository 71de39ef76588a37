// The report's data, read from the page's JSON script element (id "report-data"), and the page's state.
// First of the joined files (see src/report/report-script.ts): the others read these.
var source = document.getElementById("report-data");
var data = source ? JSON.parse(source.textContent || "{}") : {};
var metrics = data.metrics || [];
// The sample fields some row has, in order: { key, label, kind } from the sample field table.
var fields = data.fields || [];
var rows = data.rows || [];
var ranges = data.ranges || {};
var STATUS_RANK = { ok: 0, skipped: 1, error: 2 };
// Rows are drawn a page at a time so that reports of thousands of rows open quickly.
var PAGE = 200;
var state = { key: "row", dir: 1, text: "", status: "all", expanded: {}, limit: PAGE };

function rowStatus(row) {
  var worst = "ok";
  for (var i = 0; i < metrics.length; i++) {
    var c = row.metrics[metrics[i]];
    if (c && STATUS_RANK[c.status] > STATUS_RANK[worst]) worst = c.status;
  }
  return worst;
}

// A sample field's value as the texts the page shows and searches: the text, the list's items, each id,
// each document ("[id] content (score s)"), each rubric level ("level: description") or each named text
// ("name: text", a row's candidates).
function fieldTexts(kind, value) {
  if (value === undefined || value === null) return [];
  if (kind === "text") return [String(value)];
  if (kind === "rubric" || kind === "namedTexts") {
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
  if (kind === "conversation") return value.map(messageText);
  if (kind === "toolCalls") return value.map(toolCallText);
  return value.map(String);
}

// A tool call as "name({args})", with its output where the sample gives one.
function toolCallText(call) {
  if (!call || typeof call !== "object") return String(call);
  var text = String(call.name) + "(" + JSON.stringify(call.args || {}) + ")";
  return call.output === undefined ? text : text + " = " + JSON.stringify(call.output);
}

// A conversation message as "role: text", then its tool calls ("→ name({args})") or the call a result answers.
function messageText(message) {
  if (!message || typeof message !== "object") return String(message);
  var text = String(message.role) + ": " + (typeof message.content === "string" ? message.content : JSON.stringify(message.content));
  if (Array.isArray(message.toolCalls) && message.toolCalls.length > 0) {
    text += message.toolCalls.map(function (c) { return "\n  → " + toolCallText(c); }).join("");
  }
  if (message.role === "tool" && message.toolCallId) text += " [answers " + message.toolCallId + "]";
  return text;
}

// Precompute per-row search text and status.
function indexRows() {
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
}
