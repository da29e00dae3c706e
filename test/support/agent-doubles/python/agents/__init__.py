"""Edge double of the OpenAI Agents SDK (openai-agents) for skillops' tests.

Implements the public names the shipped agent uses (Agent, Runner.run_sync, function_tool,
set_default_openai_api, set_tracing_disabled) with the SDK's documented shapes: run_sync returns
a result with final_output and context_wrapper.usage (input_tokens, output_tokens). The "model" is
a script: test/fixtures/agents/agents-sdk/<scenario>.json, where the prompt says `scenario: NAME`;
its tool calls run the agent's real tools. Scenario `crash` raises, as an SDK error would.
"""
import json
import os
import re
from types import SimpleNamespace

_HERE = os.path.dirname(__file__)
# In the checkout: test/fixtures/agents. A copy the test puts on the agent's PATH (the sandbox hides
# the checkout) has the fixtures beside its agent-doubles folder: <bin>/fixtures.
FIXTURES = next(
    p
    for p in (
        os.path.join(_HERE, "..", "..", "..", "fixtures", "agents-sdk"),
        os.path.join(_HERE, "..", "..", "..", "..", "fixtures", "agents", "agents-sdk"),
    )
    if os.path.isdir(p)
)
settings = {}


def function_tool(fn):
    return SimpleNamespace(name=fn.__name__, fn=fn)


def set_default_openai_api(api):
    settings["api"] = api


def set_tracing_disabled(disabled):
    settings["tracing_disabled"] = disabled


class Agent:
    def __init__(self, name, instructions, tools, model):
        self.name, self.instructions, self.tools, self.model = name, instructions, tools, model


class Runner:
    @staticmethod
    def run_sync(agent, prompt):
        if settings.get("api") != "chat_completions" or not os.environ.get("OPENAI_BASE_URL"):
            raise RuntimeError("the agent must use chat completions through OPENAI_BASE_URL")
        scenario = (re.search(r"scenario: ([a-z-]+)", prompt) or [None, "skill-used"])[1]
        if scenario == "crash":
            raise RuntimeError("openai.APIConnectionError: Connection error.")
        with open(os.path.join(FIXTURES, f"{scenario}.json"), encoding="utf-8") as f:
            script = json.load(f)
        tools = {t.name: t.fn for t in agent.tools}
        for call in script["calls"]:
            tools[call["tool"]](**call["args"])
        usage = SimpleNamespace(**script["usage"])
        return SimpleNamespace(final_output=script["final_output"], context_wrapper=SimpleNamespace(usage=usage))
