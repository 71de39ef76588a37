// What a jury (details.jury) adds to an expanded row: each judge's value, and what its own details would have
// shown had it judged alone (a decision graph's path, a head-to-head's flips), one judge after another.
function isJury(details) {
  return !!details && !!details.jury && Array.isArray(details.jury.members);
}
function juryMemberHeading(member) {
  var h = el("div", "jury-judge");
  h.appendChild(el("span", "mono", member.judge + " "));
  h.appendChild(member.status === "ok" && member.value === null ? badge("null", "no score") : badge(member.status));
  if (member.status === "ok" && typeof member.value === "number") h.appendChild(el("span", "mono", " " + fmt(member.value)));
  return h;
}
function renderJuryMembers(details) {
  if (!isJury(details)) return null;
  var ol = el("ol", "jury-members");
  details.jury.members.forEach(function (member) {
    var li = el("li", "jury-member");
    li.appendChild(juryMemberHeading(member));
    var own = member.details || {};
    var path = renderDagPath(own);
    if (path) li.appendChild(path);
    var lines = readableDetails(own);
    if (lines.length > 0) {
      var ul = el("ul", "readable");
      lines.forEach(function (t) { ul.appendChild(el("li", null, t)); });
      li.appendChild(ul);
    }
    if (member.error) li.appendChild(el("pre", "error-text", member.error));
    ol.appendChild(li);
  });
  return ol;
}
