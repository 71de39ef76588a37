import { checkEvalModels } from "airgap-eval/vitest";
import { judge } from "./models.js";

export default () => checkEvalModels({ llm: judge });
