export { Jury, type JuryDetails, type JuryMemberResult, type JuryOptions } from "./jury.js";
export { type JuryAggregate, juryAggregates } from "./verdict.js";
