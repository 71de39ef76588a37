// A TypeScript program over source files, read as a user's editor reads the package (strict, NodeNext), for tests
// that check the public types: their names, their options and their doc comments.
import ts from "typescript";

/**
 * The program and its type checker over `files`.
 *
 * @example
 * const { program, checker } = typeScriptProgram(["src/index.ts"]);
 */
export function typeScriptProgram(files: readonly string[]): {
  program: ts.Program;
  checker: ts.TypeChecker;
} {
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
  });
  return { program, checker: program.getTypeChecker() };
}
