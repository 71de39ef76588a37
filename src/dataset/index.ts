export { defaultColumnAliases } from "./columns.js";
export { sampleSchema } from "./field-schemas.js";
export { assertNoInvalidRows, loadDataset } from "./load.js";
export { parseListCell } from "./python-list.js";
export { checkRequiredColumns, missingFields } from "./required.js";
export type {
  BadCell,
  ColumnTarget,
  Dataset,
  DatasetFormat,
  DatasetSample,
  InvalidRow,
  LoadDatasetOptions,
} from "./types.js";
