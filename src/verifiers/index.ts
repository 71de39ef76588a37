export * from "./load-verifier.js";
export * from "./types.js";
