// The judge-metric parity's mapping from Ragas' recorded answers (in Ragas' call order and schemas, made by
// peers/judge_parity_cases.py) to airgap-eval's prompts: per metric, the metric built around a scripted judge and
// the answers it must ask for, in order. Where the peer asks in another shape (Ragas asks for answer relevancy's
// questions one call at a time, ours in one call; Ragas' context recall classifies in one call, ours splits the
// reference into statements and then judges them), the mapping says so where it converts.
import type { Embeddings } from "../../src/embeddings/types.js";
import {
  AgentGoalAccuracyWithoutReference,
  AgentGoalAccuracyWithReference,
  AnswerAccuracy,
  AnswerCorrectness,
  AnswerRelevancy,
  AspectCritic,
  ContextEntityRecall,
  ContextPrecision,
  ContextRecall,
  ContextUtilization,
  FactualCorrectness,
  Faithfulness,
  InstanceRubrics,
  NoiseSensitivity,
  NvContextRelevance,
  ResponseGroundedness,
  RubricsScore,
  type Sample,
  SimpleCriteriaScore,
  TopicAdherenceScore,
} from "../../src/index.js";
import { FakeEmbeddings } from "../support/fake-embeddings.js";
import { type Mapping, type OurCall, type PeerCase, recorded, sampleOf } from "./judge-parity-case.js";

const STATEMENTS = "faithfulness/statements";
const VERDICTS = "faithfulness/verdicts";

function embeddingsOf(c: PeerCase): Embeddings {
  if (c.vectors === undefined) throw new Error(`${c.id}: the case has no vectors`);
  return new FakeEmbeddings(c.vectors);
}

/**
 * The recorded answers of the statements-and-verdicts pipelines, which ours asks with the same two prompts
 * (faithfulness' statements and verdicts prompts): Ragas' `StatementGeneratorOutput {statements}` is ours
 * `{statements}`, and its NLI answer `{statements: [{statement, reason, verdict}]}` is ours `{verdicts: [...]}`.
 */
function statementSteps(c: PeerCase, claimsPrompt?: string): OurCall[] {
  return c.script.map(([schema, answer]): OurCall => {
    switch (schema) {
      case "StatementGeneratorOutput":
        return [STATEMENTS, { statements: answer.statements }];
      case "ClaimDecompositionOutput":
        if (claimsPrompt === undefined) throw new Error(`${c.id}: no claims prompt for ${schema}`);
        return [claimsPrompt, { claims: answer.claims }];
      case "NLIStatementOutput":
      case "StatementFaithfulnessOutput":
        return [VERDICTS, { verdicts: answer.statements }];
      default:
        throw new Error(`${c.id}: no mapping for the peer's ${schema} answer`);
    }
  });
}

/** Each recorded answer to one prompt of ours, unchanged (the schemas agree field for field). */
function sameShape(c: PeerCase, promptName: string): OurCall[] {
  return c.script.map(([, answer]): OurCall => [promptName, answer]);
}

const ragMappings: Record<string, Mapping> = {
  faithfulness: (c) => ({
    metric: (llm) => new Faithfulness({ llm }),
    sample: sampleOf(c.inputs),
    calls: statementSteps(c),
  }),
  // Ragas asks `strictness` times for one {question, noncommittal}; ours asks once for all of them.
  answer_relevancy: (c) => ({
    metric: (llm) =>
      new AnswerRelevancy({ llm, embeddings: embeddingsOf(c), strictness: c.options.strictness as number }),
    sample: sampleOf(c.inputs),
    calls: [["answer_relevancy/questions", { questions: c.script.map(([, answer]) => answer) }]],
  }),
  context_precision: (c) => ({
    metric: (llm) => new ContextPrecision({ llm }),
    sample: sampleOf(c.inputs),
    calls: sameShape(c, "context_precision/verdict"),
  }),
  context_utilization: (c) => ({
    metric: (llm) => new ContextUtilization({ llm }),
    sample: sampleOf(c.inputs),
    calls: sameShape(c, "context_precision/verdict"),
  }),
  // Ragas classifies the reference's statements in one call ({classifications: [{statement, reason, attributed}]});
  // ours splits the reference into statements, then judges them against the contexts: the same statements and
  // the attributions as verdicts (no verdict call when there are no statements). A peer that refused the input
  // made no call, and ours gets no answer either.
  context_recall: (c) => {
    if (c.script.length === 0)
      return { metric: (llm) => new ContextRecall({ llm }), sample: sampleOf(c.inputs), calls: [] };
    const [, answer] = recorded(c, 0);
    const classifications = answer.classifications as Array<{
      statement: string;
      reason: string;
      attributed: number;
    }>;
    const calls: OurCall[] = [[STATEMENTS, { statements: classifications.map((x) => x.statement) }]];
    if (classifications.length > 0) {
      calls.push([
        VERDICTS,
        {
          verdicts: classifications.map((x) => ({
            statement: x.statement,
            reason: x.reason,
            verdict: x.attributed,
          })),
        },
      ]);
    }
    return { metric: (llm) => new ContextRecall({ llm }), sample: sampleOf(c.inputs), calls };
  },
  context_entity_recall: (c) => ({
    metric: (llm) => new ContextEntityRecall({ llm }),
    sample: sampleOf(c.inputs),
    calls: sameShape(c, "context_entity_recall/entities"),
  }),
  noise_sensitivity: (c) => ({
    metric: (llm) => new NoiseSensitivity({ llm, mode: c.options.mode as "relevant" | "irrelevant" }),
    sample: sampleOf(c.inputs),
    calls: statementSteps(c),
  }),
  factual_correctness: (c) => {
    const { mode, beta, atomicity, coverage } = c.options as {
      mode: "precision" | "recall" | "f1";
      beta: number;
      atomicity: "low" | "high";
      coverage: "low" | "high";
    };
    return {
      metric: (llm) => new FactualCorrectness({ llm, mode, beta, atomicity, coverage }),
      sample: sampleOf(c.inputs),
      calls: statementSteps(c, `factual_correctness/claims_${atomicity}_atomicity_${coverage}_coverage`),
    };
  },
  // Ragas' classifier lists the TP, FP and FN statements; ours labels every response statement (TP/FP) and every
  // reference statement (covered/FN): a statement gets the label of the list that holds it.
  answer_correctness: (c) => {
    const [statementsOfResponse, statementsOfReference] = [recorded(c, 0), recorded(c, 1)];
    const classification = c.script[2];
    const calls: OurCall[] = statementSteps({ ...c, script: [statementsOfResponse, statementsOfReference] });
    if (classification !== undefined) {
      const listed = (key: string) =>
        new Set((classification[1][key] as Array<{ statement: string }>).map((x) => x.statement));
      const [tp, fn] = [listed("TP"), listed("FN")];
      const response = statementsOfResponse[1].statements as string[];
      const reference = statementsOfReference[1].statements as string[];
      calls.push([
        "answer_correctness/classification",
        {
          response: response.map((s) => ({
            statement: s,
            reason: "Compared.",
            label: tp.has(s) ? "TP" : "FP",
          })),
          reference: reference.map((s) => ({
            statement: s,
            reason: "Compared.",
            label: fn.has(s) ? "FN" : "covered",
          })),
        },
      ]);
    }
    const { weights, beta } = c.options as { weights?: [number, number]; beta?: number };
    return {
      metric: (llm) =>
        new AnswerCorrectness({
          llm,
          embeddings: embeddingsOf(c),
          ...(weights !== undefined ? { weights } : {}),
          ...(beta !== undefined ? { beta } : {}),
        }),
      sample: sampleOf(c.inputs),
      calls,
    };
  },
};

/**
 * A conversation sample: the case's neutral turns ({role: user|assistant, content}, made into Ragas' HumanMessage
 * and AIMessage on the peer's side) as OpenAI chat messages, plus the other fields.
 */
function conversationSample(c: PeerCase, extra: Record<string, unknown>): Sample {
  return { messages: c.inputs.user_input, ...extra } as Sample;
}

/**
 * The two ratings of the NVIDIA metrics: Ragas asks two prompts for `{rating}`, and so do ours (`_1`, `_2`). Ragas
 * asks a prompt again (up to 5 times) while its rating is not one of `allowed`, so the recorded answers up to the
 * first allowed one belong to the first prompt, the rest to the second.
 */
function ratingCalls(c: PeerCase, prefix: string, allowed: readonly number[]): OurCall[] {
  let judge = 1;
  return c.script.map(([, answer]): OurCall => {
    const call: OurCall = [`${prefix}/rating_${judge}`, answer];
    if (allowed.includes(answer.rating as number)) judge += 1;
    return call;
  });
}

const agentAndRubricMappings: Record<string, Mapping> = {
  rubrics_score: (c) => {
    const { with_reference, rubrics } = c.options as {
      with_reference: boolean;
      rubrics: Record<string, string> | null;
    };
    return {
      metric: (llm) =>
        new RubricsScore({ llm, withReference: with_reference, ...(rubrics ? { rubrics } : {}) }),
      sample: sampleOf(c.inputs),
      calls: sameShape(c, "rubrics_score/score"),
    };
  },
  instance_rubrics: (c) => ({
    metric: (llm) => new InstanceRubrics({ llm }),
    sample: sampleOf(c.inputs),
    calls: sameShape(c, "instance_rubrics/score"),
  }),
  // Ragas' comparison verdict is the string "0" or "1"; ours the number.
  agent_goal_accuracy: (c) => ({
    metric: (llm) => new AgentGoalAccuracyWithReference({ llm }),
    sample: conversationSample(c, { referenceOutcome: c.inputs.reference }),
    calls: goalCalls(c),
  }),
  agent_goal_accuracy_without_reference: (c) => ({
    metric: (llm) => new AgentGoalAccuracyWithoutReference({ llm }),
    sample: conversationSample(c, {}),
    calls: goalCalls(c),
  }),
  // Ragas: topics, then `refused_to_answer` (a boolean) per topic, then one list of booleans for all topics; ours:
  // the same calls, with `refused` 0/1 and one {topic, reason, verdict} per topic (the topic repeated from the list).
  topic_adherence: (c) => {
    const [extraction, ...rest] = c.script;
    const topics = (extraction?.[1].topics ?? []) as string[];
    const calls: OurCall[] = [["topic_adherence/topics", { topics }]];
    for (const [schema, answer] of rest) {
      if (schema === "TopicRefusedOutput") {
        calls.push([
          "topic_adherence/refused",
          { reason: "Read.", refused: answer.refused_to_answer ? 1 : 0 },
        ]);
      } else {
        const flags = answer.classifications as boolean[];
        calls.push([
          "topic_adherence/classify",
          {
            classifications: flags.map((f, i) => ({
              topic: topics[i],
              reason: "Compared.",
              verdict: f ? 1 : 0,
            })),
          },
        ]);
      }
    }
    return {
      metric: (llm) =>
        new TopicAdherenceScore({ llm, mode: c.options.mode as "f1" | "precision" | "recall" }),
      sample: conversationSample(c, { referenceTopics: c.inputs.reference_topics }),
      calls,
    };
  },
  nv_accuracy: (c) => ({
    metric: (llm) => new AnswerAccuracy({ llm }),
    sample: sampleOf(c.inputs),
    calls: ratingCalls(c, "nv_accuracy", [0, 2, 4]),
  }),
  nv_context_relevance: (c) => ({
    metric: (llm) => new NvContextRelevance({ llm }),
    sample: sampleOf(c.inputs),
    calls: ratingCalls(c, "nv_context_relevance", [0, 1, 2]),
  }),
  nv_response_groundedness: (c) => ({
    metric: (llm) => new ResponseGroundedness({ llm }),
    sample: sampleOf(c.inputs),
    calls: ratingCalls(c, "nv_response_groundedness", [0, 1, 2]),
  }),
};

function goalCalls(c: PeerCase): OurCall[] {
  const [workflow, comparison] = [recorded(c, 0), recorded(c, 1)];
  return [
    ["agent_goal_accuracy/workflow", workflow[1]],
    ["agent_goal_accuracy/compare", { reason: comparison[1].reason, verdict: Number(comparison[1].verdict) }],
  ];
}

/** Ragas' legacy custom judges (`ragas.metrics.AspectCritic`, `SimpleCriteriaScore`), named as on the peer's side. */
const legacyMappings: Record<string, Mapping> = {
  // Ragas asks once whatever the strictness and keeps that verdict; ours asks `strictness` times (the recorded
  // answer first, then the case's `extra_votes`) and takes the majority.
  aspect_critic: (c) => {
    const [, answer] = recorded(c, 0);
    const name = "politeness";
    const votes = (c.extra_votes ?? []).map((verdict) => ({ reason: "Judged.", verdict }));
    return {
      metric: (llm) =>
        new AspectCritic({
          llm,
          name,
          definition: "Is the response polite?",
          strictness: c.options.strictness as number,
        }),
      sample: sampleOf(c.inputs),
      calls: [answer, ...votes].map((vote): OurCall => [`aspect_critic/${name}`, vote]),
    };
  },
  simple_criteria: (c) => ({
    metric: (llm) =>
      new SimpleCriteriaScore({ llm, name: "clarity", definition: "How clear is the response?" }),
    sample: sampleOf(c.inputs),
    calls: sameShape(c, "simple_criteria/clarity"),
  }),
};

/** Ragas' metrics by the metric id of the case. */
export const ragasMappings: Record<string, Mapping> = {
  ...ragMappings,
  ...agentAndRubricMappings,
  ...legacyMappings,
};
