// Hand-made chunks for the test-set generation tests: two documents about one bridge (related chunks that share
// keyphrases) and one about an unrelated subject.
import { chunksOf } from "../../bench/lib/chunks.js";
import type { Chunk } from "../../src/generate/types.js";

export const bridgeChunks: Chunk[] = [
  ...chunksOf("bridge.md", [
    "The Hale Bridge crosses the river Esk. The Hale Bridge opened in 1902 and carries a railway line.",
    "In 1950 the Hale Bridge was widened so that cars could cross the river Esk beside the railway.",
  ]),
  ...chunksOf("ferry.md", [
    "Before the Hale Bridge, a ferry crossed the river Esk twice a day, carrying passengers and sheep.",
  ]),
  ...chunksOf("bread.md", [
    "Sourdough bread rises slowly because wild yeast ferments the dough over many hours.",
    "A sourdough starter is fed with flour and water every day to keep the wild yeast alive.",
  ]),
];
