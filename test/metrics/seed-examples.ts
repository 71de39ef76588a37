// The seed's documented examples (Haystack's evaluator docstrings), shared by the metric tests.

export const PYTHON_QUESTION = "Who created the Python language?";

export const PYTHON_CONTEXT =
  "Python, created by Guido van Rossum in the late 1980s, is a high-level general-purpose programming language. " +
  "Its design philosophy emphasizes code readability, and its language constructs aim to help programmers write " +
  "clear, logical code for both small and large-scale software projects.";

export const GEORGE_LUCAS_ANSWER =
  "Python is a high-level general-purpose programming language that was created by George Lucas.";

/** What a judge answers for the Python/Guido context relevance example (one relevant statement). */
export const GUIDO_STATEMENTS = {
  statements: [{ statement: "Python, created by Guido van Rossum in the late 1980s.", score: 1 }],
};

/** The George Lucas statements and verdicts: one supported, one not. */
export const LUCAS_STATEMENTS = {
  statements: [
    "Python is a high-level general-purpose programming language.",
    "Python was created by George Lucas.",
  ],
};
export const LUCAS_VERDICTS = {
  verdicts: [
    {
      statement: "Python is a high-level general-purpose programming language.",
      reason: "The context says so.",
      verdict: 1,
    },
    {
      statement: "Python was created by George Lucas.",
      reason: "The context names Guido van Rossum as its creator.",
      verdict: 0,
    },
  ],
};
