import type { Command } from "commander";
import { mergeCaches } from "../cache/merge.js";
import { cliCommand } from "../util/cli-command.js";

/**
 * Adds `cache merge <from...> --into <file>` to the `airgap-eval` program.
 *
 * @example
 * registerCacheCommand(new Command("airgap-eval"));
 */
export function registerCacheCommand(program: Command): Command {
  const run = cliCommand();
  const cache = program
    .command("cache")
    .description("Work with result caches (SQLite files of judge answers, embeddings and metric results).");
  cache
    .command("merge")
    .description("Copy the entries of cache files (e.g. one per shard) into one cache file.")
    .argument("<from...>", "source cache files (opened read-only)")
    .requiredOption("--into <file>", "target cache file (created when missing)")
    .addHelpText(
      "after",
      `
Entries are content-addressed and never change, so merging only adds what the target lacks.
Keep cache files on local disk: SQLite over NFS is unsafe. Copy the shards' files to one
machine, merge there, and give the result to later runs with --cache-file.

Example:
  $ ${run} cache merge caches/cache.shard-*.sqlite --into cache.sqlite`,
    )
    .action((from: string[], flags: { into: string }) => {
      const result = mergeCaches(from, flags.into);
      for (const source of result.sources) {
        process.stdout.write(`${source.file}: ${source.entries} entries, ${source.added} new\n`);
      }
      process.stdout.write(`${result.into}: ${result.total} entries\n`);
    });
  return cache;
}
