/**
 * Build step after `tsc`: replaces dist/embeddings/transformers-runtime.js by a bundle of the parts of
 * @xenova/transformers that airgap-eval uses (tokenizers and env), so that the published package does not depend on
 * @xenova/transformers and a user's install never sees its sharp 0.32 dependency (whose install script downloads
 * libvips from outside the npm registry). onnxruntime-node and @huggingface/jinja stay ordinary dependencies, at the
 * versions transformers.js 2.17.2 asks for; onnxruntime-web (browser only) is replaced by an empty module.
 *
 * Run by `npm run build`; fails when anything in the bundle still refers to sharp.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const xenovaDir = path.dirname(require.resolve("@xenova/transformers/package.json"));
const xenovaVersion = (
  JSON.parse(readFileSync(path.join(xenovaDir, "package.json"), "utf8")) as { version: string }
).version;

/** `@xenova/transformers` resolves to the two modules we use instead of its index (which loads sharp). */
const transformersParts: Plugin = {
  name: "transformers-parts",
  setup(b) {
    b.onResolve({ filter: /^@xenova\/transformers$/ }, () => ({
      path: "xenova-parts",
      namespace: "xenova-parts",
    }));
    b.onLoad({ filter: /.*/, namespace: "xenova-parts" }, () => ({
      contents:
        `export { AutoTokenizer } from ${JSON.stringify(path.join(xenovaDir, "src/tokenizers.js"))};\n` +
        `export { env } from ${JSON.stringify(path.join(xenovaDir, "src/env.js"))};\n`,
      resolveDir: xenovaDir,
      loader: "js",
    }));
    b.onResolve({ filter: /^onnxruntime-web$/ }, () => ({ path: "onnxruntime-web", namespace: "empty" }));
    b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({
      contents: "export default undefined;",
      loader: "js",
    }));
    b.onResolve({ filter: /^sharp$/ }, (args) => {
      throw new Error(`${args.importer} imports sharp: the tokenizer bundle must not need it`);
    });
  },
};

const outfile = path.join(root, "dist/embeddings/transformers-runtime.js");
await build({
  entryPoints: [path.join(root, "src/embeddings/transformers-runtime.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: ["onnxruntime-node", "@huggingface/jinja"],
  plugins: [transformersParts],
  legalComments: "none",
  logLevel: "warning",
  banner: {
    js:
      `// Bundled from @xenova/transformers ${xenovaVersion} (Apache-2.0, see ../vendor/transformers-NOTICE.md) ` +
      "by scripts/bundle-transformers.ts.",
  },
});

const bundled = readFileSync(outfile, "utf8");
if (/["']sharp["']/.test(bundled)) throw new Error(`${outfile} still refers to sharp`);

const notice = path.join(root, "dist/vendor/transformers-NOTICE.md");
mkdirSync(path.dirname(notice), { recursive: true });
writeFileSync(
  notice,
  `# @xenova/transformers ${xenovaVersion}\n\n` +
    "dist/embeddings/transformers-runtime.js contains the tokenizer and environment modules of transformers.js " +
    "(https://github.com/xenova/transformers.js), unmodified except for bundling, under the licence below.\n\n" +
    "```text\n" +
    readFileSync(path.join(xenovaDir, "LICENSE"), "utf8") +
    "\n```\n",
);
console.log(`bundled @xenova/transformers ${xenovaVersion} tokenizers into ${path.relative(root, outfile)}`);
