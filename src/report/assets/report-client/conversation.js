// A conversation drawn turn by turn (role, text, each tool call with its arguments as indented JSON, each tool
// result), reference tool calls the same way, and a tool-call metric's details.callMatching as a table: which
// made call the metric paired with which expected call, and what it made of each argument. The pairs come from
// the metric (see src/metrics/shared/conversation/call-pairing.ts); nothing here compares calls.
var PAIR_STATUS = {
  matched: "matched",
  partial: "partly matched",
  argsMismatch: "argument mismatch",
  outOfOrder: "out of order",
  otherMessage: "in another message",
  missing: "missing",
  extra: "extra"
};

// The tool calls of a conversation's assistant messages, in order: the list the made indexes point into.
function conversationCalls(messages) {
  var calls = [];
  (Array.isArray(messages) ? messages : []).forEach(function (m) {
    if (m && m.role === "assistant" && Array.isArray(m.toolCalls)) calls = calls.concat(m.toolCalls);
  });
  return calls;
}

function prettyJson(value) {
  return el("pre", "json", JSON.stringify(value === undefined ? {} : value, null, 2));
}

// A tool result's text, indented when it is a JSON object or list.
function resultText(content) {
  var text = typeof content === "string" ? content : JSON.stringify(content);
  if (/^\s*[[{]/.test(text)) {
    try { return JSON.stringify(JSON.parse(text), null, 2); } catch (e) { return text; }
  }
  return text;
}

// One call: "#n name", its id when given, its arguments, its output when the sample gives one.
function callBlock(call, number) {
  var box = el("div", "tool-call");
  var head = el("div", "call-head");
  head.appendChild(el("span", "call-no", "#" + number));
  head.appendChild(el("b", "mono", " " + String(call && call.name)));
  if (call && call.id) head.appendChild(el("span", "muted", " (" + call.id + ")"));
  box.appendChild(head);
  box.appendChild(prettyJson(call && call.args));
  if (call && call.output !== undefined) {
    box.appendChild(el("div", "muted", "output"));
    box.appendChild(el("pre", "json", resultText(call.output)));
  }
  return box;
}

function renderConversation(messages) {
  var wrap = el("div", "conversation");
  var number = 0;
  messages.forEach(function (m) {
    if (!m || typeof m !== "object") {
      wrap.appendChild(el("div", "turn", String(m)));
      return;
    }
    var turn = el("div", "turn role-" + String(m.role));
    var head = el("div", "turn-head", String(m.role));
    if (m.role === "tool" && m.toolCallId) head.appendChild(el("span", "muted", " · result of " + m.toolCallId));
    turn.appendChild(head);
    var content = m.role === "tool" ? resultText(m.content) : typeof m.content === "string" ? m.content : JSON.stringify(m.content);
    if (content !== "") turn.appendChild(el(m.role === "tool" ? "pre" : "div", m.role === "tool" ? "json" : "turn-text", content));
    if (Array.isArray(m.toolCalls)) {
      m.toolCalls.forEach(function (c) { number += 1; turn.appendChild(callBlock(c, number)); });
    }
    wrap.appendChild(turn);
  });
  return wrap;
}

function renderToolCalls(calls) {
  var wrap = el("div", "conversation");
  calls.forEach(function (c, i) { wrap.appendChild(callBlock(c, i + 1)); });
  return wrap;
}

// A sample field of kind conversation or toolCalls as a block in the inputs list.
function conversationField(dl, label, kind, value) {
  if (!Array.isArray(value)) return;
  var noun = kind === "conversation" ? " message" : " call";
  var count = value.length + noun + (value.length === 1 ? "" : "s");
  dl.appendChild(el("dt", null, label + " (" + count + ")"));
  var dd = el("dd");
  dd.appendChild(kind === "conversation" ? renderConversation(value) : renderToolCalls(value));
  dl.appendChild(dd);
}

// "2 matched, 1 missing": the readable line of a call matching.
function callMatchingLine(matching) {
  var counts = {};
  matching.pairs.forEach(function (p) { counts[p.status] = (counts[p.status] || 0) + 1; });
  return "calls: " + Object.keys(PAIR_STATUS).filter(function (s) { return counts[s]; }).map(function (s) {
    return counts[s] + " " + PAIR_STATUS[s];
  }).join(", ");
}

function callCell(call, index) {
  var td = el("td");
  if (index === null || index === undefined) {
    td.appendChild(el("span", "muted", "(none)"));
    return td;
  }
  td.appendChild(call ? callBlock(call, index + 1) : el("span", "muted", "#" + (index + 1)));
  return td;
}

function argumentList(args) {
  if (!Array.isArray(args) || args.length === 0) return el("span", "muted", "(no arguments)");
  var ul = el("ul", "arg-results");
  args.forEach(function (a) {
    var li = el("li", "arg-" + a.result);
    li.appendChild(el("span", "mono", a.key));
    li.appendChild(el("span", null, ": " + a.result));
    ul.appendChild(li);
  });
  return ul;
}

// The table of a metric's details.callMatching, the calls looked up in the row's sample.
function renderCallMatching(matching, sample) {
  var made = conversationCalls(sample.messages);
  var refSource = sample[matching.referenceField];
  var reference = matching.referenceField === "referenceMessages" ? conversationCalls(refSource) : (refSource || []);
  var t = el("table", "call-matching");
  var thead = el("thead");
  var tr = el("tr");
  ["Expected", "Made", "Result", "Arguments"].forEach(function (h) { tr.appendChild(el("th", null, h)); });
  thead.appendChild(tr);
  t.appendChild(thead);
  var tbody = el("tbody");
  matching.pairs.forEach(function (p) {
    var r = el("tr", "pair-" + p.status);
    r.setAttribute("data-status", p.status);
    r.appendChild(callCell(reference[p.reference], p.reference));
    r.appendChild(callCell(made[p.made], p.made));
    var result = el("td", "pair-result");
    result.appendChild(badge(p.status === "matched" ? "ok" : p.status === "partial" ? "skipped" : "error", PAIR_STATUS[p.status] || p.status));
    if (typeof p.score === "number" && p.status !== "matched") result.appendChild(el("span", "mono", " " + fmt(p.score, 2)));
    r.appendChild(result);
    var args = el("td");
    if (p.args) args.appendChild(argumentList(p.args));
    r.appendChild(args);
    tbody.appendChild(r);
  });
  t.appendChild(tbody);
  return t;
}

function isCallMatching(value) {
  return isPlainObject(value) && typeof value.referenceField === "string" && Array.isArray(value.pairs);
}
