import { InvalidInputError } from "../../errors.js";

/** A scoring rubric as Ragas writes it: level name (`score1_description` ... ) to what that score means. */
export type Rubric = Record<string, string>;

/** One level of a rubric. */
export interface RubricLevel {
  score: number;
  description: string;
}

const LEVEL_KEY = /^score(-?\d+)_description$/;

/**
 * The first problem with a rubric's level keys, and the key it concerns: a key not shaped `score<N>_description`, an
 * N that is not a safe integer (`score99999999999999999999` would become 1e20), or a second key with the same N
 * (`score1_description` and `score01_description`). Undefined when the keys are good.
 *
 * @example
 * rubricKeysProblem(["score1_description", "score01_description"])?.key; // "score01_description"
 */
export function rubricKeysProblem(keys: readonly string[]): { key: string; problem: string } | undefined {
  const seen = new Map<number, string>();
  for (const key of keys) {
    const match = LEVEL_KEY.exec(key);
    if (!match) {
      return {
        key,
        problem: `has the key "${key}"; rubric keys must look like score<N>_description, e.g. score1_description`,
      };
    }
    const score = Number(match[1]);
    if (!Number.isSafeInteger(score)) {
      return {
        key,
        problem: `has the key "${key}", whose score is not a whole number JavaScript holds exactly (at most ${Number.MAX_SAFE_INTEGER} either side of 0); use a small score such as score5_description`,
      };
    }
    const earlier = seen.get(score);
    if (earlier !== undefined) {
      return {
        key,
        problem: `has the keys "${earlier}" and "${key}", both for score ${score}; give each score one level`,
      };
    }
    seen.set(score, key);
  }
  return undefined;
}

/**
 * The levels of a rubric, lowest score first. Keys must look like `score<N>_description` with a safe integer N, no
 * two keys may give the same N (`score1` and `score01`), each description must be non-empty, and there must be at least two levels; otherwise `InvalidInputError` names the
 * key (`where` is the field the rubric came from, e.g. `rubrics`, and the row when there is one).
 *
 * @example
 * rubricLevels({ score1_description: "Wrong.", score5_description: "Fully correct." });
 * // [{ score: 1, description: "Wrong." }, { score: 5, description: "Fully correct." }]
 */
export function rubricLevels(rubric: Rubric, where: { field: string; row?: number }): RubricLevel[] {
  if (rubric === null || typeof rubric !== "object" || Array.isArray(rubric)) {
    throw new InvalidInputError(
      'must be an object such as { "score1_description": "...", "score5_description": "..." }',
      where,
    );
  }
  const levels: RubricLevel[] = [];
  const problem = rubricKeysProblem(Object.keys(rubric));
  if (problem !== undefined) {
    throw new InvalidInputError(problem.problem, { ...where, field: `${where.field}.${problem.key}` });
  }
  for (const [key, description] of Object.entries(rubric)) {
    if (typeof description !== "string" || description.trim() === "") {
      throw new InvalidInputError("must describe what this score means (a non-empty text)", {
        ...where,
        field: `${where.field}.${key}`,
      });
    }
    levels.push({ score: Number(LEVEL_KEY.exec(key)![1]), description: description.trim() });
  }
  if (levels.length < 2) {
    throw new InvalidInputError("needs at least two score levels", where);
  }
  return levels.sort((a, b) => a.score - b.score);
}
