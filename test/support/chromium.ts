// Headless Chromium for the tests that open an HTML report: Debian's /usr/bin/chromium driven by playwright-core
// (no browser download), one launch for every such test.
import { existsSync } from "node:fs";
import { type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's Chromium, the browser the tests drive. */
export const CHROMIUM = "/usr/bin/chromium";

const installed = existsSync(CHROMIUM);
const inCi = Boolean(process.env.CI);

/**
 * Whether a browser suite is skipped: Chromium is missing and this is not CI (in CI a missing Chromium fails the
 * suite instead, in {@link launchChromium}). Says once per test file how to install it when it skips.
 *
 * @example
 * describe.skipIf(skipWithoutChromium("browser-report"))("HTML report in headless Chromium", () => { ... });
 */
export function skipWithoutChromium(suite: string): boolean {
  const skip = !installed && !inCi;
  if (skip) {
    console.warn(
      `${suite}: skipped because ${CHROMIUM} is not installed; install it with ` +
        "`apt-get update && apt-get install -y chromium` (in CI this test fails instead).",
    );
  }
  return skip;
}

/** An open headless Chromium: its context (close it in `afterAll`) and its first page. */
export interface OpenChromium {
  context: BrowserContext;
  page: Page;
}

/**
 * Launches headless Chromium with its profile in `profileDir` (a fresh temporary directory), no sandbox, no GPU and
 * no background networking, at a 1360×900 viewport. Throws naming the browser when it is missing (in CI).
 */
export async function launchChromium(profileDir: string): Promise<OpenChromium> {
  if (!installed) throw new Error(`${CHROMIUM} is missing: CI must install Debian's chromium (see .ci/run)`);
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1360, height: 900 },
  });
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}
