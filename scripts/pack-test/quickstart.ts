// A user's first file: the starter embedder and one metric, from the installed package.
import { SemanticSimilarity, TransformersEmbeddings } from "airgap-eval";

await using embeddings = await TransformersEmbeddings.load({ model: "starter/glove-100d" });
const result = await new SemanticSimilarity({ embeddings }).score({
  userInput: "What is the capital of France?",
  response: "Paris is the capital of France.",
  reference: "The capital of France is Paris.",
});
if (result.status !== "ok" || result.value === null) throw new Error(`no score: ${JSON.stringify(result)}`);
console.log(`semantic_similarity ${result.value.toFixed(3)}`);
