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
 * The levels of a rubric, lowest score first. Keys must look like `score<N>_description` with an integer N, each
 * description must be non-empty, and there must be at least two levels; otherwise `InvalidInputError` names the
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
  for (const [key, description] of Object.entries(rubric)) {
    const match = LEVEL_KEY.exec(key);
    if (!match) {
      throw new InvalidInputError(
        `has the key "${key}"; rubric keys must look like score<N>_description, e.g. score1_description`,
        { ...where, field: `${where.field}.${key}` },
      );
    }
    if (typeof description !== "string" || description.trim() === "") {
      throw new InvalidInputError("must describe what this score means (a non-empty text)", {
        ...where,
        field: `${where.field}.${key}`,
      });
    }
    levels.push({ score: Number(match[1]), description: description.trim() });
  }
  if (levels.length < 2) {
    throw new InvalidInputError("needs at least two score levels", where);
  }
  return levels.sort((a, b) => a.score - b.score);
}
