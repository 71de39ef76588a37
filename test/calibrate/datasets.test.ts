// The data set registry, `pullDataset` against a file server on 127.0.0.1 (resume, corrupt file
// refused, atomic move, no empty folder left) and `verifyDataset` on the shared copies.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { datasetConverters } from "../../src/datasets/converters/index.js";
import { pullDataset } from "../../src/datasets/pull.js";
import {
  type DatasetEntry,
  datasetFileUrl,
  findDataset,
  loadDatasetRegistry,
} from "../../src/datasets/registry.js";
import { verifyDataset } from "../../src/datasets/verify.js";
import { ModelIntegrityError } from "../../src/errors.js";
import {
  closedPort,
  fixtureBytes,
  type HubServer,
  sha256,
  startHub,
  tempDir,
} from "../fixtures/hub/hub-server.js";

const sharedDir =
  process.env.AIRGAP_EVAL_TEST_DATASETS ?? path.resolve(import.meta.dirname, "../../../shared/datasets");

describe("datasets.json", () => {
  const entries = loadDatasetRegistry();

  it("lists every data set that has a converter, and no other", () => {
    expect(entries.map((e) => e.id).sort()).toEqual([...datasetConverters.keys()].sort());
  });

  it("non-commercial upstream text carries a caveat", () => {
    for (const id of ["llmbar-natural", "halueval-general"]) {
      expect(findDataset(entries, id).caveat).toMatch(/non-commercial/i);
    }
  });

  it("an unknown id lists the known ones", () => {
    expect(() => findDataset(entries, "nope")).toThrow(/known ids: halueval-qa-sample/);
  });

  it.skipIf(!existsSync(sharedDir))(
    "pins exactly the bytes of the shared copies, and converters give the pinned row counts",
    async () => {
      for (const entry of entries) {
        const dir = path.join(sharedDir, entry.id);
        const checks = await verifyDataset(entry, dir);
        expect(
          checks.filter((c) => c.status !== "ok"),
          entry.id,
        ).toEqual([]);
        expect(datasetConverters.get(entry.id)!.convert(dir)).toHaveLength(entry.rows);
      }
    },
  );
});

describe("pullDataset", () => {
  const body = fixtureBytes(150_000, 9);
  const licence = Buffer.from("MIT licence text\n");
  const entry: DatasetEntry = {
    id: "tiny-set",
    description: "test set",
    licence: "MIT",
    attribution: "tests",
    labelSource: "human",
    rows: 1,
    source: {
      repo: "acme/tiny",
      commit: "0123456789abcdef0123456789abcdef01234567",
      files: [
        { path: "data/rows.jsonl", file: "rows.jsonl", size: body.length, sha256: sha256(body) },
        { path: "LICENSE", file: "LICENSE", size: licence.length, sha256: sha256(licence) },
      ],
    },
  };
  const urlPath = (f: number) => new URL(datasetFileUrl("http://x", entry, entry.source.files[f]!)).pathname;
  let hub: HubServer | undefined;
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  it("downloads, verifies and moves files into place; a second pull fetches nothing", async () => {
    hub = await startHub({ [urlPath(0)]: { body }, [urlPath(1)]: { body: licence } });
    const datasetsDir = tempDir("airgap-datasets-");
    const first = await pullDataset(entry, { datasetsDir, baseUrl: hub.baseUrl });
    expect(first.files.map((f) => f.status)).toEqual(["downloaded", "downloaded"]);
    expect(readFileSync(path.join(datasetsDir, "tiny-set", "rows.jsonl")).equals(body)).toBe(true);
    const requests = hub.requests.length;
    const second = await pullDataset(entry, { datasetsDir, baseUrl: hub.baseUrl });
    expect(second.files.map((f) => f.status)).toEqual(["present", "present"]);
    expect(hub.requests.length).toBe(requests);
    expect((await verifyDataset(entry, second.dir)).every((c) => c.status === "ok")).toBe(true);
  });

  it("resumes a cut transfer from the bytes it kept", async () => {
    hub = await startHub({ [urlPath(0)]: { body, cutAfter: 60_000 }, [urlPath(1)]: { body: licence } });
    const datasetsDir = tempDir("airgap-datasets-");
    await expect(pullDataset(entry, { datasetsDir, baseUrl: hub.baseUrl })).rejects.toThrow(/resume/);
    const partial = path.join(datasetsDir, "tiny-set", "rows.jsonl.partial");
    expect(existsSync(partial)).toBe(true);
    expect(existsSync(path.join(datasetsDir, "tiny-set", "rows.jsonl"))).toBe(false);
    const again = await pullDataset(entry, { datasetsDir, baseUrl: hub.baseUrl });
    expect(again.files[0]!.status).toBe("resumed");
    expect(hub.requests.some((r) => r.range?.startsWith("bytes="))).toBe(true);
    expect(readFileSync(path.join(datasetsDir, "tiny-set", "rows.jsonl")).equals(body)).toBe(true);
  });

  it("refuses a corrupt file: nothing is put in place", async () => {
    const wrong = Buffer.from(body);
    wrong[100] = (wrong[100]! + 1) % 256;
    hub = await startHub({ [urlPath(0)]: { body: wrong }, [urlPath(1)]: { body: licence } });
    const datasetsDir = tempDir("airgap-datasets-");
    await expect(pullDataset(entry, { datasetsDir, baseUrl: hub.baseUrl })).rejects.toThrow(
      ModelIntegrityError,
    );
    // The corrupt bytes are deleted, and the folder the pull made is removed with them.
    expect(existsSync(path.join(datasetsDir, "tiny-set"))).toBe(false);
  });

  it("an unreachable host leaves no empty folder and says where to run the pull", async () => {
    const datasetsDir = tempDir("airgap-datasets-");
    await expect(
      pullDataset(entry, { datasetsDir, baseUrl: `http://127.0.0.1:${await closedPort()}` }),
    ).rejects.toThrow(/connected machine/);
    expect(existsSync(path.join(datasetsDir, "tiny-set"))).toBe(false);
  });

  it("verify reports a missing and a changed file", async () => {
    const dir = tempDir("airgap-datasets-");
    writeFileSync(path.join(dir, "rows.jsonl"), Buffer.alloc(body.length));
    const checks = await verifyDataset(entry, dir);
    expect(checks.map((c) => c.status)).toEqual(["wrong-sha256", "missing"]);
  });
});
