import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folders where npm installs global packages for this Node: `<prefix>/lib/node_modules` (POSIX) or
 * `<prefix>/node_modules` (Windows), the prefix being the Node binary's folder's parent (POSIX) or folder (Windows),
 * and `$npm_config_prefix` when npm set it.
 */
export function globalModuleRoots(
  execPath: string = process.execPath,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const prefixes = [path.resolve(execPath, "..", ".."), path.dirname(execPath)];
  if (env.npm_config_prefix) prefixes.push(path.resolve(env.npm_config_prefix));
  return prefixes.flatMap((p) => [path.join(p, "lib", "node_modules"), path.join(p, "node_modules")]);
}

/**
 * How the user runs this CLI, for the commands it prints (a resume hint, a "next:" step): `npx airgap-eval` when the
 * package is installed in a project (its files lie in a `node_modules` folder that is not a global one: `npx`,
 * `npm exec`, `npm run` and `node_modules/.bin/airgap-eval` all run that copy), else `airgap-eval` (a global install,
 * or a checkout linked with `npm link`).
 *
 * @param packageFile A file of the running package (its real path is taken). Defaults to this module.
 * @example
 * cliCommand("/work/app/node_modules/airgap-eval/dist/cli/main.js"); // "npx airgap-eval"
 * cliCommand("/usr/local/lib/node_modules/airgap-eval/dist/cli/main.js", ["/usr/local/lib/node_modules"]); // "airgap-eval"
 */
export function cliCommand(
  packageFile: string = fileURLToPath(import.meta.url),
  globalRoots: readonly string[] = globalModuleRoots(),
): string {
  let real = packageFile;
  try {
    real = realpathSync(packageFile);
  } catch {
    // a path that is not on disk (a test's example) is taken as given
  }
  const inNodeModules = real.split(path.sep).includes("node_modules");
  const global = globalRoots.some((root) => real.startsWith(root + path.sep));
  return inNodeModules && !global ? "npx airgap-eval" : "airgap-eval";
}
