import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { open, rm, stat } from "node:fs/promises";
import { version } from "../version.js";
import { hashFileInto } from "./hash.js";
import { ModelPullError } from "./pull-error.js";

/** Who is downloading, for messages and control: `models pull` and `datasets pull` each give one. */
export interface DownloadContext {
  /** Names the thing being fetched in messages, e.g. `"all-MiniLM-L6-v2"`. */
  what: string;
  /** The command that resumes the transfer, e.g. `airgap-eval models pull all-MiniLM-L6-v2`. */
  retryCommand: string;
  fetchImpl: typeof fetch;
  signal: AbortSignal | undefined;
  /** Abort a transfer that receives nothing for this long, in milliseconds. */
  stallTimeoutMs: number | undefined;
  /** The error for a host that could not be reached at all. */
  unreachable(url: string, err: unknown): Error;
  /** The error for an HTTP error answer. */
  httpError(url: string, response: Response): Error;
}

/** What one transfer wrote. */
export interface Downloaded {
  bytes: number;
  sha256: string;
  resumedFrom: number;
}

/**
 * Fetches one URL into `partial`, resuming from what the partial file already holds (HTTP Range),
 * hashing as bytes arrive. A server that ignores or misplaces the range makes it start over; a
 * stalled or broken transfer keeps the bytes for the next try. Size and digest checks are the caller's.
 */
export async function download(
  ctx: DownloadContext,
  url: string,
  partial: string,
  file: { path: string; size: number | null },
  onBytes: (bytes: number, resumedFrom: number) => void,
  attempt = 0,
): Promise<Downloaded> {
  let offset = existsSync(partial) ? (await stat(partial)).size : 0;
  if (file.size !== null && offset > file.size) {
    await rm(partial, { force: true });
    offset = 0;
  }
  let hash = createHash("sha256");
  if (offset > 0) await hashFileInto(hash, partial);
  if (file.size !== null && offset === file.size) {
    return { bytes: offset, sha256: hash.digest("hex"), resumedFrom: offset };
  }

  const stall = ctx.stallTimeoutMs ?? 60_000;
  const controller = new AbortController();
  const userSignal = ctx.signal;
  const onUserAbort = () => controller.abort(userSignal?.reason ?? new Error("aborted"));
  if (userSignal?.aborted) onUserAbort();
  userSignal?.addEventListener("abort", onUserAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const armStallTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new Error(`no data for ${stall / 1000} s`)), stall);
  };

  try {
    const headers: Record<string, string> = {
      "user-agent": `airgap-eval/${version}`,
      "accept-encoding": "identity",
    };
    if (offset > 0) headers.range = `bytes=${offset}-`;
    armStallTimer();
    let response: Response;
    try {
      response = await ctx.fetchImpl(url, { headers, redirect: "follow", signal: controller.signal });
    } catch (err) {
      if (controller.signal.aborted) {
        const why = (controller.signal.reason as Error | undefined)?.message ?? "aborted";
        throw new ModelPullError(
          `The request for ${url} was stopped (${why}) before any data arrived.`,
          url,
          undefined,
          {
            cause: err,
          },
        );
      }
      throw ctx.unreachable(url, err);
    }

    if (offset > 0 && response.status === 416 && attempt === 0) {
      // The partial file does not fit the remote file: start over.
      await response.body?.cancel();
      await rm(partial, { force: true });
      return download(ctx, url, partial, file, onBytes, attempt + 1);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw ctx.httpError(url, response);
    }
    if (offset > 0 && response.status === 206) {
      const start = /^bytes (\d+)-/.exec(response.headers.get("content-range") ?? "")?.[1];
      if (start !== undefined && Number(start) !== offset) {
        // The server resumed from somewhere else: do not splice; start over.
        await response.body?.cancel();
        await rm(partial, { force: true });
        if (attempt > 0)
          throw new ModelPullError(`${url} answered a Range request with the wrong range`, url, 206);
        return download(ctx, url, partial, file, onBytes, attempt + 1);
      }
    } else if (offset > 0) {
      // 200 to a Range request: the server sends the whole file; restart from byte 0.
      offset = 0;
      hash = createHash("sha256");
    }
    const resumedFrom = offset;
    const handle = await open(partial, offset > 0 ? "a" : "w");
    let bytes = offset;
    try {
      if (response.body === null) throw new Error("the response has no body");
      onBytes(bytes, resumedFrom);
      for await (const chunk of response.body) {
        armStallTimer();
        hash.update(chunk);
        await handle.write(chunk);
        bytes += chunk.length;
        if (file.size !== null && bytes > file.size) break;
        onBytes(bytes, resumedFrom);
      }
    } catch (err) {
      await handle.close();
      const why = controller.signal.aborted
        ? String((controller.signal.reason as Error)?.message ?? "aborted")
        : networkErrorText(err);
      throw new ModelPullError(
        [
          `The transfer of ${file.path} for ${ctx.what} stopped after ${bytes}${file.size !== null ? ` of ${file.size}` : ""} bytes (${why}).`,
          `The bytes received are kept in ${partial}; run "${ctx.retryCommand}" again to resume from there.`,
        ].join(" "),
        url,
        undefined,
        { cause: err },
      );
    }
    await handle.close();
    return { bytes, sha256: hash.digest("hex"), resumedFrom };
  } finally {
    clearTimeout(timer);
    userSignal?.removeEventListener("abort", onUserAbort);
  }
}

/** One line for a network error: its code and the cause's message. */
export function networkErrorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: unknown }).cause;
  const code = (cause as { code?: string } | undefined)?.code ?? (err as NodeJS.ErrnoException).code;
  const causeMessage = cause instanceof Error ? cause.message : undefined;
  return [code, causeMessage ?? err.message].filter(Boolean).join(": ");
}
