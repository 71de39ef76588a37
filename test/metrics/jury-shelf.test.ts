// A jury whose judges do not fit in memory together takes them from a JudgeShelf: at most one judge is loaded at a
// time, evaluate() scores every row with the first judge, then every row with the next, and the results equal a jury
// of loaded judges. Judges are scripted (each "load" hands out the same script, so answers go on in call order) and
// their loads counted.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Cache } from "../../src/cache/cache.js";
import { InvalidInputError } from "../../src/errors.js";
import { evaluate } from "../../src/evaluate/evaluate.js";
import type { Llm } from "../../src/llm/types.js";
import { AspectCritic } from "../../src/metrics/aspect-critic/metric.js";
import { JudgeShelf } from "../../src/metrics/jury/judge-shelf.js";
import { Jury, type JuryDetails } from "../../src/metrics/jury/jury.js";
import { AnswerAccuracy } from "../../src/metrics/nv-answer-accuracy/metric.js";
import type { Metric, MetricResult } from "../../src/metrics/types.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import type { ModelProvenance } from "../../src/provenance.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const rows = [
  { userInput: "Who wrote Hamlet?", response: "Shakespeare.", reference: "William Shakespeare" },
  { userInput: "Who wrote Hamlet?", response: "Marlowe.", reference: "William Shakespeare" },
  { userInput: "Who wrote Hamlet?", response: "William Shakespeare.", reference: "William Shakespeare" },
];
const ratings = {
  a: [
    [4, 4],
    [0, 0],
    [4, 2],
  ],
  b: [
    [4, 2],
    [0, 2],
    [4, 4],
  ],
} as const;
const rater = (id: string, rated: readonly (readonly [number, number])[]) =>
  new ScriptedLlm(
    {
      "nv_accuracy/rating_1": rated.map(([first]) => ({ rating: first })),
      "nv_accuracy/rating_2": rated.map(([, second]) => ({ rating: second })),
    },
    { id },
  );
const polite = (verdicts: number[], id: string) =>
  new ScriptedLlm({ "aspect_critic/polite": verdicts.map((verdict) => ({ reason: "r", verdict })) }, { id });

/** Loaders handing out the given judges, counting loads and how many are loaded at once. */
function counted(judges: Record<string, Llm>) {
  const log = { loads: [] as string[], live: 0, mostLive: 0 };
  const loaders = Object.entries(judges).map(([name, llm]) => ({
    name,
    load: async () => {
      log.loads.push(name);
      log.live++;
      log.mostLive = Math.max(log.mostLive, log.live);
      return {
        llm,
        dispose: async () => {
          log.live--;
        },
      };
    },
  }));
  return { log, loaders };
}

const prompt: JudgePrompt = { name: "p", version: "1", system: "", examples: [], input: "" };
const provenanceOf = (id: string): ModelProvenance => ({
  id,
  kind: "llm",
  runtime: { name: "scripted", version: "1" },
  settings: {},
});

const asJson = (results: MetricResult[]) => JSON.parse(JSON.stringify(results));

describe("JudgeShelf", () => {
  it("loads each judge once to open (the first last, so it stays loaded), then one at a time as they are called", async () => {
    const { log, loaders } = counted({ "a.gguf": polite([1, 1], "a"), "b.gguf": polite([0], "b") });
    const shelf = await JudgeShelf.open(loaders);
    expect(log.loads).toEqual(["b.gguf", "a.gguf"]);
    expect(shelf.loadedIndex).toBe(0);
    expect(shelf.names).toEqual(["a.gguf", "b.gguf"]);
    expect(shelf.judges.map((j) => j.provenance().id)).toEqual(["a", "b"]);
    const schema = z.object({ reason: z.string(), verdict: z.literal([0, 1]) });
    const ask = (judge: Llm) => judge.generateObject({ ...prompt, name: "aspect_critic/polite" }, schema);
    await ask(shelf.judges[0]!);
    expect(log.loads).toHaveLength(2); // a was loaded: no swap
    await ask(shelf.judges[1]!);
    await ask(shelf.judges[0]!);
    expect(log.loads).toEqual(["b.gguf", "a.gguf", "b.gguf", "a.gguf"]);
    expect(shelf.loads).toBe(4);
    expect(log.mostLive).toBe(1);
    await shelf.dispose();
    expect(log.live).toBe(0);
    await expect(ask(shelf.judges[0]!)).rejects.toThrow(
      /judge a\.gguf was called after the shelf was disposed/,
    );
  });

  it("lets the calls running on a judge finish before it swaps to another", async () => {
    const events: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: Llm = {
      id: "slow",
      provenance: () => provenanceOf("slow"),
      generateObject: async () => {
        events.push("slow starts");
        await gate;
        events.push("slow ends");
        return { value: {}, usage: { promptTokens: 1, completionTokens: 1 } } as never;
      },
    };
    const quick: Llm = {
      id: "quick",
      provenance: () => provenanceOf("quick"),
      generateObject: async () => {
        events.push("quick answers");
        return { value: {}, usage: { promptTokens: 1, completionTokens: 1 } } as never;
      },
    };
    const { log, loaders } = counted({ slow, quick });
    const shelf = await JudgeShelf.open(loaders);
    const first = shelf.judges[0]!.generateObject(prompt, z.object({}));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = shelf.judges[1]!.generateObject(prompt, z.object({}));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(events).toEqual(["slow starts"]);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(["slow starts", "slow ends", "quick answers"]);
    expect(log.mostLive).toBe(1);
    await shelf.dispose();
  });

  it("refuses a judge that loads differently than when the shelf was opened, and frees a judge whose open fails", async () => {
    let version = 1;
    const changing = new ScriptedLlm({}, { id: "a" });
    const shelf = await JudgeShelf.open([
      {
        name: "a.gguf",
        load: async () => {
          const v = version++;
          const llm = Object.assign(Object.create(changing) as Llm, {
            provenance: () => ({ ...provenanceOf("a"), sha256: `${v}` }),
          });
          return { llm, dispose: async () => undefined };
        },
      },
      { name: "b.gguf", load: async () => ({ llm: polite([], "b"), dispose: async () => undefined }) },
    ]);
    // a stays loaded from the open; b's turn frees it, and a's next load is the changed one.
    await shelf.use(1, async () => undefined);
    await expect(shelf.judges[0]!.generateObject(prompt, z.object({}))).rejects.toThrow(
      /judge a\.gguf loaded differently than when the shelf was opened \(model sha256/,
    );
    await shelf.dispose();

    const { log, loaders } = counted({ "a.gguf": polite([], "a") });
    await expect(
      JudgeShelf.open([
        ...loaders,
        {
          name: "broken.gguf",
          load: async () => {
            throw new Error("no such file");
          },
        },
      ]),
    ).rejects.toThrow(/no such file/);
    expect(log.live).toBe(0);
    await expect(JudgeShelf.open([])).rejects.toThrow(/at least one judge loader/);
  });
});

describe("a jury on a shelf", () => {
  it("scores every row with one judge, then the next, and gives what a jury of loaded judges gives", async () => {
    const together = new Jury({
      metric: (llm) => new AnswerAccuracy({ llm }),
      judges: [rater("judge-a.gguf", ratings.a), rater("judge-b.gguf", ratings.b)],
    });
    const loaded = await evaluate(rows, [together], { progress: "none", concurrency: 1 });

    const { log, loaders } = counted({
      "judge-a.gguf": rater("judge-a.gguf", ratings.a),
      "judge-b.gguf": rater("judge-b.gguf", ratings.b),
    });
    const shelf = await JudgeShelf.open(loaders);
    const jury = new Jury({ metric: (llm) => new AnswerAccuracy({ llm }), judges: shelf });
    expect(jury.scoringPasses?.count).toBe(2);
    expect(jury.config()).toEqual(together.config());
    const shelved = await evaluate(rows, [jury], { progress: "none", concurrency: 1 });
    // Open (b, then a, which stays loaded), pass 1 on a, pass 2 on b: never two at once.
    expect(log.loads).toEqual(["judge-b.gguf", "judge-a.gguf", "judge-b.gguf"]);
    expect(log.mostLive).toBe(1);
    const values = (r: typeof loaded) => r.detailed().map((row) => row.metrics.nv_accuracy);
    expect(asJson(values(shelved).map((m) => m!))).toEqual(asJson(values(loaded).map((m) => m!)));
    expect(values(shelved).map((m) => m?.value)).toEqual([0.875, 0.125, 0.875]);
    expect(shelved.aggregated()[0]!.agreement).toEqual(loaded.aggregated()[0]!.agreement);
    await shelf.dispose();
  });

  it("runs pass 1 of every jury on the shelf before pass 2, so a judge shared by two metrics loads once", async () => {
    const a = new ScriptedLlm(
      {
        "nv_accuracy/rating_1": ratings.a.map(([first]) => ({ rating: first })),
        "nv_accuracy/rating_2": ratings.a.map(([, second]) => ({ rating: second })),
        "aspect_critic/polite": [1, 1, 0].map((verdict) => ({ reason: "r", verdict })),
      },
      { id: "a" },
    );
    const b = new ScriptedLlm(
      {
        "nv_accuracy/rating_1": ratings.b.map(([first]) => ({ rating: first })),
        "nv_accuracy/rating_2": ratings.b.map(([, second]) => ({ rating: second })),
        "aspect_critic/polite": [1, 0, 0].map((verdict) => ({ reason: "r", verdict })),
      },
      { id: "b" },
    );
    const { log, loaders } = counted({ a, b });
    const shelf = await JudgeShelf.open(loaders);
    const accuracy = new Jury({ metric: (llm) => new AnswerAccuracy({ llm }), judges: shelf });
    const politeness = new Jury({
      metric: (llm) => new AspectCritic({ llm, name: "polite", definition: "Is the response polite?" }),
      judges: shelf,
      aggregate: "majority",
    });
    const result = await evaluate(rows, [accuracy, politeness], { progress: "none", concurrency: 1 });
    expect(log.loads).toEqual(["b", "a", "b"]);
    expect(result.detailed().map((r) => r.metrics.polite?.value)).toEqual([1, 1, 0]);
    const voters = result.detailed().map((r) => (r.metrics.polite!.details!.jury as JuryDetails).voters);
    expect(voters).toEqual([2, 2, 2]);
    await shelf.dispose();
  });

  it("passes over only the rows left: a resumed file's and the result cache's rows load no judge", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "airgap-jury-shelf-"));
    const cache = Cache.open({ path: `${dir}/cache.sqlite` });
    // A judge with a sha256 (as a model file has), so its jury's results may be cached.
    const filed = (llm: Llm, sha256: string): Llm =>
      Object.assign(Object.create(llm) as Llm, { provenance: () => ({ ...llm.provenance(), sha256 }) });
    const build = async () => {
      const made = counted({
        "judge-a.gguf": filed(rater("judge-a.gguf", ratings.a), "a".repeat(64)),
        "judge-b.gguf": filed(rater("judge-b.gguf", ratings.b), "b".repeat(64)),
      });
      const shelf = await JudgeShelf.open(made.loaders);
      return {
        ...made,
        shelf,
        jury: new Jury({ metric: (llm) => new AnswerAccuracy({ llm }), judges: shelf }),
      };
    };
    const first = await build();
    await evaluate(rows, [first.jury], { progress: "none", concurrency: 1, cache, out: `${dir}/r.jsonl` });
    await first.shelf.dispose();
    // Every row is in the results file: resumed, nothing to pass over.
    const resumed = await build();
    await evaluate(rows, [resumed.jury], { progress: "none", resume: true, out: `${dir}/r.jsonl` });
    expect(resumed.log.loads).toEqual(["judge-b.gguf", "judge-a.gguf"]);
    await resumed.shelf.dispose();
    // Every row's result is in the cache: nothing to pass over either, and every row served from it.
    const cached = await build();
    const again = await evaluate(rows, [cached.jury], { progress: "none", cache });
    expect(cached.log.loads).toEqual(["judge-b.gguf", "judge-a.gguf"]);
    expect(again.detailed().map((r) => r.metrics.nv_accuracy?.value)).toEqual([0.875, 0.125, 0.875]);
    await cached.shelf.dispose();
    cache.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a judge that cannot load for its pass stops the run, and is not loaded again", async () => {
    let failing = false;
    const { log, loaders } = counted({
      "judge-a.gguf": rater("judge-a.gguf", ratings.a),
      "judge-b.gguf": rater("judge-b.gguf", ratings.b),
    });
    const shelf = await JudgeShelf.open([
      loaders[0]!,
      {
        name: "judge-b.gguf",
        load: async () => {
          if (failing) throw new Error("judge-b.gguf: not enough memory to load the model");
          return loaders[1]!.load();
        },
      },
    ]);
    failing = true;
    const jury = new Jury({ metric: (llm) => new AnswerAccuracy({ llm }), judges: shelf });
    await expect(evaluate(rows, [jury], { progress: "none", concurrency: 1 })).rejects.toThrow(
      /judge-b\.gguf: not enough memory/,
    );
    await expect(shelf.judges[1]!.generateObject(prompt, z.object({}))).rejects.toThrow(/not enough memory/);
    expect(log.loads).toEqual(["judge-b.gguf", "judge-a.gguf"]);
    await shelf.dispose();
    expect(log.live).toBe(0);
  });

  it("a run stopped during a pass writes no row of the jury; resumed, it scores them all", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "airgap-jury-stop-"));
    const out = path.join(dir, "r.jsonl");
    const { loaders } = counted({
      "judge-a.gguf": rater("judge-a.gguf", [...ratings.a, ...ratings.a]),
      "judge-b.gguf": rater("judge-b.gguf", [...ratings.b, ...ratings.b]),
    });
    const shelf = await JudgeShelf.open(loaders);
    const jury = new Jury({ metric: (llm) => new AnswerAccuracy({ llm }), judges: shelf });
    const stop = new AbortController();
    let seen = 0;
    const stopping = new Jury({
      metric: (llm) => {
        const metric = new AnswerAccuracy({ llm });
        const score = metric.score.bind(metric);
        metric.score = async (sample, options) => {
          if (++seen === 2) stop.abort();
          return score(sample, options);
        };
        return metric;
      },
      judges: shelf,
    });
    const stopped = await evaluate(rows, [stopping], {
      progress: "none",
      concurrency: 1,
      out,
      signal: stop.signal,
    });
    expect(stopped.metadata.interrupted).toBe(true);
    expect(stopped.detailed()).toEqual([]);
    const resumed = await evaluate(rows, [jury], { progress: "none", concurrency: 1, out, resume: true });
    expect(resumed.detailed().map((r) => r.metrics.nv_accuracy?.status)).toEqual(["ok", "ok", "ok"]);
    await shelf.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("outside evaluate(), scores a row by loading each judge in turn", async () => {
    const { log, loaders } = counted({ a: polite([1], "a"), b: polite([0], "b") });
    const shelf = await JudgeShelf.open(loaders);
    const jury = new Jury({
      metric: (llm) => new AspectCritic({ llm, name: "polite", definition: "Is the response polite?" }),
      judges: shelf,
    });
    const result = await jury.score(rows[0]!);
    expect(result.value).toBe(0.5);
    expect(log.loads).toEqual(["b", "a", "b"]);
    expect(log.mostLive).toBe(1);
    await shelf.dispose();
  });

  it("a row one judge throws on (bad input) is an error row, as with loaded judges; a row lacking a field is skipped", async () => {
    const picky = (llm: Llm): Metric => ({
      name: "picky",
      requiredFields: ["response"],
      needsLlm: true,
      needsEmbeddings: false,
      llm,
      score: async (sample) => {
        if (llm.id === "b" && sample.response === "Marlowe.")
          throw new InvalidInputError("b cannot read Marlowe");
        return { value: llm.id === "a" ? 1 : 0, status: "ok" };
      },
      scoreBatch: async () => [],
      config: () => ({ name: "picky", promptVersions: {}, options: {}, models: [llm.provenance()] }),
    });
    const { response: _r, ...noResponse } = rows[0]!;
    const data = [rows[0]!, rows[1]!, noResponse];
    const loadedJury = new Jury({ metric: picky, judges: [polite([], "a"), polite([], "b")] });
    const { loaders } = counted({ a: polite([], "a"), b: polite([], "b") });
    const shelf = await JudgeShelf.open(loaders);
    const shelvedJury = new Jury({ metric: picky, judges: shelf });
    const outcome = async (jury: Jury) =>
      (await evaluate(data, [jury], { progress: "none" }))
        .detailed()
        .map((r) => [r.metrics.picky?.status, r.metrics.picky?.value, r.metrics.picky?.error]);
    const expected = [
      ["ok", 0.5, undefined],
      ["error", null, expect.stringMatching(/b cannot read Marlowe/)],
      ["skipped", null, undefined],
    ];
    expect(await outcome(loadedJury)).toEqual(expected);
    expect(await outcome(shelvedJury)).toEqual(expected);
    await shelf.dispose();
  });
});
