"""OpenRLHF's own client code rewarded by a real ``mathgrade serve`` on 127.0.0.1: OpenRLHF 0.11's
``SingleTurnAgentExecutor`` (what ``--reward.remote_url http://...`` runs for every rollout) decodes the prompt and
response tokens with a Hugging Face tokenizer, POSTs ``{"query", "prompts", "labels"}`` to the server with its own
aiohttp code, and reads back ``rewards``, ``scores`` and ``extra_logs``.

The only stand-in is the generation engine (vLLM, which needs a GPU): an object whose ``generate`` returns the token
ids of a fixed response, as vLLM's ``RequestOutput`` holds them. Installed by ``.ci/steps/60-openrlhf.sh``
(``pip install openrlhf --no-deps`` and what its client imports); skipped with a message when OpenRLHF is missing.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
from types import SimpleNamespace
from typing import Any, Dict, Iterator, List

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.integration]

_INSTALL = "see .ci/steps/60-openrlhf.sh"
torch = pytest.importorskip("torch", reason=f"needs PyTorch: {_INSTALL}")
pytest.importorskip("openrlhf.utils.agent", reason=f"needs OpenRLHF: {_INSTALL}")
pytest.importorskip("uvicorn", reason="needs the serve extra: pip install '.[serve]'")
tokenizers = pytest.importorskip("tokenizers", reason=f"needs tokenizers: {_INSTALL}")
transformers = pytest.importorskip("transformers", reason=f"needs transformers: {_INSTALL}")

from _tokenizer import char_tokenizer  # noqa: E402

from openrlhf.trainer.ppo_utils.experience import Experience  # noqa: E402
from openrlhf.utils.agent import SingleTurnAgentExecutor  # noqa: E402

# (problem, response, label, expected reward)
ROWS = [
    ("What is 6*7?", "So the answer is $\\boxed{42}$.", "42", 1.0),
    ("What is 6*7?", "So the answer is $\\boxed{41}$.", "42", 0.0),
    ("Half of one?", "It is $\\boxed{0.5}$.", "\\frac{1}{2}", 1.0),
    ("Half of one?", "It is 0.5 I think", "\\frac{1}{2}", 0.0),  # no marked answer
    ("How many? (A) 36 (B) 42 (C) 48", "So $\\boxed{42}$.", "B", 1.0),  # the prompt is passed on as the problem
    ("What is 6*7?", "So the answer is $\\boxed{42}$.", "", 0.0),  # a run without --data.label_key
]


class _Engine:
    """Stands in for vLLM's engine: ``generate`` returns the token ids of the response given for the prompt."""

    def __init__(self, tokenizer: Any, responses: Dict[str, str]) -> None:
        self.tokenizer = tokenizer
        self.responses = responses

    async def generate(self, prompt_token_ids: List[int], params: Any, multi_modal_data: Any = None) -> Any:
        prompt = self.tokenizer.decode(prompt_token_ids, skip_special_tokens=False)
        ids = self.tokenizer(self.responses[prompt], add_special_tokens=False)["input_ids"]
        return SimpleNamespace(outputs=[SimpleNamespace(token_ids=ids, finish_reason="stop", logprobs=None)])


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    env = {k: v for k, v in os.environ.items() if k != "MATHGRADE_SERVE_TOKEN"}
    proc = subprocess.Popen([sys.executable, "-m", "mathgrade", "serve", "--port", "0", "--workers", "1"],
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
    lines: List[str] = []
    ready = threading.Event()
    found: Dict[str, str] = {}

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.append(line)
            m = re.search(r"listening on (http://\S+)", line)
            if m:
                found["url"] = m.group(1)
                ready.set()
        ready.set()

    threading.Thread(target=read, daemon=True).start()
    ready.wait(180)
    try:
        assert "url" in found, "".join(lines)
        yield SimpleNamespace(url=found["url"], lines=lines)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(120)
        except subprocess.TimeoutExpired:
            proc.kill()


def _rollouts(url: str) -> List[Dict[str, Any]]:
    tokenizer = char_tokenizer()
    prompts = [f"<|im_start|>user\n{p}<|im_end|>\n<|im_start|>assistant\n" for p, _, _, _ in ROWS]
    executor = SingleTurnAgentExecutor(remote_rm_url=[url + "/reward"])
    params = SimpleNamespace(max_tokens=64, logprobs=None)

    async def run() -> List[Dict[str, Any]]:
        out = []
        for prompt, (_, response, label, _) in zip(prompts, ROWS):
            engine = _Engine(tokenizer, {prompt: response})
            out.append(await executor.execute(prompt, label, params, 512, tokenizer, engine))
        return out

    return asyncio.run(run())


def test_openrlhf_client_gets_1_for_right_answers_and_0_for_wrong_ones(server: Any) -> None:
    outputs = _rollouts(server.url)
    rewards = [o["reward"] for o in outputs]
    assert rewards == [[expected] for _, _, _, expected in ROWS], rewards
    assert [o["scores"] for o in outputs] == rewards
    logs = [o["extra_logs"] for o in outputs]
    assert all(set(log) == set(logs[0]) for log in logs)  # the same keys for every sample, as OpenRLHF merges them
    assert [log["invalid_gold"] for log in logs] == [[0.0]] * 5 + [[1.0]]
    assert [log["answered"] for log in logs][3] == [0.0]
    # OpenRLHF turns each value into a per-sample tensor and merges the samples key by key
    infos = [{key: torch.tensor([value]) for key, value in log.items()} for log in logs]
    merged = Experience._merge_item(infos)
    assert all(len(merged[key]) == len(ROWS) for key in merged)
    assert [line for line in server.lines if "empty or missing label" in line]
