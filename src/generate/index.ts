// airgap-eval/generate: offline test-set generation from documents with the local judge (see docs/generate.md).

export type { StageOptions } from "./builtin-stage.js";
export type { ChunkOptions, CountTokens } from "./chunk.js";
export { chunkDocument, chunkDocuments } from "./chunk.js";
export { defaultMix, defaultSeed, queryLengths, queryStyles, synthesizerNames } from "./defaults.js";
export type { GenerateTestsetOptions, GenerateTestsetResult } from "./generate-testset.js";
export { generateTestset } from "./generate-testset.js";
export type { MergeTestsetsOptions, MergeTestsetsResult } from "./merge.js";
export { mergeTestsets } from "./merge.js";
export type { GenerationProgress, PlanShard } from "./pipeline.js";
export type { ReadDocumentsOptions } from "./read-documents.js";
export { readDocuments } from "./read-documents.js";
export type { GenerationConfig } from "./run-config.js";
export type { GenerationContext, GenerationStage, JudgeWindow, PlannedRow } from "./stage.js";
export type { CreateStageOptions } from "./synth/default-stage.js";
export { createStage, defaultStage } from "./synth/default-stage.js";
export type { FilledResponse, RejectedLine, TestsetFiles, TestsetLine } from "./testset-files.js";
export type {
  Candidate,
  Chunk,
  Persona,
  QueryLength,
  QueryStyle,
  RejectionReason,
  SourceDocument,
  SynthesisRequest,
  SynthesizerName,
  TestsetRow,
} from "./types.js";
