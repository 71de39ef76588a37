// The public names of the group "Agent metrics" (src/index.ts re-exports this file; docs/api.md lists the groups):
// conversations (OpenAI, Anthropic, LangChain, OpenTelemetry); rule-based metrics; Ragas' judges.

export {
  type AgentGoalAccuracyOptions,
  AgentGoalAccuracyWithoutReference,
  AgentGoalAccuracyWithReference,
} from "../metrics/agent-goal-accuracy/metric.js";
export { goalAccuracy } from "../metrics/agent-goal-accuracy/score.js";
export { ConversationCompleteness } from "../metrics/conversation-completeness/metric.js";
export { KnowledgeRetention } from "../metrics/knowledge-retention/metric.js";
export { type DeepEvalJudgeOptions, RoleAdherence } from "../metrics/role-adherence/metric.js";
export { ragasTranscript } from "../metrics/shared/conversation/transcript.js";
export { ToolCallAccuracy, type ToolCallAccuracyOptions } from "../metrics/tool-call-accuracy/metric.js";
export { ToolCallF1 } from "../metrics/tool-call-f1/metric.js";
export { ToolCorrectness, type ToolCorrectnessOptions } from "../metrics/tool-correctness/metric.js";
export { type TopicAdherenceOptions, TopicAdherenceScore } from "../metrics/topic-adherence/metric.js";
export {
  type TopicAdherenceMode,
  type TopicCounts,
  topicAdherence,
  topicCounts,
} from "../metrics/topic-adherence/score.js";
export {
  TrajectoryStepCount,
  type TrajectoryStepCountOptions,
  TrajectoryToolArgsMatch,
  type TrajectoryToolArgsMatchOptions,
  TrajectoryToolSequence,
  type TrajectoryToolSequenceOptions,
  TrajectoryToolUsed,
  type TrajectoryToolUsedOptions,
} from "../metrics/trajectory-assertions/metric.js";
export { TrajectoryMatch, type TrajectoryMatchOptions } from "../metrics/trajectory-match/metric.js";
export { TurnRelevancy, type TurnRelevancyOptions } from "../metrics/turn-relevancy/metric.js";
export type {
  ConversationMessage,
  ReferenceToolCall,
  ToolCall,
} from "../sample/conversation/messages.js";
export type { ConversationFormat, ReadConversationOptions } from "../sample/conversation/read.js";
export { readConversation } from "../sample/conversation/read.js";
export { ConversationReadError } from "../sample/conversation/read-error.js";
export { readReferenceToolCalls } from "../sample/conversation/tool-calls.js";
