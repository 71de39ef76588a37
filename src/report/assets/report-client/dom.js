// Building elements and formatting values. Text goes in by textContent only (never innerHTML), so dataset
// text can never become markup.
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
function badge(status, text) {
  return el("span", "badge " + status, text || status);
}
