"""Scripted judges for the peers: LLM stand-ins that return recorded structured outputs, in order, so a peer's
LLM metric runs offline and its formula can be compared with airgap-eval's on the same judge answers.

Each script is a list of (schema class name, JSON-ready dict) pairs. A call whose schema is not the next one in the
script is an error that names both, so a peer that changed its prompt pipeline fails loudly instead of scoring
on misplaced answers. Every prompt the peer sent is kept in `llm.answers.prompts`, in call order.

- Ragas 0.4 (`ragas.metrics.collections.*`, e.g. `Faithfulness(llm=...)`): `ScriptedRagasLLM` subclasses
  `ragas.llms.base.InstructorBaseRagasLLM`, whose two abstract methods are
  `generate(prompt: str, response_model: type[BaseModel]) -> BaseModel` and
  `async agenerate(prompt: str, response_model: type[BaseModel]) -> BaseModel`. The metric validates the llm with
  `isinstance(llm, InstructorBaseRagasLLM)` and calls `agenerate` with the rendered prompt and the output model.
- DeepEval 4 (`deepeval.metrics.*`, e.g. `FaithfulnessMetric(model=...)`): `ScriptedDeepEvalLLM` subclasses
  `deepeval.models.DeepEvalBaseLLM`: `load_model()`, `generate(prompt, schema=None)`,
  `async a_generate(prompt, schema=None)`, `get_model_name()`. The metric calls `generate_with_schema(prompt,
  schema=Cls)`, which passes `schema=` to `generate`; returning an instance of `Cls` skips DeepEval's JSON parsing.
"""

import json

from deepeval.models import DeepEvalBaseLLM
from langchain_core.outputs import Generation, LLMResult
from ragas.llms.base import BaseRagasLLM, InstructorBaseRagasLLM


class RecordedAnswers:
    """The script: hands out the recorded answers in order, checking each call asks for the recorded schema."""

    def __init__(self, peer, script):
        self.peer = peer
        self.script = list(script)
        self.prompts = []

    def next(self, prompt, schema):
        return schema.model_validate(self.next_named(prompt, schema.__name__))

    def next_named(self, prompt, schema_name):
        """The next recorded answer (a dict), checking the call asks for the recorded schema, named `schema_name`."""
        self.prompts.append(prompt)
        call = len(self.prompts)
        if call > len(self.script):
            raise AssertionError(
                f"{self.peer} scripted judge: call {call} asked for {schema_name}, "
                f"but the script has only {len(self.script)} answer(s); add the recorded answer for this call"
            )
        recorded_name, data = self.script[call - 1]
        if schema_name != recorded_name:
            raise AssertionError(
                f"{self.peer} scripted judge: call {call} asked for {schema_name}, "
                f"the script recorded {recorded_name}; the peer's prompt pipeline differs from the recording"
            )
        return data

    def assert_used_up(self):
        if len(self.prompts) != len(self.script):
            raise AssertionError(
                f"{self.peer} scripted judge: the peer made {len(self.prompts)} call(s), "
                f"the script has {len(self.script)}"
            )


class ScriptedRagasLLM(InstructorBaseRagasLLM):
    """For Ragas 0.4's collections metrics: `Faithfulness(llm=ScriptedRagasLLM(script))`."""

    def __init__(self, script):
        self.answers = RecordedAnswers("ragas", script)

    def generate(self, prompt, response_model):
        return self.answers.next(prompt, response_model)

    async def agenerate(self, prompt, response_model):
        return self.answers.next(prompt, response_model)


class ScriptedDeepEvalLLM(DeepEvalBaseLLM):
    """For DeepEval's LLM metrics: `FaithfulnessMetric(model=ScriptedDeepEvalLLM(script), async_mode=False)`."""

    def __init__(self, script):
        self.answers = RecordedAnswers("deepeval", script)
        super().__init__(model="scripted")

    def load_model(self):
        return self

    def generate(self, prompt, schema=None):
        if schema is None:
            raise AssertionError("deepeval scripted judge: called without a schema; the script holds structured answers only")
        return self.answers.next(prompt, schema)

    async def a_generate(self, prompt, schema=None):
        return self.generate(prompt, schema)

    def get_model_name(self):
        return "scripted"


class ScriptedLegacyRagasLLM(BaseRagasLLM):
    """For Ragas' legacy metrics (`ragas.metrics.AspectCritic`, `SimpleCriteriaScore`: `llm=`, scored with
    `single_turn_ascore`), whose prompts render the output model's JSON schema into the prompt text and parse the
    completion: each call returns the recorded answer as JSON text, after checking the prompt names the recorded
    schema (`"title": "<name>"`)."""

    def __init__(self, script):
        super().__init__()
        self.answers = RecordedAnswers("ragas (legacy)", script)

    def generate_text(self, prompt, n=1, temperature=0.01, stop=None, callbacks=None):
        text = prompt.to_string()
        call = len(self.answers.prompts)
        recorded_name = self.answers.script[call][0] if call < len(self.answers.script) else "(none)"
        asked = recorded_name if f'"title": "{recorded_name}"' in text else "an output model the prompt does not name"
        answer = self.answers.next_named(text, asked)
        return LLMResult(generations=[[Generation(text=json.dumps(answer))] * n])

    async def agenerate_text(self, prompt, n=1, temperature=0.01, stop=None, callbacks=None):
        return self.generate_text(prompt, n, temperature, stop, callbacks)

    def is_finished(self, response):
        return True
