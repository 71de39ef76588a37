"""One runner per metric of the judge-metric parity: builds the peer's metric around a scripted judge (and, where
the metric embeds, scripted embeddings), scores the case, and checks the peer asked for every recorded answer."""

import asyncio

from ragas.embeddings.base import BaseRagasEmbedding
from scripted_llms import ScriptedDeepEvalLLM, ScriptedLegacyRagasLLM, ScriptedRagasLLM


class ScriptedRagasEmbeddings(BaseRagasEmbedding):
    """Fixed vectors by text, for Ragas' collections metrics; an unlisted text is an error that names it."""

    def __init__(self, vectors):
        super().__init__()
        self.vectors = vectors

    def embed_text(self, text, **kwargs):
        if text not in self.vectors:
            raise AssertionError(f"ragas scripted embeddings: no vector for {text!r}")
        return [float(x) for x in self.vectors[text]]

    async def aembed_text(self, text, **kwargs):
        return self.embed_text(text)

    async def aembed_texts(self, texts, **kwargs):
        return [self.embed_text(t) for t in texts]


def ragas(metric_class, case, needs_embeddings=False, **options):
    llm = ScriptedRagasLLM([tuple(step) for step in case["script"]])
    if needs_embeddings:
        options["embeddings"] = ScriptedRagasEmbeddings(case["vectors"])
    result = asyncio.get_event_loop().run_until_complete(metric_class(llm=llm, **options).ascore(**case["inputs"]))
    llm.answers.assert_used_up()
    return result.value


def faithfulness(case):
    from ragas.metrics.collections import Faithfulness

    return ragas(Faithfulness, case)


def answer_relevancy(case):
    from ragas.metrics.collections import AnswerRelevancy

    return ragas(AnswerRelevancy, case, needs_embeddings=True, strictness=case["options"]["strictness"])


def context_precision(case):
    from ragas.metrics.collections import ContextPrecisionWithReference

    return ragas(ContextPrecisionWithReference, case)


def context_utilization(case):
    from ragas.metrics.collections import ContextPrecisionWithoutReference

    return ragas(ContextPrecisionWithoutReference, case)


def context_recall(case):
    from ragas.metrics.collections import ContextRecall

    return ragas(ContextRecall, case)


def context_entity_recall(case):
    from ragas.metrics.collections import ContextEntityRecall

    return ragas(ContextEntityRecall, case)


def noise_sensitivity(case):
    from ragas.metrics.collections.noise_sensitivity.metric import NoiseSensitivity

    return ragas(NoiseSensitivity, case, mode=case["options"]["mode"])


def factual_correctness(case):
    from ragas.metrics.collections import FactualCorrectness

    return ragas(FactualCorrectness, case, **case["options"])


def answer_correctness(case):
    from ragas.metrics.collections import AnswerCorrectness

    return ragas(AnswerCorrectness, case, needs_embeddings=True, **case["options"])


def rubrics_score(case):
    from ragas.metrics.collections import DomainSpecificRubrics

    return ragas(DomainSpecificRubrics, case, **case["options"])


def instance_rubrics(case):
    from ragas.metrics.collections import InstanceSpecificRubrics

    return ragas(InstanceSpecificRubrics, case)


def ragas_messages(turns):
    from ragas.messages import AIMessage, HumanMessage

    return [HumanMessage(content=t["content"]) if t["role"] == "user" else AIMessage(content=t["content"])
            for t in turns]


def with_messages(case):
    return {**case, "inputs": {**case["inputs"], "user_input": ragas_messages(case["inputs"]["user_input"])}}


def agent_goal_accuracy(case):
    from ragas.metrics.collections import AgentGoalAccuracyWithReference

    return ragas(AgentGoalAccuracyWithReference, with_messages(case))


def agent_goal_accuracy_without_reference(case):
    from ragas.metrics.collections import AgentGoalAccuracyWithoutReference

    return ragas(AgentGoalAccuracyWithoutReference, with_messages(case))


def topic_adherence(case):
    from ragas.metrics.collections.topic_adherence.metric import TopicAdherence

    return ragas(TopicAdherence, with_messages(case), mode=case["options"]["mode"])


def nv_accuracy(case):
    from ragas.metrics.collections import AnswerAccuracy

    return ragas(AnswerAccuracy, case)


def nv_context_relevance(case):
    from ragas.metrics.collections import ContextRelevance

    return ragas(ContextRelevance, case)


def nv_response_groundedness(case):
    from ragas.metrics.collections.response_groundedness.metric import ResponseGroundedness

    return ragas(ResponseGroundedness, case)


def deepeval_conversational(metric_class, case, **options):
    from deepeval.test_case import ConversationalTestCase, Turn

    llm = ScriptedDeepEvalLLM([tuple(step) for step in case["script"]])
    inputs = case["inputs"]
    test_case = ConversationalTestCase(
        turns=[Turn(role=t["role"], content=t["content"]) for t in inputs["turns"]],
        **({"chatbot_role": inputs["chatbot_role"]} if "chatbot_role" in inputs else {}),
    )
    metric = metric_class(model=llm, async_mode=False, include_reason=False,
                          strict_mode=case["options"]["strict_mode"], **options)
    score = metric.measure(test_case, _show_indicator=False)
    llm.answers.assert_used_up()
    return score


def conversation_completeness(case):
    from deepeval.metrics import ConversationCompletenessMetric

    return deepeval_conversational(ConversationCompletenessMetric, case)


def turn_relevancy(case):
    from deepeval.metrics import TurnRelevancyMetric

    return deepeval_conversational(TurnRelevancyMetric, case, window_size=case["options"]["window_size"])


def role_adherence(case):
    from deepeval.metrics import RoleAdherenceMetric

    return deepeval_conversational(RoleAdherenceMetric, case)


def knowledge_retention(case):
    from deepeval.metrics import KnowledgeRetentionMetric

    return deepeval_conversational(KnowledgeRetentionMetric, case)


def deepeval_single_turn(metric_class, case, **options):
    """A DeepEval LLMTestCase metric on the case's inputs (its own field names), strict mode as the case says."""
    from deepeval.test_case import LLMTestCase

    llm = ScriptedDeepEvalLLM([tuple(step) for step in case["script"]])
    fields = {k: v for k, v in case["inputs"].items() if k in ("input", "actual_output", "expected_output",
                                                                "retrieval_context")}
    metric = metric_class(model=llm, async_mode=False, include_reason=False,
                          strict_mode=case["options"]["strict_mode"], **options)
    score = metric.measure(LLMTestCase(**{"actual_output": "", **fields}), _show_indicator=False)
    llm.answers.assert_used_up()
    return score


def deepeval_contextual_relevancy(case):
    from deepeval.metrics import ContextualRelevancyMetric

    return deepeval_single_turn(ContextualRelevancyMetric, case)


def deepeval_contextual_recall(case):
    from deepeval.metrics import ContextualRecallMetric

    return deepeval_single_turn(ContextualRecallMetric, case)


def deepeval_contextual_precision(case):
    from deepeval.metrics import ContextualPrecisionMetric

    return deepeval_single_turn(ContextualPrecisionMetric, case)


def deepeval_answer_relevancy(case):
    from deepeval.metrics import AnswerRelevancyMetric

    return deepeval_single_turn(AnswerRelevancyMetric, case)


def deepeval_faithfulness(case):
    from deepeval.metrics import FaithfulnessMetric

    return deepeval_single_turn(FaithfulnessMetric, case,
                                penalize_ambiguous_claims=case["options"]["penalize_ambiguous_claims"],
                                truths_extraction_limit=case["options"]["truths_extraction_limit"])


def ragas_legacy(metric, case):
    from ragas.dataset_schema import SingleTurnSample

    llm = ScriptedLegacyRagasLLM([tuple(step) for step in case["script"]])
    metric.llm = llm
    score = asyncio.get_event_loop().run_until_complete(metric.single_turn_ascore(SingleTurnSample(**case["inputs"])))
    llm.answers.assert_used_up()
    return score


def aspect_critic(case):
    from ragas.metrics import AspectCritic

    metric = AspectCritic(name="politeness", definition="Is the response polite?",
                          strictness=case["options"]["strictness"])
    return ragas_legacy(metric, case)


def simple_criteria(case):
    from ragas.metrics import SimpleCriteriaScore

    return ragas_legacy(SimpleCriteriaScore(name="clarity", definition="How clear is the response?"), case)


def g_eval(case):
    from deepeval.metrics import GEval
    from deepeval.test_case import LLMTestCase, LLMTestCaseParams

    llm = ScriptedDeepEvalLLM([tuple(step) for step in case["script"]])
    metric = GEval(name="clarity", criteria=case["options"]["criteria"], model=llm, async_mode=False,
                   evaluation_params=[LLMTestCaseParams.INPUT, LLMTestCaseParams.ACTUAL_OUTPUT])
    score = metric.measure(LLMTestCase(**case["inputs"]), _show_indicator=False)
    llm.answers.assert_used_up()
    return score


def conversational_g_eval(case):
    from deepeval.metrics import ConversationalGEval
    from deepeval.test_case import ConversationalTestCase, MultiTurnParams, Turn

    llm = ScriptedDeepEvalLLM([tuple(step) for step in case["script"]])
    options = case["options"]
    metric = ConversationalGEval(name="clarity", criteria=options.get("criteria"),
                                 evaluation_steps=options.get("evaluation_steps"), model=llm, async_mode=False,
                                 strict_mode=options["strict_mode"],
                                 evaluation_params=[MultiTurnParams.ROLE, MultiTurnParams.CONTENT])
    turns = [Turn(role=t["role"], content=t["content"]) for t in case["inputs"]["turns"]]
    test_case = ConversationalTestCase(turns=turns)
    score = metric.measure(test_case, _show_indicator=False)
    llm.answers.assert_used_up()
    return score


RUNNERS = {
    "faithfulness": faithfulness,
    "answer_relevancy": answer_relevancy,
    "context_precision": context_precision,
    "context_utilization": context_utilization,
    "context_recall": context_recall,
    "context_entity_recall": context_entity_recall,
    "noise_sensitivity": noise_sensitivity,
    "factual_correctness": factual_correctness,
    "answer_correctness": answer_correctness,
    "rubrics_score": rubrics_score,
    "instance_rubrics": instance_rubrics,
    "agent_goal_accuracy": agent_goal_accuracy,
    "agent_goal_accuracy_without_reference": agent_goal_accuracy_without_reference,
    "topic_adherence": topic_adherence,
    "nv_accuracy": nv_accuracy,
    "nv_context_relevance": nv_context_relevance,
    "nv_response_groundedness": nv_response_groundedness,
    "conversation_completeness": conversation_completeness,
    "turn_relevancy": turn_relevancy,
    "role_adherence": role_adherence,
    "knowledge_retention": knowledge_retention,
    "aspect_critic": aspect_critic,
    "simple_criteria": simple_criteria,
    "g_eval": g_eval,
    "conversational_g_eval": conversational_g_eval,
    "deepeval_contextual_relevancy": deepeval_contextual_relevancy,
    "deepeval_contextual_recall": deepeval_contextual_recall,
    "deepeval_contextual_precision": deepeval_contextual_precision,
    "deepeval_answer_relevancy": deepeval_answer_relevancy,
    "deepeval_faithfulness": deepeval_faithfulness,
}
