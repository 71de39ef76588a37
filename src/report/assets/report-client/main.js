// Last of the joined files: on a page with report data (data.js), index the rows, draw the table's head,
// wire the controls and draw the first page of rows.
if (source) {
  indexRows();
  buildHead();
  wireControls();
  render();
}
