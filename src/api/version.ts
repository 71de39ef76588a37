// The public names of the group "Version" (src/index.ts re-exports this file; docs/api.md lists the groups):
// the package version recorded in every result.
export { version } from "../version.js";
