// DAGMetric and ConversationalDAGMetric (ids dag, conversational_dag) with scripted judges: every node kind and
// path, what each node's judge is shown, expected scoring through the tree, child metrics, and the graph's checks.
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { createMetric } from "../../src/metrics/catalog.js";
import { ConversationalDAGMetric } from "../../src/metrics/conversational-dag/metric.js";
import { DAGMetric } from "../../src/metrics/dag/metric.js";
import { ExactMatch } from "../../src/metrics/exact-match/metric.js";
import type { ConversationMessage } from "../../src/sample/conversation/messages.js";
import { formatNodes, resolutionNodes } from "../support/dag-graphs.js";
import { ScriptedLlm } from "../support/scripted-llm.js";
import "../../src/vitest/index.js";

const sample = {
  userInput: "Summarise the meeting.",
  response: "Intro: hello. Body: plans. Conclusion: done.",
};

function formatJudge(
  complete: boolean,
  order: string,
  slotReads?: ConstructorParameters<typeof ScriptedLlm>[1],
) {
  return new ScriptedLlm(
    {
      "dag/summary_format/headings": [{ output: "Intro, Body, Conclusion" }],
      "dag/summary_format/complete": [{ reason: "All three are there.", verdict: complete }],
      "dag/summary_format/order": [{ reason: "As listed.", verdict: order }],
    },
    slotReads,
  );
}

/** A judgement (is the response polite?) whose true verdict ends in exact_match as a child metric. */
const politeThenExact = (llm: ScriptedLlm) =>
  new DAGMetric({
    llm,
    name: "exact",
    nodes: {
      polite: {
        type: "binary_judgement",
        criteria: "Is the response polite?",
        inputs: ["response"],
        verdicts: [
          { verdict: true, metric: new ExactMatch() },
          { verdict: false, score: 0 },
        ],
      },
    },
  });

describe("DAGMetric", () => {
  it("walks task -> binary -> non-binary and scores the leaf as score / 10, showing each node its parents' text and fields", async () => {
    const llm = formatJudge(true, "two swapped");
    const metric = new DAGMetric({ llm, name: "summary_format", nodes: formatNodes });
    const result = await metric.score(sample);
    expect(result.value).toBe(0.4);
    expect(result.reason).toBe("complete: true -> order: two swapped -> score 4 of 10");
    expect(result.details?.path).toEqual([
      { node: "headings", type: "task", output: "Intro, Body, Conclusion" },
      { node: "complete", type: "binary_judgement", verdict: "true", reason: "All three are there." },
      { node: "order", type: "non_binary_judgement", verdict: "two swapped", reason: "As listed." },
    ]);
    expect(result.details?.leaf).toEqual({ node: "order", verdict: "two swapped", score: 4, value: 0.4 });
    expect(llm.callsFor("dag/summary_format/headings")[0]!.prompt.input).toBe(
      `Actual Output:\n${sample.response}\n`,
    );
    expect(llm.callsFor("dag/summary_format/complete")[0]!.prompt.input).toBe(
      "Summary headings:\nIntro, Body, Conclusion\n\n",
    );
    const orderCall = llm.callsFor("dag/summary_format/order")[0]!;
    expect(orderCall.prompt.input).toBe(`Actual Output:\n${sample.response}\n`);
    expect(orderCall.prompt.system).toContain('"in order", "two swapped", "all out of order"');
    // The grammar allows only the node's labels.
    expect(orderCall.schema.safeParse({ reason: "x", verdict: "sideways" }).success).toBe(false);
    expect(metric.requiredFields).toEqual(["response"]);
  });

  it("passes the vitest matchers like any metric", async () => {
    const metric = new DAGMetric({
      llm: formatJudge(true, "in order"),
      name: "summary_format",
      nodes: formatNodes,
    });
    await expect(sample).toScore(metric, { atLeast: 0.9 });
  });

  it("a false verdict ends at its score without judging the rest", async () => {
    const llm = formatJudge(false, "in order");
    const result = await new DAGMetric({ llm, name: "summary_format", nodes: formatNodes }).score(sample);
    expect(result.value).toBe(0);
    expect(llm.callsFor("dag/summary_format/order")).toHaveLength(0);
  });

  it('scoring "expected" weights every branch by its verdict probability and records the path taken', async () => {
    const llm = formatJudge(true, "in order", {
      slotReads: {
        "dag/summary_format/complete": [{ true: 0.8, false: 0.2 }],
        "dag/summary_format/order": [
          { '"in order"': 0.5, '"two swapped"': 0.25, '"all out of order"': 0.25 },
        ],
      },
    });
    const metric = new DAGMetric({ llm, name: "summary_format", nodes: formatNodes, scoring: "expected" });
    const result = await metric.score(sample);
    // order: 0.5 * 1 + 0.25 * 0.4 + 0.25 * 0.2 = 0.65; complete: 0.8 * 0.65 + 0.2 * 0 = 0.52
    expect(result.value).toBeCloseTo(0.52, 12);
    const path = result.details?.path as Array<Record<string, unknown>>;
    expect(path[1]).toMatchObject({
      verdict: "true",
      probability: 0.8,
      branchValues: { true: 0.65, false: 0 },
    });
    expect(path[2]!.expected).toBeCloseTo(0.65, 12);
    expect(result.reason).toMatch(/^expected value 0\.520; path taken: complete: true -> order: in order/);
  });

  it("reasons: false asks each judgement for its verdict alone", async () => {
    const llm = new ScriptedLlm({
      "dag/summary_format/headings": [{ output: "Intro, Body, Conclusion" }],
      "dag/summary_format/complete": [{ verdict: false }],
    });
    const metric = new DAGMetric({ llm, name: "summary_format", nodes: formatNodes, reasons: false });
    const result = await metric.score(sample);
    expect(result.value).toBe(0);
    const call = llm.callsFor("dag/summary_format/complete")[0]!;
    expect(call.schema.safeParse({ reason: "x", verdict: true }).data).toEqual({ verdict: true });
    expect(call.prompt.system).toContain("Give only the verdict.");
    expect(metric.config().promptVersions["dag/summary_format/complete"]).toMatch(/\+noreasons$/);
  });

  it("a verdict may end in a child metric, its value mapped from its range", async () => {
    const llm = new ScriptedLlm({ "dag/exact/polite": [{ reason: "Yes.", verdict: true }] });
    const metric = politeThenExact(llm);
    expect(metric.requiredFields).toEqual(["response", "reference"]);
    const result = await metric.score({ response: "Paris", reference: "Paris" });
    expect(result.value).toBe(1);
    expect(result.details?.leaf).toMatchObject({ metric: "exact_match", metricValue: 1 });
  });

  it("checks a child metric's input with the row's, before any call: a batch names the row", async () => {
    const llm = new ScriptedLlm({ "dag/exact/polite": () => ({ reason: "Yes.", verdict: true }) });
    const metric = politeThenExact(llm);
    const rows = [
      { response: "Paris", reference: "Paris" },
      { response: "Paris", reference: ["Paris"] as unknown as string },
    ];
    await expect(metric.scoreBatch(rows)).rejects.toThrow(
      /row 1, field "reference": must be a string.*\(the input of the child metric exact_match\)/,
    );
    expect(llm.calls).toHaveLength(0);
  });

  it("versions each node's prompt with its definition, and records the graph", () => {
    const llm = formatJudge(true, "in order");
    const a = new DAGMetric({ llm, name: "summary_format", nodes: formatNodes }).config();
    const changed = { ...formatNodes, order: { ...formatNodes.order!, criteria: "In the right order?" } };
    const b = new DAGMetric({ llm, name: "summary_format", nodes: changed }).config();
    expect(Object.keys(a.promptVersions)).toEqual([
      "dag/summary_format/headings",
      "dag/summary_format/complete",
      "dag/summary_format/order",
    ]);
    expect(a.promptVersions["dag/summary_format/order"]).not.toBe(
      b.promptVersions["dag/summary_format/order"],
    );
    expect(a.promptVersions["dag/summary_format/complete"]).toBe(
      b.promptVersions["dag/summary_format/complete"],
    );
    expect(JSON.parse(a.options.nodes as string)).toEqual(JSON.parse(JSON.stringify(formatNodes)));
  });
});

describe("the graph's checks, before any model loads", () => {
  const llm = new ScriptedLlm({});
  const judge = (verdicts: unknown[], extra: object = {}) => ({
    type: "binary_judgement",
    criteria: "Ok?",
    inputs: ["response"],
    verdicts,
    ...extra,
  });
  const problem = (nodes: unknown) => {
    try {
      createMetric("dag", { llm }, { name: "g", nodes });
    } catch (err) {
      expect(err).toBeInstanceOf(InvalidInputError);
      return (err as Error).message;
    }
    throw new Error("the graph was accepted");
  };
  const yes = { verdict: true, score: 10 };
  const no = { verdict: false, score: 0 };

  it.each([
    [
      "an unknown node",
      { a: judge([yes, { verdict: false, child: "b" }]) },
      /"b" is not a node of this graph; the nodes are a/,
    ],
    [
      "a cycle",
      { a: judge([yes, { verdict: false, child: "b" }]), b: judge([no, { verdict: true, child: "a" }]) },
      /cycle a -> b -> a/,
    ],
    ["one binary verdict", { a: judge([yes]) }, /needs exactly two verdicts, true and false; has true/],
    [
      "two true verdicts",
      { a: judge([yes, yes]) },
      /needs exactly two verdicts, true and false; has true, true/,
    ],
    ["a verdict with no end", { a: judge([yes, { verdict: false }]) }, /exactly one of score .* has 0/],
    [
      "a verdict with two ends",
      { a: judge([yes, { verdict: false, score: 1, child: "a" }]) },
      /exactly one of score .* has 2/,
    ],
    ["a score out of range", { a: judge([yes, { verdict: false, score: 11 }]) }, /score/],
    [
      "a repeated label",
      {
        a: {
          type: "non_binary_judgement",
          criteria: "Which?",
          inputs: ["response"],
          verdicts: [
            { verdict: "x", score: 1 },
            { verdict: "x", score: 2 },
          ],
        },
      },
      /"x" is used twice; give each verdict its own label/,
    ],
    [
      "a task without children",
      { t: { type: "task", instructions: "i", outputLabel: "o", inputs: ["response"], children: [] } },
      /list at least one child node that reads the task's text/,
    ],
    [
      "a task feeding two judgements",
      {
        t: { type: "task", instructions: "i", outputLabel: "o", inputs: ["response"], children: ["a", "b"] },
        a: judge([yes, no]),
        b: judge([yes, no]),
      },
      /leads through tasks to 2 judgements \(a, b\)/,
    ],
    [
      "a judgement beside another root",
      { a: judge([yes, no]), b: judge([yes, no]) },
      /a judgement may be the only root/,
    ],
    [
      "a node that reads nothing",
      { a: judge([yes, no], { inputs: undefined }) },
      /nodes\.a\.inputs.*must list the fields this node shows the judge: it has no parent task/,
    ],
    [
      "a verdict's next node that reads nothing",
      { a: judge([yes, { verdict: false, child: "b" }]), b: judge([yes, no], { inputs: undefined }) },
      /"b" follows a verdict of "a", so it has no task's text to read/,
    ],
    [
      "an unknown node type",
      { a: { type: "decision", criteria: "Ok?" } },
      /nodes\.a.*type must be task, binary_judgement or non_binary_judgement/,
    ],
    [
      "a child metric in a file",
      { a: judge([yes, { verdict: false, metric: "exact_match" }]) },
      /must be a metric object/,
    ],
  ])("refuses %s, naming the node", (_what, nodes, message) => {
    expect(problem(nodes)).toMatch(message);
  });
});

describe("ConversationalDAGMetric", () => {
  const messages = [
    { role: "system", content: "Be brief." },
    { role: "user", content: "My order is late." },
    { role: "assistant", content: "I have reshipped it.", toolCalls: [] },
  ] satisfies ConversationMessage[];

  it("shows the node the turns as DeepEval renders them, and scores the label's leaf", async () => {
    const llm = new ScriptedLlm({
      "conversational_dag/resolution/solved": [{ reason: "Reshipped.", verdict: "fully solved" }],
    });
    const metric = new ConversationalDAGMetric({
      llm,
      name: "resolution",
      nodes: resolutionNodes,
    });
    const result = await metric.score({ messages });
    expect(result.value).toBe(1);
    expect(metric.requiredFields).toEqual(["messages"]);
    expect(llm.calls[0]!.prompt.input).toBe(
      "Full Conversation:\nRole:\nuser\n\nContent:\nMy order is late.\n\nRole:\nassistant\n\nContent:\nI have reshipped it.\n\n",
    );
  });

  it("refuses a conversation with no turn to read (only system messages), naming the row, before any call", async () => {
    const llm = new ScriptedLlm({});
    const metric = new ConversationalDAGMetric({ llm, name: "resolution", nodes: resolutionNodes });
    await expect(
      metric.scoreBatch([{ messages }, { messages: [{ role: "system", content: "Be brief." }] }]),
    ).rejects.toThrow(/row 1, field "messages": holds no user, assistant or tool message with text/);
    expect(llm.calls).toHaveLength(0);
  });
});
