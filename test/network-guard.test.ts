import net from "node:net";
import { describe, expect, it } from "vitest";

describe("network guard", () => {
  it("refuses a connection to a non-loopback host", () => {
    expect(() => net.connect({ host: "192.0.2.1", port: 80 })).toThrow(/network guard/);
  });

  it("refuses fetch to a non-loopback host", async () => {
    await expect(fetch("http://192.0.2.1:9/")).rejects.toThrow();
  });

  it("allows loopback", async () => {
    const server = net.createServer((s) => s.end("ok"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as net.AddressInfo).port;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: "127.0.0.1", port });
      let data = "";
      socket.on("data", (d) => {
        data += d;
      });
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
    server.close();
    expect(text).toBe("ok");
  });
});
