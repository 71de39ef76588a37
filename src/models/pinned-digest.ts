import { ModelIntegrityError } from "../errors.js";
import { integrityMessage } from "./integrity.js";
import type { ResolvedModel } from "./resolved-model.js";

/** Refuses the ONNX file when the registry (or the pull lock file) pins another sha256. */
export function pinnedDigestCheck(
  model: ResolvedModel | undefined,
  onnxPath: string,
): ((sha256: string) => void) | undefined {
  const file = model?.files.find((f) => f.absolutePath === onnxPath);
  const expected = file?.sha256;
  if (!model || !file || !expected) return undefined;
  return (actual) => {
    if (actual === expected) return;
    throw new ModelIntegrityError(
      integrityMessage(model, file, `has sha256 ${actual}, expected ${expected}`),
      onnxPath,
      expected,
      actual,
    );
  };
}
