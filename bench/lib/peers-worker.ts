/**
 * The Python side of the peers section: one `peers/bench_peers.py` process (Ragas, DeepEval, llama-cpp-python,
 * sentence-transformers, Python onnxruntime) started through `peers/run.sh` in the peer environment, sent one JSON
 * command per line and read one JSON answer per line, so the section can interleave our metrics with theirs.
 *
 * @example
 * const worker = startPeersWorker();
 * const loaded = await worker.send<PeersLoad>({ cmd: "load", gguf, threads: 2, contextSize: 4096, ... });
 * await worker.close();
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { repoRoot } from "./models.js";

/** What `load` answers: seconds to import the peers and load each model, and the Python packages' versions. */
export interface PeersLoad {
  importSeconds: number;
  judgeLoadSeconds: number;
  sentenceTransformersLoadSeconds: number;
  onnxruntimeLoadSeconds: number;
  versions: Record<string, string>;
}

/** What `judge` answers: one peer's metric over the rows. */
export interface PeerJudgeRun {
  side: "ragas" | "deepeval";
  metric: string;
  rows: number;
  seconds: number;
  rowSeconds: number[];
  /** Scores per row; null where the metric raised or returned None / NaN. */
  scores: (number | null)[];
  nan: number;
  none: number;
  errorRows: number;
  firstError: string | null;
  /** Structured answers the peer asked for. */
  requests: number;
  /** Completions the model ran. */
  calls: number;
  promptTokens: number;
  generatedTokens: number;
  /** Structured answers that did not validate as the peer's output model. */
  parseFailures: number;
  parseFailureExamples: string[];
}

/** What `encode` answers: one timed encode of all texts. */
export interface PeerEncodeRun {
  seconds: number;
  texts: number;
}

/** A running worker. */
export interface PeersWorker {
  send<T>(command: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

/** Starts `bash peers/run.sh peers/bench_peers.py`; its stderr (the libraries' own output) goes to `log`. */
export function startPeersWorker(log: (line: string) => void): PeersWorker {
  const child: ChildProcessWithoutNullStreams = spawn(
    "bash",
    [path.join(repoRoot, "peers", "run.sh"), path.join(repoRoot, "peers", "bench_peers.py")],
    // OpenMP threads (llama-cpp-python is built with GGML_OPENMP) wait passively: spinning at every barrier on a
    // shared, oversubscribed machine slowed the peers' completions by an order of magnitude here.
    { cwd: repoRoot, stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, OMP_WAIT_POLICY: "PASSIVE" } },
  );
  createInterface({ input: child.stderr }).on("line", (line) => {
    if (line.trim() !== "") log(`python: ${line.slice(0, 300)}`);
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  // A run stopped by a signal takes the worker with it: else it finishes its completion (minutes) on the CPUs the
  // next run (--resume) needs. The signal is then raised again, so the bench ends as it would have.
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  const stop = (signal: NodeJS.Signals) => {
    child.kill("SIGKILL");
    for (const s of signals) process.removeListener(s, stop);
    process.kill(process.pid, signal);
  };
  for (const s of signals) process.once(s, stop);
  void exited.then(() => {
    for (const s of signals) process.removeListener(s, stop);
  });
  return {
    async send<T>(command: Record<string, unknown>): Promise<T> {
      child.stdin.write(`${JSON.stringify(command)}\n`);
      const next = await Promise.race([lines.next(), exited.then((code) => ({ exit: code }))]);
      if ("exit" in next || next.done) {
        throw new Error(
          `peers/bench_peers.py ended before answering ${String(command.cmd)} (exit ${"exit" in next ? next.exit : "?"}); its stderr is above`,
        );
      }
      const answer = JSON.parse(next.value) as { ok: boolean; result?: T; error?: string };
      if (!answer.ok)
        throw new Error(`peers/bench_peers.py, command ${String(command.cmd)}: ${answer.error}`);
      return answer.result as T;
    },
    async close() {
      child.stdin.write(`${JSON.stringify({ cmd: "quit" })}\n`);
      child.stdin.end();
      await exited;
    },
  };
}
