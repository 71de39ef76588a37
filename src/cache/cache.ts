import { mkdirSync } from "node:fs";
import path from "node:path";
import { AirgapEvalError } from "../errors.js";
import { defaultCachePath } from "./default-path.js";
import { openSqlite, pragma, type SqliteDatabase, type SqliteStatement } from "./sqlite.js";

/** Options for {@link Cache.open}. */
export interface CacheOptions {
  /** SQLite file. Defaults to {@link defaultCachePath} (`$XDG_CACHE_HOME` or `~/.cache`, then `airgap-eval/cache.sqlite`). */
  path?: string;
  /** How long a write waits for another process's lock, in ms. Defaults to 10000. */
  busyTimeoutMs?: number;
}

/** Hit, miss and write counts since the cache was opened. */
export interface CacheStats {
  hits: number;
  misses: number;
  writes: number;
  /** The same counts per namespace (`llm`, `embedding`, `metric-result`). */
  byNamespace: Record<string, { hits: number; misses: number; writes: number }>;
}

/**
 * Layout version of a cache file (its SQLite `user_version`). Files written while the cache ran on
 * better-sqlite3 (airgap-eval 0.1.0) have the same SQLite format and version, and open unchanged.
 */
export const cacheSchemaVersion = 1;

/**
 * A content-addressed store of judge answers, embeddings and metric results, in one SQLite file
 * (libsql, WAL mode; see docs/install.md for why libsql). Keys are hashes of everything that decides a value, so an entry is
 * never stale: it is only ever inserted (`INSERT OR IGNORE`), never updated (except the few entries that record a
 * current fact rather than an answer, written with {@link Cache.replaceJson}). Several processes may
 * use one file at once.
 *
 * @example
 * const cache = Cache.open();
 * const llm = new CachedLlm(judge, cache);
 * // ... evaluate ...
 * console.log(cache.stats()); cache.close();
 */
export class Cache {
  /** The SQLite file. */
  readonly path: string;
  private readonly db: SqliteDatabase;
  private readonly getStmt: SqliteStatement;
  private readonly hasStmt: SqliteStatement;
  private readonly setStmt: SqliteStatement;
  private readonly replaceStmt: SqliteStatement;
  private readonly counts = new Map<string, { hits: number; misses: number; writes: number }>();

  private constructor(file: string, busyTimeoutMs: number) {
    this.path = file;
    if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
    try {
      this.db = openSqlite(file, { busyTimeoutMs });
      pragma(this.db, "journal_mode = WAL");
      pragma(this.db, "synchronous = NORMAL");
      this.db.exec(
        `CREATE TABLE IF NOT EXISTS entries (
           namespace TEXT NOT NULL,
           key TEXT NOT NULL,
           value BLOB NOT NULL,
           created_at INTEGER NOT NULL,
           PRIMARY KEY (namespace, key)
         ) WITHOUT ROWID`,
      );
      const version = pragma(this.db, "user_version") as number;
      if (version === 0) pragma(this.db, `user_version = ${cacheSchemaVersion}`);
      else if (version !== cacheSchemaVersion) {
        throw new AirgapEvalError(
          `cache ${file} has schema version ${version}, this airgap-eval expects ${cacheSchemaVersion}; delete the file or choose another cache path`,
        );
      }
    } catch (err) {
      if (err instanceof AirgapEvalError) throw err;
      const detail = err instanceof Error ? err.message : String(err);
      throw new AirgapEvalError(
        `cannot open the cache ${file}: ${detail}. Choose another path with the cache "path" option, or run without the cache (CLI: --no-cache)`,
        { cause: err },
      );
    }
    this.getStmt = this.db.prepare("SELECT value FROM entries WHERE namespace = ? AND key = ?");
    this.hasStmt = this.db.prepare("SELECT 1 FROM entries WHERE namespace = ? AND key = ?");
    this.setStmt = this.db.prepare(
      "INSERT OR IGNORE INTO entries (namespace, key, value, created_at) VALUES (?, ?, ?, ?)",
    );
    this.replaceStmt = this.db.prepare(
      "INSERT OR REPLACE INTO entries (namespace, key, value, created_at) VALUES (?, ?, ?, ?)",
    );
  }

  /**
   * Opens (creating when needed) the cache file.
   *
   * @example
   * const cache = Cache.open({ path: "/tmp/airgap-cache.sqlite" });
   */
  static open(options: CacheOptions = {}): Cache {
    return new Cache(options.path ?? defaultCachePath(), options.busyTimeoutMs ?? 10_000);
  }

  private counter(namespace: string): { hits: number; misses: number; writes: number } {
    let c = this.counts.get(namespace);
    if (c === undefined) {
      c = { hits: 0, misses: 0, writes: 0 };
      this.counts.set(namespace, c);
    }
    return c;
  }

  /** The stored bytes for a key, or undefined (counted as a hit or a miss). */
  get(namespace: string, key: string): Buffer | undefined {
    const row = this.getStmt.get(namespace, key) as { value: Buffer } | undefined;
    const c = this.counter(namespace);
    if (row === undefined) c.misses++;
    else c.hits++;
    return row?.value;
  }

  /** Whether a key is stored, without reading it (not counted as a hit or a miss). */
  has(namespace: string, key: string): boolean {
    return this.hasStmt.get(namespace, key) !== undefined;
  }

  /** Stores bytes under a key; a key already present keeps its first value. */
  set(namespace: string, key: string, value: Uint8Array | string): void {
    const bytes =
      typeof value === "string"
        ? Buffer.from(value, "utf8")
        : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    this.setStmt.run(namespace, key, bytes, Date.now());
    this.counter(namespace).writes++;
  }

  /** Reads a JSON value stored with {@link Cache.setJson}. Unreadable entries count as misses. */
  getJson<T>(namespace: string, key: string): T | undefined {
    const bytes = this.get(namespace, key);
    if (bytes === undefined) return undefined;
    try {
      return JSON.parse(bytes.toString("utf8")) as T;
    } catch {
      const c = this.counter(namespace);
      c.hits--;
      c.misses++;
      return undefined;
    }
  }

  /** Stores a value as JSON. */
  setJson(namespace: string, key: string, value: unknown): void {
    this.set(namespace, key, JSON.stringify(value));
  }

  /**
   * Stores a value as JSON, replacing the one stored under the key. Only for entries that record a current fact
   * rather than an answer (what a model was on its last load, `cacheNamespaces.modelIdentity`): answers are keyed
   * by everything that decides them and never replaced.
   */
  replaceJson(namespace: string, key: string, value: unknown): void {
    this.replaceStmt.run(namespace, key, Buffer.from(JSON.stringify(value), "utf8"), Date.now());
    this.counter(namespace).writes++;
  }

  /** Counts since this cache was opened. */
  stats(): CacheStats {
    const total = { hits: 0, misses: 0, writes: 0 };
    const byNamespace: CacheStats["byNamespace"] = {};
    for (const [ns, c] of this.counts) {
      byNamespace[ns] = { ...c };
      total.hits += c.hits;
      total.misses += c.misses;
      total.writes += c.writes;
    }
    return { ...total, byNamespace };
  }

  /** Number of stored entries, optionally in one namespace. */
  size(namespace?: string): number {
    const row = (
      namespace === undefined
        ? this.db.prepare("SELECT COUNT(*) AS n FROM entries").get()
        : this.db.prepare("SELECT COUNT(*) AS n FROM entries WHERE namespace = ?").get(namespace)
    ) as { n: number };
    return row.n;
  }

  /** Closes the database. */
  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Same as {@link Cache.close}. */
  [Symbol.dispose](): void {
    this.close();
  }
}
