// The command the CLI prints for the user to run next (resume hint, "next:" step) is the way they run it:
// `npx airgap-eval` in a project install, `airgap-eval` in a global install or a checkout.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resumeCommand } from "../src/cli/interrupt.js";
import { cliCommand, globalModuleRoots } from "../src/util/cli-command.js";

const main = ["airgap-eval", "dist", "cli", "main.js"];

describe("cliCommand", () => {
  it("a project's node_modules gives npx; the global node_modules and a checkout give the bare name", () => {
    const roots = ["/usr/local/lib/node_modules"];
    expect(cliCommand(path.join("/work/app/node_modules", ...main), roots)).toBe("npx airgap-eval");
    expect(cliCommand(path.join("/work/app/node_modules/.pnpm/x/node_modules", ...main), roots)).toBe(
      "npx airgap-eval",
    );
    expect(cliCommand(path.join("/usr/local/lib/node_modules", ...main), roots)).toBe("airgap-eval");
    expect(cliCommand(path.join("/home/me/src/airgap-eval/dist/cli/main.js"), roots)).toBe("airgap-eval");
  });

  it("the global roots follow the Node binary's prefix and $npm_config_prefix", () => {
    const roots = globalModuleRoots("/opt/node/bin/node", { npm_config_prefix: "/home/me/.npm-global" });
    expect(roots).toContain(path.join("/opt/node", "lib", "node_modules"));
    expect(roots).toContain(path.join("/home/me/.npm-global", "lib", "node_modules"));
  });

  it("the resume hint starts with that command", () => {
    expect(resumeCommand(["eval", "d.jsonl", "--overwrite"], "npx airgap-eval")).toBe(
      "npx airgap-eval eval d.jsonl --resume",
    );
    // This checkout is not inside a node_modules folder.
    expect(resumeCommand(["eval", "d.jsonl"])).toBe("airgap-eval eval d.jsonl --resume");
  });
});
