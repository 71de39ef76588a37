import dgram from "node:dgram";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { takeNetworkViolations } from "./setup/network-guard.js";

/** Runs `attempt`, then returns what the guard recorded (and clears it, so this test itself passes). */
async function violationsOf(attempt: () => unknown): Promise<string[]> {
  try {
    await attempt();
  } catch {
    // The guard throws; library code may also wrap or swallow its error. The record is what counts.
  }
  return takeNetworkViolations();
}

describe("network guard", () => {
  it("refuses a TCP connection to a non-loopback address", async () => {
    expect(() => net.connect({ host: "192.0.2.1", port: 80 })).toThrow(/network guard/);
    takeNetworkViolations();
    // An http Agent passes `path: null`: that is not a unix socket and must be caught too.
    const seen = await violationsOf(() => net.connect({ host: "192.0.2.1", port: 80, path: null } as never));
    expect(seen).toEqual([expect.stringContaining('host "192.0.2.1"')]);
  });

  it("refuses fetch, and records it even though fetch wraps the error", async () => {
    const seen = await violationsOf(() => fetch("http://192.0.2.1:80/"));
    expect(seen).toEqual([expect.stringContaining("192.0.2.1")]);
  });

  it("refuses http and https requests by name (DNS) and by address", async () => {
    const byName = await violationsOf(
      () =>
        new Promise((resolve, reject) => {
          http.get("http://example.com/", resolve).on("error", reject);
        }),
    );
    expect(byName).toEqual([expect.stringContaining('"example.com"')]);
    const byAddress = await violationsOf(
      () =>
        new Promise((resolve, reject) => {
          https.get("https://192.0.2.1/", resolve).on("error", reject);
        }),
    );
    expect(byAddress).toEqual([expect.stringContaining('host "192.0.2.1"')]);
  });

  it("refuses DNS look-ups and UDP datagrams to other hosts", async () => {
    expect(await violationsOf(() => dns.promises.lookup("example.org"))).toHaveLength(1);
    expect(await violationsOf(() => dns.lookup("example.org", () => {}))).toHaveLength(1);
    const socket = dgram.createSocket("udp4");
    expect(await violationsOf(() => socket.send("x", 53, "192.0.2.1"))).toHaveLength(1);
    socket.close();
  });

  it("allows loopback", async () => {
    const server = net.createServer((s) => s.end("ok"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as net.AddressInfo).port;
    const viaSocket = await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: "127.0.0.1", port });
      let data = "";
      socket.on("data", (d) => {
        data += d;
      });
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
    server.close();
    expect(viaSocket).toBe("ok");

    const web = http.createServer((_req, res) => res.end("web"));
    await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
    const webPort = (web.address() as net.AddressInfo).port;
    expect(await (await fetch(`http://127.0.0.1:${webPort}/`)).text()).toBe("web");
    expect(await (await fetch(`http://localhost:${webPort}/`)).text()).toBe("web");
    web.close();
  });
});
