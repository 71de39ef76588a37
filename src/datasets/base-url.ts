import { InvalidInputError } from "../errors.js";

/** A URL's user name and password replaced by `***`, in any text that may hold one (messages, logs). */
export function redactUrl(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]*@/gi, "$1***@");
}

/**
 * A `--base-url` split into the address without credentials (the only form any message prints) and, when it held
 * a user name or password, the `Authorization: Basic` header that carries them instead.
 *
 * @example
 * splitCredentials("https://me:secret@mirror.example/raw"); // { url: "https://mirror.example/raw", authorization: "Basic bWU6c2VjcmV0" }
 */
export function splitCredentials(baseUrl: string): { url: string; authorization?: string } {
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch {
    throw new InvalidInputError(
      `--base-url ${redactUrl(baseUrl)} is not a URL; give e.g. https://mirror.example/raw`,
      {
        field: "--base-url",
      },
    );
  }
  if (parsed.username === "" && parsed.password === "") return { url: baseUrl };
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = "";
  parsed.password = "";
  return {
    url: parsed.toString(),
    authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`,
  };
}

/** `fetchImpl` with an `Authorization` header added to every request (none when `authorization` is undefined). */
export function withAuthorization(fetchImpl: typeof fetch, authorization: string | undefined): typeof fetch {
  if (authorization === undefined) return fetchImpl;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("authorization", authorization);
    return fetchImpl(input, { ...init, headers });
  };
}
