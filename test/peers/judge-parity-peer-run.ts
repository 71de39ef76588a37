// Runs peers/judge_parity.py (the peers with scripted judges) once per change of its inputs, through the one peer
// runner (test/support/peers.ts): the output is cached under the peer cache, keyed by a hash of the peer scripts and
// lock files, so a rerun reads JSON.
import { peerOutput } from "../support/peers.js";
import type { PeerCase } from "./judge-parity-case.js";

/** The peer's cases and scores, from the cache or a run of `bash peers/run.sh peers/judge_parity.py`. */
export function peerCases(): { cases: PeerCase[]; cacheFile: string; cached: boolean } {
  const { value, cached, file } = peerOutput<{ cases: PeerCase[] }>("judge_parity.py");
  return { cases: value.cases, cacheFile: file, cached };
}
