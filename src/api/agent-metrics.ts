// biome-ignore-all assist/source/organizeImports: the metrics block, written by npm run docs:api, keeps the catalog's order
// The public names of the group "Agent metrics" (src/index.ts re-exports this file; docs/api.md lists the groups):
// conversations (OpenAI, Anthropic, LangChain, OpenTelemetry); rule-based metrics; Ragas' judges.
// Its metrics are their folders' faces (src/metrics/<folder>/index.ts), in the block npm run docs:api writes from
// the catalog (the group from the descriptor's surfaces.apiGroup, else the metric's family); the rest is kept by hand.

export { ragasTranscript } from "../metrics/shared/conversation/transcript.js";
export type { ConversationMessage, ReferenceToolCall, ToolCall } from "../sample/conversation/messages.js";
export type { ConversationFormat, ReadConversationOptions } from "../sample/conversation/read.js";
export { readConversation } from "../sample/conversation/read.js";
export { ConversationReadError } from "../sample/conversation/read-error.js";
export { readReferenceToolCalls } from "../sample/conversation/tool-calls.js";

// metrics:start
export * from "../metrics/tool-call-accuracy/index.js";
export * from "../metrics/tool-call-f1/index.js";
export * from "../metrics/trajectory-match/index.js";
export * from "../metrics/tool-correctness/index.js";
export * from "../metrics/trajectory-assertions/index.js";
export * from "../metrics/agent-goal-accuracy/index.js";
export * from "../metrics/topic-adherence/index.js";
export * from "../metrics/knowledge-retention/index.js";
export * from "../metrics/conversation-completeness/index.js";
export * from "../metrics/role-adherence/index.js";
export * from "../metrics/turn-relevancy/index.js";
// metrics:end
