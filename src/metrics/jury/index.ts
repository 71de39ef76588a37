export { type JudgeLoader, JudgeShelf, type LoadedJudge } from "./judge-shelf.js";
export { Jury, type JuryDetails, type JuryMemberResult, type JuryOptions } from "./jury.js";
export { type JuryAggregate, juryAggregates } from "./verdict.js";
