// The one table of sample fields. The `Sample` type, dataset column names and column maps, dataset validation,
// the metrics' input hints, the CSV and HTML reports' inputs and the docs' field table (npm run docs:fields) all
// read it: adding a field is one entry here. A new kind also needs its value type in SampleFieldValues, its words
// in kindDescriptions and its zod schema in src/dataset/field-schemas.ts; the compiler asks for each.
import type { ConversationMessage, ReferenceToolCall } from "./conversation/messages.js";
import type { HaystackDocument } from "./documents.js";

/** The value each kind of sample field holds. */
export interface SampleFieldValues {
  /** One non-empty string. */
  text: string;
  /** A non-empty list of non-empty strings. */
  textList: string[];
  /** A list of non-empty strings where an empty list is a value, not a mistake (e.g. no reference topics). */
  textListMaybeEmpty: string[];
  /** A list of ids, strings or integers. */
  idList: Array<string | number>;
  /** A list of Haystack documents, in rank order. */
  documents: HaystackDocument[];
  /** An object of score level name to description. */
  rubric: Record<string, string>;
  /**
   * A conversation: messages read from OpenAI, Anthropic, LangChain, DeepEval or OpenTelemetry GenAI form
   * (docs/agents.md).
   */
  conversation: ConversationMessage[];
  /** A list of expected tool calls `{name, args}`, each with an optional `output`. */
  toolCalls: ReferenceToolCall[];
  /**
   * Named texts: an object of name to non-empty text, in order. A list of texts is read as one, named `candidate_1`,
   * `candidate_2`, ... in list order.
   */
  namedTexts: Record<string, string>;
}

/**
 * What kind of value a sample field holds: `text`, `textList`, `textListMaybeEmpty`, `idList`, `documents`, `rubric`,
 * `conversation`, `toolCalls` or `namedTexts`.
 */
export type SampleFieldKind = keyof SampleFieldValues;

/** Each kind of value in words, for the docs' field table. */
export const kindDescriptions: Readonly<Record<SampleFieldKind, string>> = {
  text: "non-empty text",
  textList: "non-empty list of non-empty texts",
  textListMaybeEmpty: "list of non-empty texts, possibly empty",
  idList: "list of ids, strings or integers",
  documents: 'list of Haystack documents, e.g. `{"content": "...", "id": "...", "score": 1}`',
  rubric: "object of score level name to description",
  conversation:
    "list of messages (OpenAI, Anthropic, LangChain, DeepEval turns or airgap-eval form) or OpenTelemetry GenAI spans; see [Agents](agents.md)",
  toolCalls: 'list of tool calls, e.g. `{"name": "weather", "args": {"city": "Oslo"}}`',
  namedTexts:
    'object of name to non-empty text, e.g. `{"model_a": "...", "model_b": "..."}`, or a list of texts (named `candidate_1`, `candidate_2`, ...)',
};

/** One sample field: its dataset column names, its kind and how to describe it. */
export interface SampleFieldSpec {
  /** The kind of value. */
  readonly kind: SampleFieldKind;
  /** Ragas' column name, where Ragas has the field. */
  readonly ragas?: string;
  /** Haystack's names for the field (evaluator `run()` inputs), snake_case and camelCase. */
  readonly haystack: readonly string[];
  /**
   * DeepEval's names for the field (`LLMTestCase` and `ConversationalTestCase` parameters), snake_case and the
   * TypeScript SDK's camelCase, e.g. `actual_output` and `actualOutput`.
   */
  readonly deepeval: readonly string[];
  /** The column name where neither Ragas nor Haystack has the field, e.g. `messages`. */
  readonly column?: string;
  /** Older names also read without a column map, e.g. Ragas 0.1's `question`. */
  readonly legacy: readonly string[];
  /** What the field holds, as a noun phrase: "the question"; error hints say "give <what> (Ragas user_input)". */
  readonly what: string;
  /** The field's title in reports, e.g. "Question". */
  readonly label: string;
}

/**
 * Every sample field, in display order (reports, docs, error lists), under its camelCase name. Each
 * property's doc comment is the `Sample` property's doc comment.
 */
export const sampleFieldTable = {
  /** The question or instruction (Ragas `user_input`, Haystack `questions`, DeepEval `input`). */
  userInput: {
    kind: "text",
    ragas: "user_input",
    haystack: ["questions"],
    deepeval: ["input"],
    legacy: ["question"],
    what: "the question",
    label: "Question",
  },
  /** The system's answer (Ragas `response`, Haystack `predicted_answers`, DeepEval `actual_output`). */
  response: {
    kind: "text",
    ragas: "response",
    haystack: ["predicted_answers", "predictedAnswers", "responses"],
    deepeval: ["actual_output", "actualOutput"],
    legacy: ["answer"],
    what: "the system's answer",
    label: "Response",
  },
  /**
   * Contexts retrieved for the answer (Ragas `retrieved_contexts`, Haystack `contexts`, DeepEval
   * `retrieval_context`).
   */
  retrievedContexts: {
    kind: "textList",
    ragas: "retrieved_contexts",
    haystack: ["contexts"],
    deepeval: ["retrieval_context", "retrievalContext"],
    legacy: [],
    what: "the retrieved contexts",
    label: "Retrieved contexts",
  },
  /** The ground-truth answer (Ragas `reference`, Haystack `ground_truth_answers`, DeepEval `expected_output`). */
  reference: {
    kind: "text",
    ragas: "reference",
    haystack: ["ground_truth_answers", "groundTruthAnswers"],
    deepeval: ["expected_output", "expectedOutput"],
    legacy: ["ground_truth"],
    what: "the expected answer",
    label: "Reference",
  },
  /** Ground-truth contexts (Ragas `reference_contexts`; DeepEval `context`, its ideal context). */
  referenceContexts: {
    kind: "textList",
    ragas: "reference_contexts",
    haystack: [],
    deepeval: ["context"],
    legacy: [],
    what: "the ground-truth contexts",
    label: "Reference contexts",
  },
  /**
   * A scoring rubric for this row (Ragas `rubrics`), read by `InstanceRubrics`: score level name to description,
   * e.g. `{ score1_description: "...", score5_description: "..." }`.
   */
  rubrics: {
    kind: "rubric",
    ragas: "rubrics",
    haystack: [],
    deepeval: [],
    legacy: [],
    what: "the row's scoring rubric",
    label: "Rubric",
  },
  /** Ids of the retrieved contexts, strings or integers (Ragas `retrieved_context_ids`). */
  retrievedContextIds: {
    kind: "idList",
    ragas: "retrieved_context_ids",
    haystack: [],
    deepeval: [],
    legacy: [],
    what: "the ids of the retrieved contexts",
    label: "Retrieved context ids",
  },
  /** Ids of the ground-truth contexts, strings or integers (Ragas `reference_context_ids`). */
  referenceContextIds: {
    kind: "idList",
    ragas: "reference_context_ids",
    haystack: [],
    deepeval: [],
    legacy: [],
    what: "the ids of the ground-truth contexts",
    label: "Reference context ids",
  },
  /** Retrieved documents in rank order (Haystack `retrieved_documents`, one list per row). */
  retrievedDocuments: {
    kind: "documents",
    haystack: ["retrieved_documents"],
    deepeval: [],
    legacy: [],
    what: "the retrieved documents, in rank order",
    label: "Retrieved documents",
  },
  /** Expected documents, optionally with graded relevance in `score` (Haystack `ground_truth_documents`). */
  groundTruthDocuments: {
    kind: "documents",
    haystack: ["ground_truth_documents"],
    deepeval: [],
    legacy: [],
    what: "the expected documents",
    label: "Ground-truth documents",
  },
  /**
   * The agent's conversation: user, assistant (with tool calls), tool and system messages, in any format
   * docs/agents.md lists (Ragas keeps it in a multi-turn sample's `user_input`); DeepEval's `turns`, or an
   * `LLMTestCase`'s `tools_called` (read as one assistant step making those calls, each answered by its `output`).
   */
  messages: {
    kind: "conversation",
    column: "messages",
    haystack: [],
    deepeval: ["turns", "tools_called", "toolsCalled"],
    legacy: ["conversation"],
    what: "the agent's conversation as a list of messages",
    label: "Messages",
  },
  /** The expected conversation, for the trajectory match (agentevals `reference_outputs`). */
  referenceMessages: {
    kind: "conversation",
    column: "reference_messages",
    haystack: [],
    deepeval: [],
    legacy: ["reference_trajectory"],
    what: "the expected conversation as a list of messages",
    label: "Reference messages",
  },
  /** The tool calls the agent should make (Ragas `reference_tool_calls`, DeepEval `expected_tools`). */
  referenceToolCalls: {
    kind: "toolCalls",
    ragas: "reference_tool_calls",
    haystack: [],
    deepeval: ["expected_tools", "expectedTools"],
    legacy: [],
    what: "the expected tool calls",
    label: "Reference tool calls",
  },
  /**
   * The outcome the agent should reach, in words (what Ragas' agent goal accuracy reads as `reference`; DeepEval
   * `expected_outcome`).
   */
  referenceOutcome: {
    kind: "text",
    column: "reference_outcome",
    haystack: [],
    deepeval: ["expected_outcome", "expectedOutcome"],
    legacy: [],
    what: "the outcome the agent should reach",
    label: "Reference outcome",
  },
  /** The topics the conversation should keep to (Ragas `reference_topics`). */
  referenceTopics: {
    kind: "textListMaybeEmpty",
    ragas: "reference_topics",
    haystack: [],
    deepeval: [],
    legacy: [],
    what: "the topics the conversation should keep to",
    label: "Reference topics",
  },
  /** The role the assistant should play in the conversation, e.g. "a patient maths tutor" (DeepEval `chatbot_role`). */
  chatbotRole: {
    kind: "text",
    column: "chatbot_role",
    haystack: [],
    deepeval: [],
    legacy: [],
    what: "the role the assistant should play",
    label: "Chatbot role",
  },
  /**
   * Candidate responses to the same input, compared head to head by `ArenaGEval`: name to text (DeepEval's arena
   * contestants), or a list of texts; `--candidates response_a,response_b` (`candidateColumns`) gathers columns into it.
   */
  candidates: {
    kind: "namedTexts",
    column: "candidates",
    haystack: [],
    deepeval: ["contestants"],
    legacy: [],
    what: "the candidate responses to compare (or gather columns with --candidates a,b; candidateColumns in code)",
    label: "Candidates",
  },
} as const satisfies Record<string, SampleFieldSpec>;

/** A sample field's camelCase name, e.g. `retrievedContexts`. */
export type SampleField = keyof typeof sampleFieldTable;

/** The value type of one sample field, from its kind. */
export type SampleFieldValue<F extends SampleField> = SampleFieldValues[(typeof sampleFieldTable)[F]["kind"]];

/** The sample fields in display order. */
export const sampleFields = Object.keys(sampleFieldTable) as SampleField[];

/** A field's table entry. */
export function sampleFieldSpec(field: SampleField): SampleFieldSpec {
  return sampleFieldTable[field];
}

/**
 * True when any of `fields` holds a conversation or tool calls: the metrics that read one are the agent family,
 * scored on multi-turn samples (docs/agents.md), where the others read single-turn samples.
 *
 * @example
 * readsConversation(["messages", "referenceToolCalls"]); // true
 */
export function readsConversation(fields: readonly SampleField[]): boolean {
  return fields.some((f) => {
    const kind = sampleFieldSpec(f).kind;
    return kind === "conversation" || kind === "toolCalls";
  });
}

/**
 * A sample field's column name in datasets and reports: Ragas' name, or Haystack's for fields Ragas lacks, else the
 * table's own, e.g. `retrieved_contexts` for `retrievedContexts`, `retrieved_documents` for `retrievedDocuments`,
 * `messages` for `messages`.
 */
export function columnName(field: SampleField): string {
  const spec = sampleFieldSpec(field);
  return spec.ragas ?? spec.haystack[0] ?? spec.column ?? field;
}

/**
 * What to tell the user when a field is missing or wrong, with DeepEval's name where it has one, e.g. "give the
 * question (Ragas user_input, DeepEval input)".
 */
export function fieldHint(field: SampleField): string {
  const spec = sampleFieldSpec(field);
  const source =
    spec.ragas !== undefined
      ? `Ragas ${spec.ragas}`
      : spec.haystack.length > 0
        ? `Haystack ${columnName(field)}`
        : `column ${columnName(field)}`;
  const deepEval = spec.deepeval[0] !== undefined ? `, DeepEval ${spec.deepeval[0]}` : "";
  return `give ${spec.what} (${source}${deepEval})`;
}

/** The sample fields of the given kinds, in display order. */
export function fieldsOfKind(...kinds: readonly SampleFieldKind[]): SampleField[] {
  return sampleFields.filter((field) => kinds.includes(sampleFieldSpec(field).kind));
}

type ColumnNameOf<F extends SampleField> = (typeof sampleFieldTable)[F] extends {
  ragas: infer R extends string;
}
  ? R
  : (typeof sampleFieldTable)[F] extends { column: infer C extends string }
    ? C
    : (typeof sampleFieldTable)[F]["haystack"][0];

/** A sample field's column name (see {@link columnName}), e.g. `user_input`. */
export type SampleColumnName = { [F in SampleField]: ColumnNameOf<F> }[SampleField];
