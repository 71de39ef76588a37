/**
 * Section "cache-storage": reads and writes per second of the result cache's SQLite storage, the way
 * the cache uses it (WAL, synchronous=NORMAL, one `INSERT OR IGNORE` per write in its own transaction,
 * one primary-key `SELECT` per read), on each driver this runtime can load:
 * - `Cache` itself (libsql, the shipped driver, with its counters and Buffer copies);
 * - libsql through the same statements as the others;
 * - `node:sqlite`, where the runtime has it (Node 22.13+ without a flag);
 * - better-sqlite3 12.6.2, the driver before libsql, when installed
 *   (`npm install --no-save better-sqlite3@12.6.2`: it compiles, so it is not a dependency).
 * Each round writes `entries` new keys of `bytes` bytes into a new file, reads every key twice (hits),
 * then looks up as many absent keys (misses); the table gives the median round.
 *
 * Run alone: node --import tsx bench/cache-storage.ts [--entries 20000] [--bytes 512] [--rounds 3] [--json out.json]
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Cache } from "../src/cache/cache.js";
import { openSqlite } from "../src/cache/sqlite.js";
import { numberFlag } from "./lib/cli.js";
import { markdownTable, num } from "./lib/markdown.js";
import { finishSection, isMain } from "./lib/section.js";
import { median } from "./lib/stats.js";

/** Options of {@link runCacheStorage}. */
export interface CacheStorageOptions {
  /** Keys written and read per round. Defaults to 20,000. */
  entries?: number;
  /** Bytes per value. Defaults to 512 (a 100-d float32 embedding is 400, a judge answer 100 to 300). */
  bytes?: number;
  /** Rounds; the median is reported. Defaults to 3. */
  rounds?: number;
}

/** One driver's numbers, or why it was not measured. */
export interface CacheStorageRow {
  driver: string;
  writesPerSecond: number | undefined;
  readsPerSecond: number | undefined;
  missesPerSecond: number | undefined;
  /** Why there are no numbers (driver not in this runtime). */
  skipped?: string;
}

/** Result of the cache-storage section. */
export interface CacheStorageResult {
  section: "cache-storage";
  node: string;
  entries: number;
  bytes: number;
  rounds: number;
  rows: CacheStorageRow[];
}

/** The three operations on one open file. */
interface Store {
  write(key: string, value: Buffer): void;
  read(key: string): Buffer | undefined;
  close(): void;
}

const TABLE = `CREATE TABLE IF NOT EXISTS entries (namespace TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
  created_at INTEGER NOT NULL, PRIMARY KEY (namespace, key)) WITHOUT ROWID`;
const INSERT = "INSERT OR IGNORE INTO entries (namespace, key, value, created_at) VALUES (?, ?, ?, ?)";
const SELECT = "SELECT value FROM entries WHERE namespace = ? AND key = ?";

interface SqlDb {
  exec(sql: string): unknown;
  prepare(sql: string): { run(...a: unknown[]): unknown; get(...a: unknown[]): unknown };
  close(): unknown;
}

/** A {@link Store} on any driver with better-sqlite3's prepare/run/get shape. */
function sqlStore(db: SqlDb): Store {
  for (const p of ["busy_timeout = 10000", "journal_mode = WAL", "synchronous = NORMAL"])
    db.exec(`PRAGMA ${p}`);
  db.exec(TABLE);
  const insert = db.prepare(INSERT);
  const select = db.prepare(SELECT);
  return {
    write: (key, value) => insert.run("bench", key, value, Date.now()),
    read: (key) => (select.get("bench", key) as { value: Buffer } | undefined)?.value,
    close: () => db.close(),
  };
}

type Opener = (file: string) => Store;

async function openers(): Promise<Array<[string, Opener | string]>> {
  const require = createRequire(import.meta.url);
  const list: Array<[string, Opener | string]> = [
    [
      "Cache (libsql 0.5.29, shipped)",
      (file) => {
        const cache = Cache.open({ path: file });
        return {
          write: (key, value) => cache.set("bench", key, value),
          read: (key) => cache.get("bench", key),
          close: () => cache.close(),
        };
      },
    ],
    ["libsql 0.5.29", (file) => sqlStore(openSqlite(file, { busyTimeoutMs: 10_000 }))],
  ];
  try {
    // A variable specifier: @types/node 20 has no node:sqlite.
    const builtin = "node:sqlite";
    const { DatabaseSync } = (await import(builtin)) as { DatabaseSync: new (file: string) => SqlDb };
    list.push([`node:sqlite (Node ${process.versions.node})`, (file) => sqlStore(new DatabaseSync(file))]);
  } catch {
    list.push(["node:sqlite", `not in Node ${process.versions.node} (22.13+ has it without a flag)`]);
  }
  try {
    const Better = require("better-sqlite3") as new (file: string) => SqlDb;
    new Better(":memory:").close(); // its binding loads here: built for another Node, it throws
    const version = (require("better-sqlite3/package.json") as { version: string }).version;
    list.push([`better-sqlite3 ${version} (before libsql)`, (file) => sqlStore(new Better(file))]);
  } catch (err) {
    const why =
      (err as { code?: string }).code === "MODULE_NOT_FOUND" ? "not installed" : "does not load on this Node";
    list.push(["better-sqlite3", `${why}: npm install --no-save better-sqlite3@12.6.2 (it compiles)`]);
  }
  return list;
}

/** One round on a new file: writes/s, reads/s (every key twice), misses/s. */
function round(open: Opener, file: string, keys: readonly string[], value: Buffer): [number, number, number] {
  const store = open(file);
  try {
    let t = performance.now();
    for (const key of keys) store.write(key, value);
    const writes = keys.length / ((performance.now() - t) / 1000);
    t = performance.now();
    for (let pass = 0; pass < 2; pass++) {
      for (const key of keys) {
        if (store.read(key)?.length !== value.length)
          throw new Error(`cache-storage: ${key} did not read back`);
      }
    }
    const reads = (2 * keys.length) / ((performance.now() - t) / 1000);
    t = performance.now();
    for (const key of keys) {
      if (store.read(`absent-${key}`) !== undefined)
        throw new Error("cache-storage: an absent key was found");
    }
    const misses = keys.length / ((performance.now() - t) / 1000);
    return [writes, reads, misses];
  } finally {
    store.close();
  }
}

/**
 * Measures every driver this runtime can load.
 *
 * @example
 * const r = await runCacheStorage({ entries: 2000, rounds: 1 });
 * console.log(r.rows.map((row) => [row.driver, row.writesPerSecond]));
 */
export async function runCacheStorage(options: CacheStorageOptions = {}): Promise<CacheStorageResult> {
  const entries = options.entries ?? 20_000;
  const bytes = options.bytes ?? 512;
  const rounds = options.rounds ?? 3;
  const keys = Array.from({ length: entries }, (_, i) =>
    createHash("sha256").update(String(i)).digest("hex"),
  );
  const value = Buffer.alloc(bytes, 7);
  const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-eval-cache-storage-"));
  const rows: CacheStorageRow[] = [];
  try {
    for (const [driver, open] of await openers()) {
      if (typeof open === "string") {
        rows.push({
          driver,
          writesPerSecond: undefined,
          readsPerSecond: undefined,
          missesPerSecond: undefined,
          skipped: open,
        });
        continue;
      }
      const results = Array.from({ length: rounds }, (_, r) =>
        round(open, path.join(tmp, `${rows.length}-${r}.sqlite`), keys, value),
      );
      rows.push({
        driver,
        writesPerSecond: median(results.map((x) => x[0])),
        readsPerSecond: median(results.map((x) => x[1])),
        missesPerSecond: median(results.map((x) => x[2])),
      });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return { section: "cache-storage", node: process.versions.node, entries, bytes, rounds, rows };
}

/** The cache-storage section as Markdown. */
export function formatCacheStorage(results: ReadonlyArray<CacheStorageResult>): string {
  return results
    .map((r) =>
      [
        `Node ${r.node}, ${r.entries} entries of ${r.bytes} bytes, median of ${r.rounds} round(s):`,
        "",
        markdownTable(
          ["driver", "writes/s", "reads/s (hits)", "misses/s"],
          r.rows.map((row) =>
            row.skipped !== undefined
              ? [row.driver, row.skipped, "", ""]
              : [
                  row.driver,
                  num(row.writesPerSecond, 0),
                  num(row.readsPerSecond, 0),
                  num(row.missesPerSecond, 0),
                ],
          ),
          ["l", "r", "r", "r"],
        ),
      ].join("\n"),
    )
    .join("\n\n");
}

if (isMain(import.meta.url)) {
  const result = await runCacheStorage({
    entries: numberFlag("entries", 20_000),
    bytes: numberFlag("bytes", 512),
    rounds: numberFlag("rounds", 3),
  });
  finishSection(result, (r) => formatCacheStorage([r]));
}
