// airgap-eval/promptfoo from the installed tarball, called as promptfoo calls a grading provider (its file:// form,
// dist/promptfoo/provider.js, the same class): an llm-rubric step
// on the judge $JUDGE must give an answer promptfoo's parser reads ({reason, pass, score}), and a step the grader does
// not answer must come back as an error naming it. Run by scripts/pack-test/promptfoo.sh in the installed project,
// as a module file (node-llama-cpp tests its binary in a child process started with this process's flags, which
// `node --input-type=module -e` would pass on).
import { PromptfooGrader } from "airgap-eval/promptfoo";
// The file a file:// provider entry names: its default export is the same class.
import FileProvider from "./node_modules/airgap-eval/dist/promptfoo/provider.js";

if (FileProvider !== PromptfooGrader)
  throw new Error("dist/promptfoo/provider.js's default export is not PromptfooGrader");
const grader = new PromptfooGrader({ config: { llm: process.env.JUDGE, contextSize: 4096, maxTokens: 128 } });
const prompt = JSON.stringify([
  {
    role: "system",
    content:
      "You are grading output according to a user-specified rubric. Respond with {reason: string, pass: boolean, score: number}",
  },
  { role: "user", content: "<Output>\nParis\n</Output>\n<Rubric>\nNames a city\n</Rubric>" },
]);
const answer = await grader.callApi(prompt, { prompt: { raw: prompt, label: "llm-rubric" }, vars: {} });
if (answer.error !== undefined) throw new Error(answer.error);
const read = JSON.parse(answer.output);
if (typeof read.reason !== "string" || typeof read.pass !== "boolean" || typeof read.score !== "number") {
  throw new Error(`llm-rubric answer promptfoo cannot read: ${answer.output}`);
}
const refused = await grader.callApi("hello", { prompt: { raw: "hello", label: "search-rubric" } });
if (!/search-rubric/.test(refused.error ?? "")) {
  throw new Error(`an unknown grading step was not refused: ${JSON.stringify(refused)}`);
}
console.log(`llm-rubric on the tiny judge: ${answer.output.slice(0, 120)}`);
