import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Root of the installed package (the folder holding package.json and models.json). */
export const packageRoot: string = fileURLToPath(new URL("../", import.meta.url));

/** The airgap-eval version, read from package.json. */
export const version: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
