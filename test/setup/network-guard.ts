// Test-wide guard: any attempt to reach a host other than loopback fails the test that made it.
// It covers TCP (net, and so http, https and fetch), DNS look-ups and UDP. Library code may catch the
// guard's error (fetch turns it into "fetch failed"), so every violation is also recorded and the
// test that made it fails in afterEach.
import dgram from "node:dgram";
import dns from "node:dns";
import net from "node:net";
import { afterEach, expect } from "vitest";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "::ffff:127.0.0.1", "0.0.0.0"]);

/** Violations since the last check; tests of the guard itself drain it with {@link takeNetworkViolations}. */
const violations: string[] = [];

/** Returns and clears the recorded violations (for the guard's own tests). */
export function takeNetworkViolations(): string[] {
  return violations.splice(0, violations.length);
}

function refuse(what: string, host: string): Error {
  const message = `network guard: tests may only connect to 127.0.0.1, not ${what} "${host}"`;
  violations.push(message);
  return new Error(message);
}

function isLocal(host: string | undefined | null): boolean {
  return host === undefined || host === null || host === "" || LOOPBACK.has(host) || host.startsWith("127.");
}

/** The host a `socket.connect(...)` call targets, or undefined for a unix socket or named pipe. */
function hostOf(args: unknown[]): string | undefined {
  const first = args[0];
  if (Array.isArray(first)) return hostOf(first);
  if (first && typeof first === "object") {
    const opts = first as { host?: string | null; path?: string | null };
    if (typeof opts.path === "string") return undefined;
    return opts.host ?? "localhost";
  }
  if (typeof first === "number") return typeof args[1] === "string" ? args[1] : "localhost";
  return undefined;
}

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const host = hostOf(args);
  if (!isLocal(host)) throw refuse("host", host!);
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;

const originalLookup = dns.lookup;
dns.lookup = function guardedLookup(hostname: string, ...rest: unknown[]) {
  if (!isLocal(hostname)) throw refuse("DNS name", hostname);
  return (originalLookup as (...a: unknown[]) => void).call(dns, hostname, ...rest);
} as typeof dns.lookup;

const originalPromiseLookup = dns.promises.lookup;
dns.promises.lookup = async function guardedPromiseLookup(hostname: string, ...rest: unknown[]) {
  if (!isLocal(hostname)) throw refuse("DNS name", hostname);
  return (originalPromiseLookup as (...a: unknown[]) => Promise<unknown>).call(
    dns.promises,
    hostname,
    ...rest,
  );
} as typeof dns.promises.lookup;

for (const method of ["resolve", "resolve4", "resolve6", "resolveAny"] as const) {
  const original = dns[method] as (...a: unknown[]) => unknown;
  (dns as unknown as Record<string, unknown>)[method] = (hostname: string, ...rest: unknown[]) => {
    if (!isLocal(hostname)) throw refuse("DNS name", hostname);
    return original.call(dns, hostname, ...rest);
  };
}

const originalSend = dgram.Socket.prototype.send;
dgram.Socket.prototype.send = function guardedSend(this: dgram.Socket, ...args: unknown[]) {
  // send(msg, [offset, length,] port, address, callback): the address is the first string after the message.
  const address = args.slice(1).find((a): a is string => typeof a === "string");
  if (!isLocal(address)) throw refuse("UDP address", address!);
  return (originalSend as (...a: unknown[]) => void).apply(this, args);
} as typeof dgram.Socket.prototype.send;

afterEach(() => {
  const seen = takeNetworkViolations();
  expect(seen, "the test tried to reach the network").toEqual([]);
});
