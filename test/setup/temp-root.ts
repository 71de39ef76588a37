// One temporary directory for the whole test run: every test's (and every CLI the tests start's) os.tmpdir() is
// under it, and it is removed when the run ends, so a run leaves nothing in the machine's /tmp (CI machines share
// their disk between runs). Both vitest projects list this file; the first to set up makes the directory and removes
// it at the end (vitest tears every project down when the whole run closes). AIRGAP_EVAL_KEEP_TEST_TMP=1 keeps it,
// and prints where, to look at what a failing test wrote.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT_VARIABLE = "AIRGAP_EVAL_TEST_TMPDIR";

export default function setup(): (() => void) | undefined {
  if (process.env[ROOT_VARIABLE]) return undefined;
  const before = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), "airgap-eval-tests-"));
  process.env[ROOT_VARIABLE] = root;
  process.env.TMPDIR = root;
  return () => {
    // Put the environment back, so a set-up that runs again in this process (watch mode restarting) makes a new root.
    delete process.env[ROOT_VARIABLE];
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    if (process.env.AIRGAP_EVAL_KEEP_TEST_TMP === "1") {
      console.log(`The tests' temporary files are kept in ${root} (AIRGAP_EVAL_KEEP_TEST_TMP=1).`);
      return;
    }
    rmSync(root, { recursive: true, force: true });
  };
}
