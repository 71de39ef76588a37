// The grader as a file's default export, for promptfoo's file:// provider entries, which construct a file's default
// export: `id: file://node_modules/airgap-eval/dist/promptfoo/provider.js`. The package entry
// (`package:airgap-eval/promptfoo:PromptfooGrader`) keeps named exports only: promptfoo looks a package's entity up on
// its default export when it has one, where `PromptfooGrader` would not be found.
import { PromptfooGrader } from "./grader.js";

export default PromptfooGrader;
