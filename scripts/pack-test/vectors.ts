// Embeds fixed texts with each model directory given on the command line and prints the vectors as JSON.
// scripts/pack-test.sh runs it twice: from the installed tarball (its dist/ and the dependencies npm installed), and
// from the sources in the checkout, and requires the same vectors to 1e-6.
import { TransformersEmbeddings } from "airgap-eval";

const texts = ["What is the capital of France?", "Paris is the capital of France.", "a b c"];
const out: Record<string, number[][]> = {};
for (const model of process.argv.slice(2)) {
  await using embeddings = await TransformersEmbeddings.load({ model, threads: 1 });
  out[model] = (await embeddings.embed(texts)).map((v) => Array.from(v));
}
console.log(JSON.stringify(out));
