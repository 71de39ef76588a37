/** Stylesheet of the HTML report (inline; no fonts or images fetched). */
export const REPORT_CSS = `
:root {
  --bg: #f7f8fa; --panel: #ffffff; --text: #1d232b; --muted: #5f6b7a; --border: #dde2e8;
  --accent: #2f6fde; --bar: #4f83e0; --ok: #1f8a4c; --error: #c4302b; --skipped: #9a6b00;
  --row-hover: #f1f5fc; --code: #eef1f5; --span-mark: #ffd6d6;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15181d; --panel: #1d2128; --text: #e3e7ee; --muted: #9aa5b4; --border: #313843;
    --accent: #7aa7ff; --bar: #5f8fe6; --ok: #4cc47f; --error: #ff6b63; --skipped: #e0b341;
    --row-hover: #242a33; --code: #262c35; --span-mark: #5a2623;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
header.top { padding: 20px 28px 8px; }
header.top h1 { margin: 0 0 4px; font-size: 22px; }
.sub { color: var(--muted); margin: 0; }
main { padding: 0 28px 28px; }
section { background: var(--panel); border: 1px solid var(--border); border-radius: 8px; padding: 14px 18px;
  margin: 16px 0; }
h2 { font-size: 16px; margin: 0 0 10px; }
h3 { font-size: 14px; margin: 14px 0 6px; }
h4 { font-size: 13px; margin: 0 0 4px; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; }
.card { flex: 1 1 120px; border: 1px solid var(--border); border-radius: 8px; padding: 10px 14px; background: var(--panel); }
.card .n { font-size: 22px; font-weight: 600; }
.card .l { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
.card.error .n { color: var(--error); }
.card.skipped .n { color: var(--skipped); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--border); vertical-align: top; }
th { font-size: 12px; color: var(--muted); font-weight: 600; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 16px; }
figure.chart { margin: 0; border: 1px solid var(--border); border-radius: 8px; padding: 8px 10px; }
figure.chart figcaption { font-size: 12px; color: var(--muted); margin-bottom: 2px; }
figure.chart figcaption b { color: var(--text); font-family: ui-monospace, Menlo, Consolas, monospace; }
svg.histogram { display: block; max-width: 100%; height: auto; }
svg .bar { fill: var(--bar); }
svg .bar:hover { fill: var(--accent); }
svg .axis { stroke: var(--muted); stroke-width: 1; }
svg .mean { stroke: var(--error); stroke-width: 1.5; stroke-dasharray: 4 3; }
svg .tick, svg .empty { fill: var(--muted); font-size: 11px; }
svg.whisker { display: inline-block; vertical-align: middle; margin-left: 6px; }
svg.whisker .track { stroke: var(--border); stroke-width: 1; }
svg.whisker .ci { stroke: var(--accent); stroke-width: 2; }
svg.whisker .dot { fill: var(--text); }
.controls { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin-bottom: 10px; }
.controls input, .controls select, .controls button { font: inherit; padding: 5px 8px; border: 1px solid var(--border);
  border-radius: 6px; background: var(--panel); color: var(--text); }
.controls input { min-width: 300px; }
.controls button { cursor: pointer; }
#row-count { color: var(--muted); }
.table-wrap { overflow-x: auto; }
#row-table th button { font: inherit; color: inherit; background: none; border: 0; padding: 0; cursor: pointer; }
#row-table th button::after { content: " \\2195"; opacity: .35; }
#row-table th[aria-sort="ascending"] button::after { content: " \\2191"; opacity: 1; }
#row-table th[aria-sort="descending"] button::after { content: " \\2193"; opacity: 1; }
#row-table tbody tr.data { cursor: pointer; }
#row-table tbody tr.data:hover { background: var(--row-hover); }
#row-table td.text { min-width: 180px; max-width: 420px; }
.clamp { display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden;
  overflow-wrap: anywhere; }
tr.more td { text-align: center; padding: 10px; }
button.show-more { font: inherit; padding: 5px 12px; border: 1px solid var(--border); border-radius: 6px;
  background: var(--panel); color: var(--accent); cursor: pointer; }
button.toggle { background: none; border: 1px solid var(--border); border-radius: 4px; width: 22px; height: 22px;
  cursor: pointer; color: var(--muted); padding: 0; line-height: 1; }
.score { display: flex; align-items: center; justify-content: flex-end; gap: 6px; min-width: 96px; }
.score .track { width: 44px; height: 6px; background: var(--code); border-radius: 3px; overflow: hidden; }
.score .fill { display: block; height: 100%; background: var(--bar); }
.badge { display: inline-block; padding: 1px 7px; border-radius: 10px; font-size: 11px; font-weight: 600;
  border: 1px solid currentColor; }
.badge.ok { color: var(--ok); }
.badge.error { color: var(--error); }
.badge.skipped { color: var(--skipped); }
.badge.null { color: var(--muted); }
tr.detail > td { background: var(--bg); padding: 12px 16px; }
.detail-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 12px;
  max-width: 1240px; position: sticky; left: 16px; align-items: start; }
.block { background: var(--panel); border: 1px solid var(--border); border-radius: 8px; padding: 10px 12px;
  overflow-wrap: anywhere; }
.block dl { margin: 0; }
.block dt { font-weight: 600; font-size: 12px; color: var(--muted); margin-top: 6px; }
.block dd { margin: 2px 0 0; white-space: pre-wrap; }
.block dd.hash { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 11px; color: var(--muted); }
.block ol, .block ul { margin: 4px 0; padding-left: 22px; }
.block li { margin: 2px 0; white-space: pre-wrap; }
.block table { margin: 4px 0; font-size: 12px; }
.block table th, .block table td { padding: 3px 6px; }
.reason { margin: 4px 0; white-space: pre-wrap; }
.span-highlight { margin: 4px 0; white-space: pre-wrap; }
mark.unsupported-span { background: var(--span-mark); color: inherit; border-bottom: 2px solid var(--error);
  border-radius: 2px; padding: 0 1px; }
.badge.decided-by { margin-left: 6px; color: var(--muted); font-weight: normal; }
.block ol.dag-path { list-style: none; padding-left: 0; font-size: 12px; }
.dag-step.judgement::before, .dag-step.leaf::before { content: "\\2192  "; color: var(--muted); }
.dag-step.leaf { font-weight: 600; }
.block ol.jury-members { list-style: none; padding-left: 0; font-size: 12px; }
.jury-member + .jury-member { margin-top: 6px; }
.block .cap { max-height: 7.5em; overflow-y: auto; }
.block ul.readable { margin: 4px 0; padding-left: 18px; font-size: 12px; }
.block details.metric-details > summary { font-weight: normal; font-size: 12px; color: var(--muted); margin: 4px 0; }
.block .details .cap, .block details .details { max-height: 16em; overflow-y: auto; }
.detail-grid .block.wide { grid-column: span 2; }
.conversation { display: flex; flex-direction: column; gap: 6px; margin: 4px 0; white-space: normal; }
.conversation .turn { border-left: 3px solid var(--border); padding: 2px 0 2px 8px; }
.conversation .turn.role-user { border-left-color: #3b82f6; }
.conversation .turn.role-assistant { border-left-color: #10b981; }
.conversation .turn.role-tool { border-left-color: #f59e0b; }
.conversation .turn-head { font-size: 11px; font-weight: 600; text-transform: uppercase; color: var(--muted); }
.conversation .turn-text { white-space: pre-wrap; }
.tool-call { background: var(--code); border-radius: 6px; padding: 4px 8px; margin: 3px 0; }
.tool-call .call-no { color: var(--muted); font-size: 11px; }
pre.json { white-space: pre-wrap; overflow-wrap: anywhere; margin: 2px 0; font-size: 12px;
  font-family: ui-monospace, Menlo, Consolas, monospace; }
table.call-matching { width: 100%; border-collapse: collapse; }
table.call-matching td { vertical-align: top; border-top: 1px solid var(--border); }
table.call-matching td .tool-call { margin: 0; }
table.call-matching td.pair-result { white-space: nowrap; }
ul.arg-results { list-style: none; padding-left: 0; margin: 0; }
ul.arg-results li.arg-equal { color: var(--ok); }
ul.arg-results li.arg-different, ul.arg-results li.arg-missing, ul.arg-results li.arg-extra { color: var(--error); }
ul.arg-results li.arg-ignored { color: var(--muted); }
svg .legend text { fill: var(--muted); }
.problem { margin: 4px 0 8px; }
details.problem > summary { font-weight: normal; }
details.problem .problem-head { color: var(--muted); }
pre.problem-text { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--code); padding: 8px 10px;
  border-radius: 6px; margin: 4px 0; font-size: 12px; }
.problem.error pre.problem-text { color: var(--error); }
pre.error-text { white-space: pre-wrap; color: var(--error); background: var(--code); padding: 6px 8px;
  border-radius: 6px; margin: 4px 0; font-size: 12px; }
.meta dl { display: grid; grid-template-columns: max-content 1fr; gap: 3px 14px; margin: 0; }
.meta dt { color: var(--muted); }
.meta dd { margin: 0; overflow-wrap: anywhere; }
.kv { display: inline-block; background: var(--code); border-radius: 4px; padding: 0 5px; margin: 1px 2px;
  font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
.sha { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 11px; overflow-wrap: anywhere; }
details > summary { cursor: pointer; font-weight: 600; margin: 6px 0; }
.muted { color: var(--muted); }
footer { color: var(--muted); font-size: 12px; padding: 0 28px 24px; }
`;
