// The judge-metric parity's mapping from DeepEval's recorded answers (DeepEval's call order and schemas, made by
// peers/judge_parity_cases.py) to airgap-eval's prompts, for the conversation metrics we name after DeepEval.
// DeepEval's verdicts are "yes"/"no"; ours 1 (pass) / 0. The conversation is the case's neutral turns
// ({role: user|assistant, content}), DeepEval `Turn`s on its side and OpenAI chat messages on ours.
import {
  AnswerRelevancyMetric,
  ContextualPrecisionMetric,
  ContextualRecallMetric,
  ContextualRelevancyMetric,
  ConversationalGEval,
  ConversationCompleteness,
  FaithfulnessMetric,
  GEval,
  KnowledgeRetention,
  RoleAdherence,
  referenceSentences,
  type Sample,
  TurnRelevancy,
} from "../../src/index.js";
import { type Mapping, type OurCall, type PeerCase, recorded } from "./judge-parity-case.js";

interface Turn {
  role: "user" | "assistant";
  content: string;
}

function turnsOf(c: PeerCase): Turn[] {
  return c.inputs.turns as Turn[];
}

function messagesSample(c: PeerCase, extra: Record<string, unknown> = {}): Sample {
  return { messages: turnsOf(c), ...extra } as Sample;
}

/** A DeepEval verdict as ours: `pass` is the DeepEval word that passes ("yes", or "no" for knowledge retention). */
function passVerdict(
  answer: Record<string, unknown>,
  pass: "yes" | "no",
): { reason: string; verdict: 0 | 1 } {
  return { reason: String(answer.reason ?? "Read."), verdict: answer.verdict === pass ? 1 : 0 };
}

const strictMode = (c: PeerCase) => c.options.strict_mode as boolean;

interface StatementVerdict {
  statement: string;
  verdict: "yes" | "no";
}

/**
 * DeepEval's three-way verdict words (answer relevancy, faithfulness) as ours: 2 yes, 1 borderline (its legacy
 * "idk" too), 0 no.
 */
const RELEVANCY_VERDICTS: Record<string, number> = { yes: 2, borderline: 1, idk: 1, no: 0 };

export const deepEvalMappings: Record<string, Mapping> = {
  // Truths {truths}, Claims {claims}, then one Verdicts {verdicts: [{verdict}]} for all claims (none without claims);
  // ours the truths, the shared statements step for the claims, then one verdict call per claim (yes 2,
  // borderline and idk 1, no 0).
  deepeval_faithfulness: (c) => {
    const [, truths] = recorded(c, 0);
    const [, claims] = recorded(c, 1);
    const verdicts = c.script.length > 2 ? (recorded(c, 2)[1].verdicts as Array<{ verdict: string }>) : [];
    const limit = c.options.truths_extraction_limit as number | null;
    return {
      metric: (llm) =>
        new FaithfulnessMetric({
          llm,
          strictMode: strictMode(c),
          penalizeAmbiguousClaims: c.options.penalize_ambiguous_claims as boolean,
          ...(limit === null ? {} : { truthsExtractionLimit: limit }),
        }),
      sample: {
        userInput: c.inputs.input,
        response: c.inputs.actual_output,
        retrievedContexts: c.inputs.retrieval_context,
      } as Sample,
      calls: [
        ["deepeval_faithfulness/truths", { truths: truths.truths }],
        ["faithfulness/statements", { statements: claims.claims }],
        ...verdicts.map(
          (v): OurCall => ["deepeval_faithfulness/verdict", { verdict: RELEVANCY_VERDICTS[v.verdict] }],
        ),
      ],
    };
  },
  // Statements {statements}, then one Verdicts {verdicts: [{verdict}]} for all of them (none without statements);
  // ours the shared statements step, then one verdict call per statement.
  deepeval_answer_relevancy: (c) => {
    const [, statements] = recorded(c, 0);
    const verdicts = c.script.length > 1 ? (recorded(c, 1)[1].verdicts as Array<{ verdict: string }>) : [];
    return {
      metric: (llm) => new AnswerRelevancyMetric({ llm, strictMode: strictMode(c) }),
      sample: { userInput: c.inputs.input, response: c.inputs.actual_output } as Sample,
      calls: [
        ["faithfulness/statements", { statements: statements.statements }],
        ...verdicts.map(
          (v): OurCall => ["deepeval_answer_relevancy/verdict", { verdict: RELEVANCY_VERDICTS[v.verdict] }],
        ),
      ],
    };
  },
  // One Verdicts {verdicts: [{verdict, reason}]} for all the contexts; ours one verdict call per context, in order.
  deepeval_contextual_precision: (c) => {
    const [, answer] = recorded(c, 0);
    return {
      metric: (llm) => new ContextualPrecisionMetric({ llm, strictMode: strictMode(c) }),
      sample: {
        userInput: c.inputs.input,
        reference: c.inputs.expected_output,
        retrievedContexts: c.inputs.retrieval_context,
      } as Sample,
      calls: (answer.verdicts as Array<{ verdict: string }>).map(
        (v): OurCall => ["deepeval_contextual_precision/verdict", { verdict: v.verdict === "yes" ? 1 : 0 }],
      ),
    };
  },
  // One Verdicts {verdicts: [{verdict, reason}]} for the expected output's sentences (DeepEval's judge decides them);
  // ours one faithfulness/verdicts call over the reference's sentences (our splitter), the answers in order.
  deepeval_contextual_recall: (c) => {
    const sentences = referenceSentences(c.inputs.expected_output as string);
    const [, answer] = recorded(c, 0);
    const verdicts = (answer.verdicts as Array<{ verdict: string }>).map((v, i) => ({
      statement: sentences[i] ?? "(no sentence)",
      verdict: v.verdict === "yes" ? 1 : 0,
    }));
    return {
      metric: (llm) => new ContextualRecallMetric({ llm, strictMode: strictMode(c) }),
      sample: {
        reference: c.inputs.expected_output,
        retrievedContexts: c.inputs.retrieval_context,
      } as Sample,
      calls: [["faithfulness/verdicts", { verdicts }]],
    };
  },
  // One ContextualRelevancyVerdicts {verdicts: [{statement, verdict}]} per context; ours asks for the context's
  // statements, then one verdict per statement. A context without content (DeepEval's judge answers it as one "no"
  // statement, the context itself) has no statement in ours, so no verdict call.
  deepeval_contextual_relevancy: (c) => {
    const contentless = new Set(c.inputs.contentless as number[]);
    const calls = c.script.flatMap(([, answer], context): OurCall[] => {
      const verdicts = contentless.has(context) ? [] : (answer.verdicts as StatementVerdict[]);
      return [
        ["deepeval_contextual_relevancy/statements", { statements: verdicts.map((v) => v.statement) }],
        ...verdicts.map(
          (v): OurCall => ["deepeval_contextual_relevancy/verdict", { verdict: v.verdict === "yes" ? 1 : 0 }],
        ),
      ];
    });
    return {
      metric: (llm) => new ContextualRelevancyMetric({ llm, strictMode: strictMode(c) }),
      sample: { userInput: c.inputs.input, retrievedContexts: c.inputs.retrieval_context } as Sample,
      calls,
    };
  },
  // UserIntentions {intentions}, then one ConversationCompletenessVerdict per intention: the same calls.
  conversation_completeness: (c) => ({
    metric: (llm) => new ConversationCompleteness({ llm, strictMode: strictMode(c) }),
    sample: messagesSample(c),
    calls: c.script.map(
      ([schema, answer]): OurCall =>
        schema === "UserIntentions"
          ? ["conversation_completeness/intentions", { intentions: answer.intentions }]
          : ["conversation_completeness/verdict", passVerdict(answer, "yes")],
    ),
  }),
  // One TurnRelevancyVerdict per exchange's window: the same calls.
  turn_relevancy: (c) => ({
    metric: (llm) =>
      new TurnRelevancy({ llm, strictMode: strictMode(c), windowSize: c.options.window_size as number }),
    sample: messagesSample(c),
    calls: c.script.map(([, answer]): OurCall => ["turn_relevancy/verdict", passVerdict(answer, "yes")]),
  }),
  // DeepEval asks once for the out-of-character assistant turns ({verdicts: [{index, reason}]}, `index` into all
  // turns); ours asks once for a verdict per assistant turn: 0 for a turn DeepEval lists, 1 for the others.
  role_adherence: (c) => {
    const [, answer] = recorded(c, 0);
    const listed = new Set((answer.verdicts as Array<{ index: number }>).map((v) => v.index));
    const verdicts = turnsOf(c).flatMap((turn, index) =>
      turn.role === "assistant" ? [{ reason: "Read.", verdict: listed.has(index) ? 0 : 1 }] : [],
    );
    return {
      metric: (llm) => new RoleAdherence({ llm, strictMode: strictMode(c) }),
      sample: messagesSample(c, { chatbotRole: c.inputs.chatbot_role }),
      calls: [["role_adherence/verdicts", { verdicts }]],
    };
  },
  // Steps {steps}, then ReasonScore {reason, score} (a judge without log-probabilities: the written score), the same
  // calls; DeepEval reports (score - 0) / 10 on its default 0-10 range, ours the score on the same 0-10 scale.
  g_eval: (c) => ({
    metric: (llm) =>
      new GEval({ llm, name: "clarity", criteria: c.options.criteria as string, scale: { min: 0, max: 10 } }),
    sample: { userInput: c.inputs.input, response: c.inputs.actual_output } as Sample,
    calls: [
      ["g_eval/steps", recorded(c, 0)[1]],
      ["g_eval/clarity", recorded(c, 1)[1]],
    ],
    inPeerUnits: (ours) => ours / 10,
  }),
  // Steps {steps} (none when the steps are given), then ReasonScore {reason, score} (a judge without
  // log-probabilities: the written score), the same calls; both report score / 10, 0 below 1 in strict mode.
  conversational_g_eval: (c) => {
    const { criteria, evaluation_steps: steps } = c.options as {
      criteria?: string;
      evaluation_steps?: string[];
    };
    return {
      metric: (llm) =>
        new ConversationalGEval({
          llm,
          name: "clarity",
          ...(criteria !== undefined ? { criteria } : {}),
          ...(steps !== undefined ? { evaluationSteps: steps } : {}),
          strictMode: strictMode(c),
        }),
      sample: messagesSample(c),
      calls: c.script.map(
        ([schema, answer]): OurCall => [
          schema === "Steps" ? "conversational_g_eval/steps" : "conversational_g_eval/clarity",
          answer,
        ],
      ),
    };
  },
  // Knowledge {data: {name: value}} per user turn, then a KnowledgeRetentionVerdict per assistant turn after a fact,
  // "yes" meaning the assistant forgot: ours lists the facts as [{name, value}] and gives 1 for kept.
  knowledge_retention: (c) => ({
    metric: (llm) => new KnowledgeRetention({ llm, strictMode: strictMode(c) }),
    sample: messagesSample(c),
    calls: c.script.map(
      ([schema, answer]): OurCall =>
        schema === "Knowledge"
          ? [
              "knowledge_retention/knowledge",
              {
                facts: Object.entries((answer.data ?? {}) as Record<string, string>).map(([name, value]) => ({
                  name,
                  value,
                })),
              },
            ]
          : ["knowledge_retention/verdict", passVerdict(answer, "no")],
    ),
  }),
};
