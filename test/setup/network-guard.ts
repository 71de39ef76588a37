// Test-wide guard: any socket connection to a host other than loopback fails the test.
import net from "node:net";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "::ffff:127.0.0.1"]);

function hostOf(args: unknown[]): string | undefined {
  const first = args[0];
  if (Array.isArray(first)) return hostOf(first);
  if (first && typeof first === "object") {
    const opts = first as { host?: string; path?: string };
    if (opts.path !== undefined) return undefined; // unix socket / named pipe: local
    return opts.host ?? "localhost";
  }
  if (typeof first === "number") return typeof args[1] === "string" ? args[1] : "localhost";
  return undefined; // string path: unix socket
}

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const host = hostOf(args);
  if (host !== undefined && !LOOPBACK.has(host)) {
    throw new Error(`network guard: tests may only connect to 127.0.0.1, not to "${host}"`);
  }
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
