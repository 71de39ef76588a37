// The result types live in results/ (shared by evaluate/ and report/); kept here for existing imports.
export type * from "../results/types.js";
