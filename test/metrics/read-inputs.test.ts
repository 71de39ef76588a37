// A descriptor's `reads` is the one list of the sample fields a metric reads: `defineMetric` derives the required
// fields from it, `MetricInput` types the checked input and `readInputs` reads it from a row with the field table's
// readers, so a bad row is refused with the same message, row and field whichever metric reads it.
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import type { Embeddings } from "../../src/embeddings/types.js";
import type { Llm } from "../../src/llm/types.js";
import {
  defineMetric,
  type MetricInput,
  type MetricOptionsOf,
  responseAndReferenceStrings,
} from "../../src/metrics/descriptor.js";
import { readInputs } from "../../src/metrics/shared/base/inputs.js";
import type { ConversationMessage } from "../../src/sample/conversation/messages.js";
import { sampleText } from "../../src/sample/fields.js";

const base = {
  id: "example_reads",
  description: "An example.",
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object({ strictness: z.number().default(3) }),
} as const;

const descriptor = defineMetric({
  ...base,
  reads: [
    "userInput",
    { field: "retrievedContexts", emptyList: "allowed" },
    { field: "reference", optional: true },
    "retrievedContextIds",
    { field: "messages", optional: true },
  ],
});

function message(read: () => unknown): string {
  try {
    read();
  } catch (err) {
    return `${(err as Error).message} [${JSON.stringify(err)}]`;
  }
  throw new Error("did not throw");
}

describe("a descriptor's reads", () => {
  it("give its required fields: every field not marked optional, in order", () => {
    expect(descriptor.requiredFields).toEqual(["userInput", "retrievedContexts", "retrievedContextIds"]);
  });

  it("type the checked input and the options", () => {
    expectTypeOf<MetricInput<typeof descriptor>>().toEqualTypeOf<
      {
        userInput: string;
        retrievedContexts: string[];
        retrievedContextIds: Array<string | number>;
      } & { reference?: string; messages?: ConversationMessage[] }
    >();
    expectTypeOf<MetricOptionsOf<typeof descriptor>>().toHaveProperty("llm").toEqualTypeOf<Llm>();
    expectTypeOf<MetricOptionsOf<typeof descriptor>>().not.toHaveProperty("embeddings");
    expectTypeOf<MetricOptionsOf<typeof descriptor>>()
      .toHaveProperty("strictness")
      .toEqualTypeOf<number | undefined>();
    const embedder = defineMetric({ ...base, reads: ["response"], needsEmbeddings: true });
    expectTypeOf<MetricOptionsOf<typeof embedder>>().toHaveProperty("embeddings").toEqualTypeOf<Embeddings>();
  });

  it("are read from a row, optional ones only when present, an empty list only where allowed", () => {
    const row = { userInput: "Q?", retrievedContexts: [], retrievedContextIds: ["d1", 2] };
    expect(readInputs(descriptor, row, 0)).toEqual(row);
    expect(readInputs(descriptor, { ...row, reference: "R." }, 0)).toEqual({ ...row, reference: "R." });
    const refusing = defineMetric({ ...base, reads: ["retrievedContexts"] });
    expect(message(() => readInputs(refusing, { retrievedContexts: [] }, 3))).toBe(
      'row 3, field "retrievedContexts": is an empty list; give a list of non-empty context strings [{"name":"InvalidInputError","row":3,"field":"retrievedContexts"}]',
    );
  });

  it("refuse a bad row as the field's own reader does, naming the row and field", () => {
    expect(message(() => readInputs(descriptor, { retrievedContexts: [], retrievedContextIds: [] }, 2))).toBe(
      message(() => sampleText({}, "userInput", 2)),
    );
    expect(
      message(() =>
        readInputs(descriptor, { userInput: "Q?", retrievedContexts: [""], retrievedContextIds: [] }, 1),
      ),
    ).toContain('"field":"retrievedContexts[0]"');
    expect(
      message(() =>
        readInputs(descriptor, { userInput: "Q?", retrievedContexts: [], retrievedContextIds: [1.5] }, 1),
      ),
    ).toContain('"field":"retrievedContextIds[0]"');
    expect(
      message(() =>
        readInputs(
          descriptor,
          { userInput: "Q?", retrievedContexts: [], retrievedContextIds: [], messages: 7 as never },
          1,
        ),
      ),
    ).toContain('"field":"messages"');
  });

  it("read the string metrics' response and reference as any string, with the messages those metrics always gave", () => {
    const strings = defineMetric({ ...base, reads: responseAndReferenceStrings });
    expect(readInputs(strings, { response: "", reference: " " }, 0)).toEqual({
      response: "",
      reference: " ",
    });
    expect(message(() => readInputs(strings, { reference: "a" }, 2))).toBe(
      'row 2, field "response": is missing; give the answer as a string (Ragas response) [{"name":"InvalidInputError","row":2,"field":"response"}]',
    );
    expect(message(() => readInputs(strings, { response: 3 as never, reference: "a" }, 2))).toBe(
      'row 2, field "response": must be a string, got number [{"name":"InvalidInputError","row":2,"field":"response"}]',
    );
    expect(message(() => readInputs(strings, { response: "a" }, 2))).toBe(
      'row 2, field "reference": is missing; give the expected answer as a string (Ragas reference) [{"name":"InvalidInputError","row":2,"field":"reference"}]',
    );
  });

  it("read a list of any strings where each text may be empty, an empty list only where allowed", () => {
    const anyTexts = defineMetric({
      ...base,
      reads: [{ field: "retrievedContexts", emptyList: "allowed", emptyText: "allowed" }],
    });
    expect(readInputs(anyTexts, { retrievedContexts: ["", " "] }, 0)).toEqual({
      retrievedContexts: ["", " "],
    });
    expect(readInputs(anyTexts, { retrievedContexts: [] }, 0)).toEqual({ retrievedContexts: [] });
    expect(message(() => readInputs(anyTexts, {}, 4))).toBe(
      'row 4, field "retrievedContexts": is missing; give a list of strings [{"name":"InvalidInputError","row":4,"field":"retrievedContexts"}]',
    );
    expect(message(() => readInputs(anyTexts, { retrievedContexts: ["a", 1 as never] }, 4))).toBe(
      'row 4, field "retrievedContexts[1]": must be a string, got number [{"name":"InvalidInputError","row":4,"field":"retrievedContexts[1]"}]',
    );
    const nonEmpty = defineMetric({ ...base, reads: [{ field: "referenceContexts", emptyText: "allowed" }] });
    expect(readInputs(nonEmpty, { referenceContexts: [""] }, 0)).toEqual({ referenceContexts: [""] });
    expect(message(() => readInputs(nonEmpty, { referenceContexts: [] }, 1))).toBe(
      'row 1, field "referenceContexts": is an empty list; give a list of strings [{"name":"InvalidInputError","row":1,"field":"referenceContexts"}]',
    );
  });

  it("read a list where empty is a value (reference topics) and, for a judge, a conversation it can read", () => {
    const topics = defineMetric({
      ...base,
      reads: [{ field: "messages", judgeReadable: true }, "referenceTopics"],
    });
    const messages = [{ role: "user" as const, content: "Hi" }];
    expect(readInputs(topics, { messages, referenceTopics: [] }, 0)).toMatchObject({ referenceTopics: [] });
    expect(message(() => readInputs(topics, { messages, referenceTopics: "billing" as never }, 4))).toBe(
      'row 4, field "referenceTopics": must be a list of texts; give the topics the conversation should keep to (Ragas reference_topics) [{"name":"InvalidInputError","row":4,"field":"referenceTopics"}]',
    );
    expect(message(() => readInputs(topics, { messages, referenceTopics: ["billing", " "] }, 4))).toContain(
      '"field":"referenceTopics[1]"',
    );
    const systemOnly = { messages: [{ role: "system" as const, content: "Be brief." }], referenceTopics: [] };
    expect(message(() => readInputs(topics, systemOnly, 5))).toContain(
      'row 5, field "messages": holds no user, assistant or tool message with text or tool calls',
    );
    const anyConversation = defineMetric({ ...base, reads: ["messages"] });
    expect(readInputs(anyConversation, systemOnly, 5).messages).toHaveLength(1);
  });
});
