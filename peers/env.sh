# Sourced by every peer script (peers/run.sh sources it): turns off the peers' telemetry, update checks and hub
# downloads, so a run is offline and repeatable. One definition of these settings; peers/smoke.py checks that no
# peer opens a network connection with them set.

# DeepEval: no PostHog telemetry, no PyPI update check, no .env autoloading from the working directory, the LLM
# judge path (`llm` eval mode; `system_one`/`hybrid` call the hosted Jev model), and its state under the cache.
export DEEPEVAL_TELEMETRY_OPT_OUT=YES
export DEEPEVAL_UPDATE_WARNING_OPT_IN=0
export DEEPEVAL_DISABLE_DOTENV=1
export DEEPEVAL_EVAL_MODE=llm
# Ragas: no usage tracking (it POSTs to its analytics endpoint otherwise).
export RAGAS_DO_NOT_TRACK=true
# Haystack: no PostHog telemetry.
export HAYSTACK_TELEMETRY_ENABLED=False
# LangChain/LangSmith (Ragas depends on them): no tracing.
export LANGCHAIN_TRACING_V2=false
export LANGSMITH_TRACING=false
# Hugging Face (sentence-transformers, transformers, datasets): local files only.
export HF_HUB_OFFLINE=1
export TRANSFORMERS_OFFLINE=1
export HF_DATASETS_OFFLINE=1
export HF_HUB_DISABLE_TELEMETRY=1
