// A user's first file: the starter embedder and one metric, then an agent metric, from the installed package.
import { readConversation, SemanticSimilarity, ToolCallAccuracy, TransformersEmbeddings } from "airgap-eval";

await using embeddings = await TransformersEmbeddings.load({ model: "starter/glove-100d" });
const result = await new SemanticSimilarity({ embeddings }).score({
  userInput: "What is the capital of France?",
  response: "Paris is the capital of France.",
  reference: "The capital of France is Paris.",
});
if (result.status !== "ok" || result.value === null) throw new Error(`no score: ${JSON.stringify(result)}`);
console.log(`semantic_similarity ${result.value.toFixed(3)}`);

// An agent's conversation as OpenAI writes it, scored by a rule-based agent metric (docs/agents.md).
const accuracy = await new ToolCallAccuracy().score({
  messages: readConversation([
    { role: "user", content: "Weather in Oslo?" },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "c1", type: "function", function: { name: "weather", arguments: '{"city": "Oslo"}' } },
      ],
    },
  ]),
  referenceToolCalls: [{ name: "weather", args: { city: "Oslo" } }],
});
if (accuracy.value !== 1) throw new Error(`tool_call_accuracy: ${JSON.stringify(accuracy)}`);
console.log("tool_call_accuracy 1");
