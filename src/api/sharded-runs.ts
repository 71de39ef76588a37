// The public names of the group "Sharded runs" (src/index.ts re-exports this file; docs/api.md lists the groups):
// one dataset over many machines; pick a shard's rows, merge the shards' results and caches.

export { type CacheMergeResult, type CacheMergeSource, mergeCaches } from "../cache/merge.js";
export {
  type ResolvedShard,
  resolveShard,
  type ShardDatasetOptions,
  type ShardInfo,
  type ShardSpec,
  shardDataset,
  shardOfKey,
} from "../dataset/shard.js";
export {
  type DuplicateRecord,
  type MergedShardFile,
  type MergeInfo,
  type MergeOutcome,
  type MergeShardResultsOptions,
  type MissingRow,
  mergeShardResults,
  type WriteMergedResultsOptions,
  writeMergedResults,
} from "../evaluate/merge.js";
