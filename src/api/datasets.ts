// The public names of the group "Datasets" (src/index.ts re-exports this file; docs/api.md lists the groups):
// load in memory, or read row by row with memory flat as rows grow (docs/large-datasets.md).
export { loadDataset } from "../dataset/load.js";
export { checkRequiredColumns } from "../dataset/required.js";
export { type DatasetScan, type ScannedSource, type ScanOptions, scanDataset } from "../dataset/scan.js";
export { type ScanForRunOptions, scanForRun, shardSource } from "../dataset/shard-source.js";
export { type DatasetRowOutcome, type DatasetSource, openDataset } from "../dataset/stream.js";
export type {
  BadCell,
  ColumnTarget,
  Dataset,
  DatasetSample,
  InvalidRow,
  LoadDatasetOptions,
} from "../dataset/types.js";
