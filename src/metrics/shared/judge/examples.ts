import { createHash } from "node:crypto";

/** A short, stable fingerprint of user-given examples, appended to the prompt version. */
export function examplesFingerprint(examples: unknown): string {
  return createHash("sha256").update(JSON.stringify(examples)).digest("hex").slice(0, 12);
}
