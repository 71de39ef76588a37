// Which judge the example suite uses and the rows it evaluates. Point AIRGAP_EVAL_JUDGE at a GGUF file
// or a registry id (default: the registry's default judge, qwen2.5-0.5b-instruct once pulled).
export const judge = process.env.AIRGAP_EVAL_JUDGE ?? "qwen2.5-0.5b-instruct";

export const rows = [
  {
    id: "python-creator",
    user_input: "Who created the Python language?",
    response: "Python was created by Guido van Rossum.",
    retrieved_contexts: ["Python, created by Guido van Rossum in the late 1980s, is a programming language."],
    reference: "Guido van Rossum created Python.",
  },
  {
    id: "capital-of-france",
    user_input: "What is the capital of France?",
    response: "The capital of France is Paris.",
    retrieved_contexts: ["Paris is the capital and largest city of France."],
    reference: "Paris is the capital of France.",
  },
  {
    id: "boiling-point",
    user_input: "At what temperature does water boil at sea level?",
    response: "Water boils at 100 degrees Celsius at sea level.",
    retrieved_contexts: ["At sea level, water boils at 100 °C (212 °F)."],
    reference: "100 degrees Celsius.",
  },
];
