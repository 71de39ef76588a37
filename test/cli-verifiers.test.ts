// The verifier metrics as a user meets them: `eval` on the example dataset with real ONNX verifiers (random-weight
// fixtures in the transformers.js layout, built at test time) named by --metric-option, no --llm; the report's span
// highlighting in headless Chromium; the faithfulness cascade with a GGUF judge; and the errors of a wrong, missing
// or unpulled verifier and of a response too long for a span verifier.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeVerifierFixture } from "../scripts/verifier-fixtures/index.js";
import { cliSandbox, recordLines, resultsLines, runCli } from "./fixtures/cli/run-cli.js";
import { extraGgufPath, repoRoot, tinyGgufPath } from "./setup/paths.js";
import { launchChromium, skipWithoutChromium } from "./support/chromium.js";

const sandbox = cliSandbox("airgap-cli-verifiers-");
const dataset = path.join(repoRoot, "examples", "rag-eval.jsonl");
const dirs = {
  nli: sandbox.file("nli"),
  relevance: sandbox.file("relevance"),
  spans: sandbox.file("spans"),
  shortSpans: sandbox.file("short-spans"),
};
const sharedStories = path.resolve(repoRoot, "..", "shared", "models", "stories260K.gguf");
const judge = extraGgufPath ?? (existsSync(sharedStories) ? sharedStories : tinyGgufPath);

type Rec = { row: number; metric: string; result: Record<string, unknown> };
const records = (file: string) => recordLines(file) as unknown as Rec[];
/** The response of each row, from the results file's sample lines. */
const responses = (file: string) =>
  new Map(
    resultsLines(file)
      .filter((l) => l.type === "sample")
      .map((l) => [l.row as number, (l.sample as { response: string }).response]),
  );

beforeAll(async () => {
  await writeVerifierFixture(dirs.nli, "nli");
  await writeVerifierFixture(dirs.relevance, "relevance");
  await writeVerifierFixture(dirs.spans, "spans");
  await writeVerifierFixture(dirs.shortSpans, "spans", { maxLength: 24 });
});
afterAll(() => sandbox.cleanup());

describe("eval with verifier metrics and no judge", () => {
  const out = sandbox.file("verifiers.jsonl");
  const report = sandbox.file("verifiers.html");
  let code: number | null;
  let stderr: string;

  beforeAll(async () => {
    const run = await runCli(
      [
        "eval",
        dataset,
        "--metrics",
        "verifier_faithfulness,verifier_context_relevance,hallucinated_spans",
        "--metric-option",
        `verifier_faithfulness.verifier=${dirs.nli}`,
        "--metric-option",
        `verifier_context_relevance.verifier=${dirs.relevance}`,
        "--metric-option",
        `hallucinated_spans.verifier=${dirs.spans}`,
        "--out",
        out,
        "--report",
        report,
        "--no-cache",
      ],
      sandbox.env,
    );
    code = run.code;
    stderr = run.stderr;
  }, 120_000);

  it("scores every row of every metric with the verifiers it was given, loading no judge", () => {
    expect(stderr).not.toMatch(/judge|--llm|gguf/i);
    expect(code).toBe(0);
    const header = resultsLines(out)[0] as { metadata: { metrics: Record<string, { models: unknown[] }> } };
    for (const m of Object.values(header.metadata.metrics)) expect(m.models).toEqual([]);
    const recs = records(out);
    expect(recs).toHaveLength(60);
    for (const r of recs) {
      expect(r.result.status).toBe("ok");
      expect(r.result.value).toBeGreaterThanOrEqual(0);
      expect(r.result.value).toBeLessThanOrEqual(1);
      const verifier = (r.result.details as { verifier: { id: string; task: string } }).verifier;
      expect(verifier.id).toBe(
        {
          verifier_faithfulness: dirs.nli,
          verifier_context_relevance: dirs.relevance,
          hallucinated_spans: dirs.spans,
        }[r.metric],
      );
    }
  });

  it("gives spans that are the response's own characters", () => {
    const spans = records(out).filter((r) => r.metric === "hallucinated_spans");
    const all = spans.flatMap((r) =>
      (r.result.details as { spans: Array<{ start: number; end: number; text: string }> }).spans.map((s) => ({
        ...s,
        response: responses(out).get(r.row)!,
      })),
    );
    expect(all.length).toBeGreaterThan(0);
    for (const s of all) expect(s.response.slice(s.start, s.end)).toBe(s.text);
  });

  describe.skipIf(skipWithoutChromium("cli-verifiers"))("the report in headless Chromium", () => {
    let context: BrowserContext;

    afterAll(async () => {
      await context?.close();
    });

    it("highlights each row's real spans in the response, as the results file lists them", async () => {
      const opened = await launchChromium(sandbox.file("profile"));
      context = opened.context;
      const page = opened.page;
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(String(err)));
      await page.goto(pathToFileURL(report).href, { waitUntil: "load" });
      const row = records(out).find(
        (r) =>
          r.metric === "hallucinated_spans" && (r.result.details as { spans: unknown[] }).spans.length > 0,
      )!;
      const spans = (row.result.details as { spans: Array<{ text: string; probability: number }> }).spans;
      await page.locator(`#row-table tr[data-row="${row.row}"] button.toggle`).click();
      const block = page.locator('tr.detail .metric-detail[data-metric="hallucinated_spans"]');
      // AIRGAP_EVAL_SCREENSHOT=file.png keeps a picture of the expanded row, to look at.
      const shot = process.env.AIRGAP_EVAL_SCREENSHOT;
      if (shot) await page.locator("tr.detail").first().screenshot({ path: shot });
      const marks = block.locator(".span-highlight mark.unsupported-span");
      expect(await marks.allTextContents()).toEqual(spans.map((s) => s.text));
      expect(await marks.first().getAttribute("title")).toBe(
        `P(unsupported) ${spans[0]!.probability.toFixed(2)}`,
      );
      expect(await block.locator(".span-highlight").textContent()).toBe(responses(out).get(row.row));
      expect(errors).toEqual([]);
    }, 60_000);
  });
});

describe("the faithfulness cascade with a real verifier and a GGUF judge", () => {
  it("decides some rows by the verifier and the rest by the judge, and says which", async () => {
    const rows = sandbox.file("six.jsonl");
    const { readFileSync } = await import("node:fs");
    writeFileSync(rows, `${readFileSync(dataset, "utf8").split("\n").slice(0, 6).join("\n")}\n`);
    const probe = sandbox.file("probe.jsonl");
    const first = await runCli(
      [
        "eval",
        rows,
        "--metrics",
        "verifier_faithfulness",
        "--metric-option",
        `verifier_faithfulness.verifier=${dirs.nli}`,
        "--out",
        probe,
        "--no-cache",
      ],
      sandbox.env,
    );
    expect(first.code).toBe(0);
    // The cascade's row probability is the least-supported sentence's: send the three lowest rows to the judge.
    const lows = records(probe)
      .map((r) =>
        Math.min(
          ...(r.result.details as { sentences: Array<{ probability: number }> }).sentences.map(
            (s) => s.probability,
          ),
        ),
      )
      .sort((a, b) => a - b);
    const band = [0, (lows[2]! + lows[3]!) / 2];
    const out = sandbox.file("cascade.jsonl");
    const run = await runCli(
      [
        "eval",
        rows,
        "--metrics",
        "faithfulness",
        "--llm",
        judge,
        "--metric-option",
        `faithfulness.verifier=${dirs.nli}`,
        "--metric-option",
        `faithfulness.band=${JSON.stringify(band)}`,
        "--out",
        out,
        "--no-cache",
      ],
      sandbox.env,
    );
    expect(run.stderr).not.toMatch(/Error:/);
    const decided = records(out).map((r) => (r.result.details as { decidedBy?: string }).decidedBy);
    expect(decided.filter((d) => d === "judge")).toHaveLength(3);
    expect(decided.filter((d) => d === "verifier")).toHaveLength(3);
    for (const r of records(out)) {
      expect(String(r.result.reason)).toMatch(/^decided by the (verifier|judge)/);
    }
  }, 300_000);
});

describe("calibrate --band-target", () => {
  it("proposes the cascade's band from labelled rows, with the judge on every row beside the verifier", async () => {
    const { readFileSync } = await import("node:fs");
    const labelled = sandbox.file("labelled.jsonl");
    const rows = readFileSync(dataset, "utf8")
      .split("\n")
      .filter((l) => l !== "")
      .slice(0, 8);
    writeFileSync(
      labelled,
      `${rows.map((l, i) => JSON.stringify({ ...JSON.parse(l), human_label: i % 3 === 0 ? 0 : 1 })).join("\n")}\n`,
    );
    const run = await runCli(
      [
        "calibrate",
        labelled,
        "--metric",
        "faithfulness",
        "--llm",
        judge,
        "--metric-option",
        `faithfulness.verifier=${dirs.nli}`,
        "--band-target",
        "0.5",
        "--resamples",
        "50",
        "--json",
        "--quiet",
        "--no-cache",
      ],
      sandbox.env,
    );
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as {
      judges: Array<{
        scored: number;
        unscored: Array<{ reason: string }>;
        band?: { target: number; rows: number; band: [number, number] | null; reason?: string };
      }>;
    };
    const judged = result.judges[0]!;
    const band = judged.band!;
    expect(band.target).toBe(0.5);
    // The band is proposed on the rows both paths scored; the band [0, 1] sent every row to the judge beside the
    // verifier (a tiny judge may find no statements in a row: then it is unscored, and says so).
    expect(band.rows).toBe(judged.scored);
    expect(judged.scored + judged.unscored.length).toBe(8);
    for (const u of judged.unscored)
      expect(u.reason).toMatch(
        /^decided by the judge \(verifier probability [\d.]+ inside the band \[0, 1\]\)/,
      );
    if (band.band === null) expect(band.reason).toBeTruthy();
    else expect(band.band[0]).toBeLessThanOrEqual(band.band[1]);

    const wrong = await runCli(
      ["calibrate", labelled, "--metric", "faithfulness", "--llm", judge, "--band-target", "0.5", "--quiet"],
      sandbox.env,
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--band-target proposes the faithfulness cascade's band");
    expect(wrong.stderr).toContain("no verifier was given");
  }, 300_000);
});

describe("the errors a user meets", () => {
  const two = sandbox.file("two.jsonl");
  beforeAll(async () => {
    const { readFileSync } = await import("node:fs");
    writeFileSync(two, `${readFileSync(dataset, "utf8").split("\n").slice(0, 2).join("\n")}\n`);
  });

  async function rowErrors(
    args: string[],
  ): Promise<{ code: number | null; stderr: string; errors: string[]; reasons: string[] }> {
    const out = sandbox.file(`err-${Math.random().toString(36).slice(2)}.jsonl`);
    const run = await runCli(["eval", two, ...args, "--out", out, "--no-cache"], sandbox.env);
    const errors = records(out).map((r) => JSON.stringify(r.result.error ?? null));
    const reasons = records(out).map((r) => String(r.result.reason));
    return { code: run.code, stderr: run.stdout + run.stderr, errors, reasons };
  }

  it("a verifier of the wrong task names the metric, the option and the ids that would do", async () => {
    const { errors, stderr } = await rowErrors([
      "--metrics",
      "verifier_faithfulness",
      "--metric-option",
      `verifier_faithfulness.verifier=${dirs.relevance}`,
    ]);
    expect(stderr).toMatch(
      /verifier_faithfulness: the verifier .* does relevance; this metric needs a consistency or nli verifier\. Give verifier one of the models.json ids nli-deberta-v3-small or a directory/,
    );
    expect(errors.length).toBe(2);
  }, 60_000);

  it("a missing directory given with --metric-option exits 2 before any row, naming the metric, the option and the layout", async () => {
    const { code, stderr, errors } = await rowErrors([
      "--metrics",
      "verifier_context_relevance",
      "--metric-option",
      `verifier_context_relevance.verifier=${sandbox.file("no-such-dir")}`,
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /--metric-option verifier_context_relevance\.verifier: verifier ".*no-such-dir" not found: no directory/,
    );
    expect(stderr).toMatch(/onnx\/model\.onnx/);
    expect(errors).toEqual([]);
  }, 60_000);

  it("a default verifier not pulled is handled as a missing judge: its metrics skipped, one note, exit 0", async () => {
    // Asked for: each metric's rows are skipped, the reason naming its verifier and `models pull <id>`.
    const asked = await rowErrors(["--metrics", "verifier_faithfulness,verifier_answer_correctness"]);
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.errors.every((e) => e === "null")).toBe(true);
    expect(asked.reasons).toHaveLength(4);
    for (const reason of asked.reasons) {
      expect(reason).toMatch(
        /^verifier model nli-deberta-v3-small is not on this machine: run `airgap-eval models pull nli-deberta-v3-small`/,
      );
    }
    expect(asked.stderr).toMatch(
      /skipping verifier_faithfulness, verifier_answer_correctness:\nModel "nli-deberta-v3-small" \(verifier\) is not on this machine/,
    );
    expect(asked.stderr).not.toMatch(/verifier_answer_correctness option verifier: verifier_faithfulness/);

    // A run without --metrics that names the metric by --metric-option keeps it (as a judge metric so named is
    // kept) and skips its rows, exit 0; the rest of the default set runs.
    const out = sandbox.file("verifier-default-run.jsonl");
    const run = await runCli(
      ["eval", two, "--metric-option", "verifier_faithfulness.threshold=0.6", "--out", out, "--no-cache"],
      sandbox.env,
    );
    expect(run.code, run.stderr).toBe(0);
    const mine = records(out).filter((r) => r.metric === "verifier_faithfulness");
    expect(mine.map((r) => r.result.status)).toEqual(["skipped", "skipped"]);
    expect(String(mine[0]!.result.reason)).toContain("`airgap-eval models pull nli-deberta-v3-small`");
    expect(records(out).some((r) => r.metric === "bleu_score" && r.result.status === "ok")).toBe(true);
  }, 120_000);

  it("hallucinated_spans without a verifier exits 2 before any row, naming the option and the export recipe", async () => {
    const run = await runCli(["eval", two, "--metrics", "hallucinated_spans", "--no-cache"], sandbox.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /hallucinated_spans needs verifier; give --metric-option hallucinated_spans\.verifier=\.\.\./,
    );
    expect(run.stderr).toMatch(/docs\/verifiers\.md/);
  }, 60_000);

  it("a response longer than the span verifier's window is an error row naming its length", async () => {
    const { errors, stderr } = await rowErrors([
      "--metrics",
      "hallucinated_spans",
      "--metric-option",
      `hallucinated_spans.verifier=${dirs.shortSpans}`,
    ]);
    expect(errors.every((e) => e !== "null")).toBe(true);
    expect(stderr).toMatch(
      /hallucinated_spans: the response is too long for the span verifier .*short-spans, which reads 24 tokens with the context \(the response alone takes [\d–]+ tokens.*Shorten the response, or give hallucinated_spans option verifier/,
    );
  }, 60_000);
});
