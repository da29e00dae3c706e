#!/usr/bin/env python3
"""The OpenAI Agents SDK agent skillops ships for `--runner agents-sdk` (docs/agents.md).

Reads the command runner's contract (docs/agent-command.md) on stdin, gives the agent the skills'
names and descriptions as instructions and three tools (load_skill, read_skill_file,
run_skill_script), runs it, and prints one contract answer on stdout: the final output, the SDK's
usage, and the skill-loaded / script-ran / tool-call trace. The model is reached through
OPENAI_BASE_URL (skillops' proxy) with the chat completions API, so the proxy counts every call.
`--version` prints the SDK's version; `--model NAME` picks the model (default gpt-4o-mini).
"""
import json
import os
import re
import subprocess
import sys


def sdk_version():
    from importlib.metadata import version
    return version("openai-agents")


def front_matter(text):
    m = re.match(r"^---\n(.*?)\n---\n", text, re.S)
    fields = {}
    for line in (m.group(1) if m else "").splitlines():
        key, _, value = line.partition(":")
        if value:
            fields[key.strip()] = value.strip().strip("\"'")
    return fields


def load_bank(skills_dir):
    bank = {}
    for name in sorted(os.listdir(skills_dir)):
        path = os.path.join(skills_dir, name, "SKILL.md")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                bank[name] = f.read()
    return bank


def inside(root, rel):
    full = os.path.realpath(os.path.join(root, rel))
    return full if full.startswith(os.path.realpath(root) + os.sep) else None


def interpreter(path):
    """How to run a script: directly when executable, else by its extension."""
    if os.access(path, os.X_OK):
        return []
    ext = os.path.splitext(path)[1]
    return {".py": [sys.executable], ".js": ["node"], ".mjs": ["node"], ".sh": ["bash"]}.get(ext, ["sh"])


def make_tools(function_tool, skills_dir, work_dir, bank, trace):
    @function_tool
    def load_skill(name: str) -> str:
        """Load a skill's full instructions (SKILL.md) by name."""
        if name not in bank:
            trace.append({"type": "tool-call", "name": "load_skill", "ok": False, "detail": name})
            return f"no skill named {name}; skills: {', '.join(bank)}"
        trace.append({"type": "skill-loaded", "skill": name})
        return bank[name]

    @function_tool
    def read_skill_file(name: str, path: str) -> str:
        """Read a file of a skill (references/, assets/, knowledge.md) by skill name and relative path."""
        full = inside(os.path.join(skills_dir, name), path)
        ok = full is not None and os.path.isfile(full)
        trace.append({"type": "tool-call", "name": "read_skill_file", "ok": ok, "detail": f"{name}/{path}"})
        if not ok:
            return f"no file {path} in skill {name}"
        with open(full, encoding="utf-8", errors="replace") as f:
            return f.read()

    @function_tool
    def run_skill_script(name: str, script: str, args: list[str]) -> str:
        """Run a script of a skill (scripts/<file>) with arguments, in the work folder."""
        full = inside(os.path.join(skills_dir, name), os.path.join("scripts", script))
        if full is None or not os.path.isfile(full):
            trace.append({"type": "tool-call", "name": "run_skill_script", "ok": False, "detail": f"{name}/{script}"})
            return f"no script {script} in skill {name}"
        try:
            p = subprocess.run([*interpreter(full), full, *args], cwd=work_dir, capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as e:
            trace.append({"type": "script-ran", "skill": name, "script": f"scripts/{script}", "exitCode": None})
            return f"could not run {script}: {e}"
        trace.append({"type": "script-ran", "skill": name, "script": f"scripts/{script}", "exitCode": p.returncode})
        return f"exit code {p.returncode}\nstdout:\n{p.stdout[-8000:]}\nstderr:\n{p.stderr[-2000:]}"

    return [load_skill, read_skill_file, run_skill_script]


def instructions(bank):
    lines = ["You can use these skills. Call load_skill(name) before following one."]
    for name, text in bank.items():
        lines.append(f"- {name}: {front_matter(text).get('description', '')}")
    return "\n".join(lines)


FENCE = re.compile(r"^```(?:json)?[ \t]*\n([\s\S]*?)\n```$")


def answer_of(text):
    """The final output as JSON when it is JSON, also inside a ```json fence; else the text."""
    if not isinstance(text, str):
        return text
    fenced = FENCE.match(text.strip())
    try:
        return json.loads(fenced.group(1) if fenced else text)
    except ValueError:
        return text


def main(argv):
    if "--version" in argv:
        print(f"openai-agents {sdk_version()}")
        return 0
    model = argv[argv.index("--model") + 1] if "--model" in argv else "gpt-4o-mini"
    from agents import Agent, Runner, function_tool, set_default_openai_api, set_tracing_disabled

    set_default_openai_api("chat_completions")
    set_tracing_disabled(True)  # no network but the proxy: the SDK's trace export would fail
    job = json.load(sys.stdin)
    bank = load_bank(job["skillsDir"])
    trace = []
    tools = make_tools(function_tool, job["skillsDir"], job["workDir"], bank, trace)
    agent = Agent(name="skillops-agent", instructions=instructions(bank), tools=tools, model=model)
    prompt = job["case"]["prompt"]
    if job["case"].get("files"):
        prompt += "\n\nInput files (also in the working folder):\n" + json.dumps(job["case"]["files"])
    result = Runner.run_sync(agent, prompt)
    usage = result.context_wrapper.usage
    print(json.dumps({
        "output": answer_of(result.final_output),
        "usage": {"input_tokens": usage.input_tokens, "output_tokens": usage.output_tokens},
        "trace": trace,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
