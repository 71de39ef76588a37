/**
 * onnxruntime-node 1.17.0 ships no declarations (its package.json points at a `dist/index.d.ts` it does not
 * include). Its API is onnxruntime-common's; these declarations say so for the code that imports it by name.
 */
declare module "onnxruntime-node" {
  import * as common from "onnxruntime-common";

  export * from "onnxruntime-common";

  const ort: typeof common;
  export default ort;
}
