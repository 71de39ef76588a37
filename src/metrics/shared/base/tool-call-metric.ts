import {
  type MadeToolCall,
  madeToolCalls,
  type ReferenceToolCall,
} from "../../../sample/conversation/messages.js";
import { sampleConversation, sampleReferenceToolCalls } from "../../../sample/conversation/sample-inputs.js";
import type { MetricOptionSchema } from "../../descriptor.js";
import type { Sample } from "../../types.js";
import { JudgeFreeMetric } from "./judge-free-metric.js";

/** The tool calls the agent made (each with its result) and the ones expected. */
export interface ToolCallPair {
  made: MadeToolCall[];
  reference: ReferenceToolCall[];
}

/**
 * Base of the agent metrics that compare the conversation's tool calls (`messages`) with `referenceToolCalls`.
 * Subclasses give the descriptor and the formula.
 */
export abstract class ToolCallMetric<
  S extends MetricOptionSchema = MetricOptionSchema,
> extends JudgeFreeMetric<ToolCallPair, S> {
  protected validate(sample: Sample, row: number | undefined): ToolCallPair {
    return {
      made: madeToolCalls(sampleConversation(sample, "messages", row)),
      reference: sampleReferenceToolCalls(sample, row),
    };
  }
}
