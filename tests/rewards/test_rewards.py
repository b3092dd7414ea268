"""Rewards for RL: the semantics table, and the adapters called exactly as TRL, verl and OpenRLHF call them.

The call helpers below reproduce each framework's documented call site (argument names and shapes): TRL's
``GRPOTrainer._calculate_rewards`` (keyword arguments ``prompts``, ``completions``, ``completion_ids``, every
dataset column, ``trainer_state``, ``log_extra``, ``log_metric``; async functions awaited on an event loop in
another thread), verl's naive and batch reward managers and its reward loop, and OpenRLHF's remote reward request.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import inspect
import multiprocessing
import pickle
import threading
import warnings
from collections import defaultdict
from fractions import Fraction
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import pytest

from mathgrade import Status
from mathgrade import rewards
from mathgrade.rewards import (Scored, accuracy_reward, accuracy_reward_async, answer_part, compute_score,
                               compute_score_batch, format_reward, make_reward, marks_answer, reward_func,
                               trl, trl_format)
from mathgrade.rewards._openrlhf import response_of

# --- the semantics table: as many rejected responses as rewarded ones ------------------------------------------

REWARDED = [
    ("boxed", "So the total is $\\boxed{42}$.", "42"),
    ("final answer phrase", "Adding up, the final answer is 42.", "42"),
    ("answer is", "Therefore the answer is $\\frac{9}{7}$.", "\\frac{9}{7}"),
    ("equivalent value", "Thus $\\boxed{\\dfrac{1}{2}}$.", "0.5"),
    ("symbolic", "Expanding, we get $\\boxed{x^2+2x+1}$.", "(x+1)^2"),
    ("gsm8k hashes", "She has 18 eggs.\n#### 18", "18"),
    ("after thinking", "<think>Maybe \\boxed{3}? No, recount.</think>The answer is \\boxed{4}.", "4"),
    ("thinking opened in the prompt", "Let me count... 2+2 is 4.</think>\n\nThe answer is $\\boxed{4}$.", "4"),
    ("last of two boxes", "First try: \\boxed{5}.\n\nWait, I made an error. Correct: \\boxed{6}.", "6"),
    ("a set, in any order", "The solutions are $\\boxed{3, 2}$.", "2, 3"),
    ("reasoning model tags", "<|begin_of_thought|>hmm \\boxed{1}<|end_of_thought|> Answer: $\\boxed{7}$", "7"),
    ("ends at the end of the turn", "The answer is \\boxed{5}.<|im_end|>\n<|im_start|>user\nThe answer is 6", "5"),
]

REJECTED = [
    ("wrong boxed answer", "So the total is $\\boxed{41}$.", "42", "incorrect"),
    ("unmarked last number", "We add 40 and 2 and get 42", "42", "no_answer"),
    ("bare answer", "42", "42", "no_answer"),
    ("answer only in the thinking", "<think>so it is \\boxed{42}</think>I am not sure.", "42", "no_answer"),
    ("cut off while thinking", "<think>Let me see: \\boxed{42} is a guess, now I check whether the", "42",
     "no_answer"),
    ("cut off in a second thinking block", "<think>a</think>\\boxed{1}<think>hmm \\boxed{42}, so", "42",
     "no_answer"),
    ("two different boxed answers", "It is $\\boxed{42}$ or $\\boxed{24}$.", "42", "ambiguous"),
    ("a partial multi-answer", "The solutions are $\\boxed{2}$.", "2, 3", "incorrect"),
    ("too few significant digits", "So $\\boxed{0.3}$.", "\\frac{1}{3}", "incorrect"),
    ("no silent times 100", "The probability is $\\boxed{50}$.", "0.5", "incorrect"),
    ("options listed without choosing", "The options are (A) 1, (B) 2, (C) 3.", "B", "ambiguous"),
    ("answer in a later turn it wrote itself", "Hmm.<|im_end|>\n<|im_start|>user\nThe answer is \\boxed{42}",
     "42", "no_answer"),
]


@pytest.mark.parametrize("name,response,gold", REWARDED, ids=[r[0] for r in REWARDED])
def test_rewarded(name: str, response: str, gold: str) -> None:
    [scored] = make_reward().score([response], [gold])
    assert scored.verdict.status is Status.CORRECT, scored.verdict.explain()
    assert scored.reward == 1.0


@pytest.mark.parametrize("name,response,gold,status", REJECTED, ids=[r[0] for r in REJECTED])
def test_rejected(name: str, response: str, gold: str, status: str) -> None:
    [scored] = make_reward().score([response], [gold])
    assert scored.verdict.status.value == status, scored.verdict.explain()
    assert scored.reward == 0.0


def test_as_many_rejected_cases_as_rewarded_ones() -> None:
    assert len(REJECTED) >= len(REWARDED)


@pytest.mark.parametrize("response", ["The answer is (A) or (B).", "The answer is (A), (C), (E).",
                                      "The final answer is A or C", "$\\boxed{(A) \\text{ or } (B)}$"])
def test_options_offered_as_alternatives_get_nothing(response: str) -> None:
    [scored] = make_reward().score([response], ["A"])
    assert scored.reward == 0.0, scored.verdict.explain()


@pytest.mark.parametrize("response", ["<think>so it is \\boxed{5}</think>", "<think>so it is \\boxed{5}",
                                      "<think>x</think> So it is **5**.", "<think>x</think> It is 5."])
def test_the_reward_policy_itself_takes_nothing_from_the_thinking_nor_bold(response: str) -> None:
    import mathgrade

    assert mathgrade.grade(response, "5", policy="reward").status.value == "no_answer"
    assert mathgrade.grade("<think>x</think> So it is $\\boxed{5}$.", "5", policy="reward").correct


def test_answer_part() -> None:
    assert answer_part("plain \\boxed{1}") == "plain \\boxed{1}"
    assert answer_part("<think>a</think> b") == " b"
    assert answer_part("a</think> b</think> c") == " c"
    assert answer_part("<think>never closed \\boxed{1}") is None
    assert answer_part("<|begin_of_thought|>x<|end_of_thought|>y") == "y"
    assert answer_part("<|begin_of_thought|>x") is None
    assert answer_part("1 < 2 and \\boxed{3}") == "1 < 2 and \\boxed{3}"


def test_values_are_configurable() -> None:
    reward = make_reward(correct=2.0, incorrect=-1.0, formatted=0.1)
    responses = ["\\boxed{5}", "\\boxed{6}", "no answer here", "\\boxed{5} or \\boxed{6}", "\\boxed{\\text{cat}}"]
    assert [s.reward for s in reward.score(responses, ["5"] * 5)] == [2.0, 0.1, -1.0, -1.0, 0.1]
    assert [s.reward for s in make_reward().score(responses, ["5"] * 5)] == [1.0, 0.0, 0.0, 0.0, 0.0]


def test_unreadable_gold_is_none() -> None:
    scored = make_reward().score(["\\boxed{5}", "\\boxed{5}", "\\boxed{5}"], [None, "", "5"])
    assert [s.reward for s in scored] == [None, None, 1.0]
    assert scored[0].verdict.status is Status.INVALID_GOLD


@pytest.mark.parametrize("kwargs,message", [
    ({"correct": float("nan")}, "correct must be a finite number"),
    ({"incorrect": "0"}, "incorrect must be a finite number"),
    ({"formatted": True}, "formatted must be a finite number"),
    ({"timeout": -1}, "timeout must be a positive number"),
    ({"tiemout": 1}, "unknown option 'tiemout'"),
])
def test_bad_settings_are_clear_errors(kwargs: Dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_reward(**kwargs)


def test_mismatched_batch_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="2 responses but 1 gold answers"):
        make_reward().score(["a", "b"], ["1"])


def test_format_reward_pays_for_one_marked_answer() -> None:
    marked = ["\\boxed{7}", "The answer is 3.", "<think>x</think>\\boxed{9}", "#### 12"]
    unmarked = ["7", "<think>\\boxed{7}", "\\boxed{1} or \\boxed{2}", "we get 7 in the end"]
    assert [marks_answer(r) for r in marked] == [True] * 4
    assert [marks_answer(r) for r in unmarked] == [False] * 4
    assert format_reward(marked + unmarked) == [1.0] * 4 + [0.0] * 4


# --- TRL -------------------------------------------------------------------------------------------------------


class _TrainerLogs:
    """What TRL's trainer collects from ``log_extra`` and ``log_metric``."""

    def __init__(self) -> None:
        self.extra: Dict[str, List[Any]] = defaultdict(list)
        self.metrics: Dict[str, List[float]] = defaultdict(list)

    def log_extra(self, column: str, values: list) -> None:
        self.extra[column].extend(values)

    def log_metric(self, name: str, value: float) -> None:
        self.metrics[name].append(value)


class _EventLoopThread:
    """An event loop running in a daemon thread, as TRL runs its async reward functions."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=120)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def call_like_trl(funcs: Sequence[Callable[..., Any]], inputs: List[Dict[str, Any]], completions: List[Any],
                  logs: Optional[_TrainerLogs] = None) -> List[List[Optional[float]]]:
    """Call reward functions the way GRPOTrainer does: the dataset's columns (all but prompt/completion) repeated
    per completion as keyword lists, plus trainer_state, log_extra, log_metric; sync functions called in turn,
    coroutine functions gathered on an event loop in another thread."""
    logs = logs or _TrainerLogs()
    prompts = [x["prompt"] for x in inputs]
    completion_ids = [[11 + i % 7] * (i + 1) for i in range(len(completions))]  # token ids: not read
    keys = [k for k in inputs[0] if k not in ("prompt", "completion", "completion_ids")]
    kwargs: Dict[str, Any] = {k: [x[k] for x in inputs] for k in keys}
    kwargs.update(trainer_state=object(), log_extra=logs.log_extra, log_metric=logs.log_metric)
    results: List[Any] = [None] * len(funcs)
    coroutines = []
    for i, f in enumerate(funcs):
        if inspect.iscoroutinefunction(f):
            coroutines.append((i, f))
        else:
            results[i] = f(prompts=prompts, completions=completions, completion_ids=completion_ids, **kwargs)
    if coroutines:
        async def gather() -> List[Any]:
            return await asyncio.gather(*(f(prompts=prompts, completions=completions, completion_ids=completion_ids,
                                            **kwargs) for _, f in coroutines))

        loop = _EventLoopThread()
        try:
            for (i, _), out in zip(coroutines, loop.run(gather())):
                results[i] = out
        finally:
            loop.close()
    return results


DATASET = [  # a dataset row per completion (TRL repeats each prompt's row for its generations)
    {"prompt": "What is 6*7?", "solution": "42"},
    {"prompt": "What is 6*7?", "solution": "42"},
    {"prompt": "Half of 1?", "solution": "\\frac{1}{2}"},
    {"prompt": "Half of 1?", "solution": "\\frac{1}{2}"},
    {"prompt": "Roots of x^2-5x+6?", "solution": "2, 3"},
    {"prompt": "Roots of x^2-5x+6?", "solution": "2, 3"},
    {"prompt": "Broken gold", "solution": ""},
    {"prompt": "Broken gold", "solution": ""},
]
COMPLETIONS = [
    "6*7 = 42, so the answer is $\\boxed{42}$.",
    "6*7 = 42",  # unmarked
    "<think>1/2 = 0.5</think>\nThe answer is $\\boxed{0.5}$.",
    "<think>it is \\boxed{0.5} but wait, let me",  # cut off while thinking
    "The roots are $\\boxed{3, 2}$.",
    "The roots are $\\boxed{2}$ or $\\boxed{3}$.",  # alternatives
    "\\boxed{1}",
    "nothing",
]
EXPECTED = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0, None, None]


def _conversational(texts: List[str]) -> List[List[Dict[str, str]]]:
    return [[{"role": "assistant", "content": t}] for t in texts]


def test_trl_accuracy_reward_standard_format() -> None:
    logs = _TrainerLogs()
    [out] = call_like_trl([accuracy_reward], DATASET, COMPLETIONS, logs)
    assert out == EXPECTED
    assert logs.extra["accuracy_reward_status"] == ["correct", "no_answer", "correct", "no_answer", "correct",
                                                    "ambiguous", "invalid_gold", "invalid_gold"]
    assert logs.extra["accuracy_reward_answer"][0] == "42"
    assert logs.metrics["accuracy_reward/no_answer"] == [2 / 8]
    assert logs.metrics["accuracy_reward/ambiguous"] == [1 / 8]


def test_trl_accuracy_reward_conversational_format() -> None:
    completions = _conversational(COMPLETIONS)
    completions[0] = [{"role": "assistant", "content": [{"type": "text", "text": "So "},
                                                        {"type": "text", "text": "$\\boxed{42}$"}]}]
    completions[1] = [{"role": "assistant", "content": "\\boxed{42}"}, {"role": "tool", "content": "\\boxed{41}"}]
    [out] = call_like_trl([accuracy_reward], DATASET, completions)
    assert out == [1.0, 1.0] + EXPECTED[2:]


def test_trl_factory_column_values_and_options() -> None:
    data = [{"prompt": r["prompt"], "answer": r["solution"]} for r in DATASET]
    f = trl("answer", correct=2.0, incorrect=-0.5, formatted=0.25, timeout=3.0)
    logs = _TrainerLogs()
    [out] = call_like_trl([f], data, COMPLETIONS, logs)
    assert out == [2.0, -0.5, 2.0, -0.5, 2.0, -0.5, None, None]
    assert "accuracy_reward_status" in logs.extra
    [wrong] = call_like_trl([f], data[:1], ["\\boxed{41}"])
    assert wrong == [0.25]


def test_trl_async_variant_is_a_coroutine_function_gathered_with_the_others() -> None:
    async_acc = trl(asynchronous=True, log=False)
    async_fmt = trl_format(asynchronous=True)
    for f in (async_acc, async_fmt, accuracy_reward_async):
        assert inspect.iscoroutinefunction(f)
    assert not inspect.iscoroutinefunction(trl()) and not inspect.iscoroutinefunction(format_reward)
    outs = call_like_trl([async_acc, accuracy_reward, async_fmt, accuracy_reward_async], DATASET, COMPLETIONS)
    assert outs[0] == outs[1] == outs[3] == EXPECTED
    assert outs[2] == [1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0]


def _trl_name(func: Any) -> str:
    """The name TRL gives a reward function: a partial's function's name, else the callable's ``__name__``."""
    while isinstance(func, functools.partial):
        func = func.func
    return str(getattr(func, "__name__", type(func).__name__))


def test_trl_functions_pickle_with_their_names() -> None:
    named = [(trl("answer", correct=3.0), "accuracy_reward"), (trl(asynchronous=True), "accuracy_reward_async"),
             (trl_format(), "format_reward"), (trl_format(asynchronous=True), "format_reward_async"),
             (accuracy_reward, "accuracy_reward")]
    for f, name in named:
        g = pickle.loads(pickle.dumps(f))
        assert _trl_name(g) == _trl_name(f) == name
        assert getattr(g, "__name__") == name  # what TRL read before it looked through partials
        assert inspect.iscoroutinefunction(g) == inspect.iscoroutinefunction(f)
    g = pickle.loads(pickle.dumps(trl("answer", correct=3.0)))
    assert g(completions=["\\boxed{1}"], answer=["1"]) == [3.0]


def test_trl_missing_column_names_the_columns_passed() -> None:
    with pytest.raises(ValueError, match=r"no dataset column 'solution'.*'answer'.*gold_column"):
        call_like_trl([accuracy_reward], [{"prompt": "p", "answer": "1"}], ["\\boxed{1}"])


@pytest.mark.parametrize("completions,message", [
    ("\\boxed{1}", "completions must be a list"),
    ([42], "completion 0 is a int"),
    ([[("assistant", "x")]], "completion 0: a conversational completion is a list of messages"),
    ([[{"role": "assistant", "content": 5}]], "message content is a int"),
])
def test_trl_bad_completions_are_clear_errors(completions: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        accuracy_reward(completions, solution=["1"])


def test_trl_gold_column_of_the_wrong_length() -> None:
    with pytest.raises(ValueError, match=r"one gold answer per completion \(2\), got 1"):
        accuracy_reward(["\\boxed{1}", "\\boxed{2}"], solution=["1"])


# --- verl ------------------------------------------------------------------------------------------------------


def call_like_verl_naive(fn: Callable[..., Any], rows: List[Tuple[str, Any]],
                         reward_kwargs: Optional[Dict[str, Any]] = None) -> Tuple[List[float], Dict[str, list]]:
    """As verl's naive reward manager, with ``custom_reward_function.reward_kwargs`` merged into the call."""
    extra_info_lists: Dict[str, list] = defaultdict(list)
    scores = []
    for solution_str, ground_truth in rows:
        kwargs = dict(data_source="openai/gsm8k", solution_str=solution_str, ground_truth=ground_truth,
                      extra_info={"index": 0, "num_turns": None, "rollout_reward_scores": {}})
        kwargs.update(reward_kwargs or {})
        result = fn(**kwargs)
        scores.append(result["score"])
        for key, value in result.items():
            extra_info_lists[key].append(value)
    return scores, extra_info_lists


def test_verl_compute_score_as_the_naive_reward_manager_calls_it() -> None:
    rows = list(zip(COMPLETIONS, [r["solution"] for r in DATASET]))
    scores, extra = call_like_verl_naive(compute_score, rows)
    assert scores == [1.0 if e == 1.0 else 0.0 for e in EXPECTED]
    assert set(extra) == {"score", "acc", "pred", "status"}
    assert all(len(v) == len(rows) for v in extra.values())  # one value per response, every key, every row
    assert extra["acc"] == [e == 1.0 for e in EXPECTED]
    assert extra["pred"][0] == "42" and extra["pred"][1] == ""
    assert all(isinstance(p, str) for p in extra["pred"])
    assert extra["status"][6] == "invalid_gold"


@pytest.mark.parametrize("gold", ["\\frac{3}{4}", "0.75", "3/4"])
def test_verl_pred_is_canonical_so_equal_answers_vote_together(gold: str) -> None:
    forms = ["\\boxed{\\frac34}", "\\boxed{0.75}", "\\boxed{3/4}", "\\boxed{\\dfrac{3}{4}}"]
    preds = {compute_score("math", f, gold)["pred"] for f in forms}
    assert len(preds) == 1
    wrong = {compute_score("math", f, gold)["pred"] for f in ["\\boxed{\\frac12}", "\\boxed{0.5}", "\\boxed{1/2}"]}
    assert len(wrong) == 1 and wrong != preds  # wrong answers vote together too, never with the right ones
    assert compute_score("math", "no answer here", gold)["pred"] == ""


def test_verl_pred_of_a_wrong_answer_never_equals_the_right_ones() -> None:
    from mathgrade.rewards import canonical_pred
    from mathgrade.values import Number
    from mathgrade.verdict import Answer, Status, Verdict

    value = Number(Fraction(3, 4))
    refused = Verdict(False, Status.INCORRECT, "unit", "unit.mismatch", "0.75", Answer("0.75 km", 0, 7, "boxed"),
                      value, value)
    right = Verdict(True, Status.CORRECT, "same", "number.exact", "0.75", Answer("3/4", 0, 3, "boxed"), value, value)
    assert canonical_pred(right) == "3/4"
    assert canonical_pred(refused) == "3/4 [unit.mismatch]"


def test_verl_compute_score_async_is_awaited_like_verl_does() -> None:
    from mathgrade.rewards import compute_score_async

    assert inspect.iscoroutinefunction(compute_score_async)
    bound = functools.partial(compute_score_async, timeout=2.0)  # as verl binds reward_kwargs
    assert inspect.iscoroutinefunction(bound)

    async def loop() -> List[Dict[str, Any]]:
        return await asyncio.gather(*(bound(data_source="m", solution_str=s, ground_truth="5", extra_info={})
                                      for s in ["\\boxed{5}", "\\boxed{6}", "5"]))

    assert [r["score"] for r in asyncio.run(loop())] == [1.0, 0.0, 0.0]


def test_verl_reward_kwargs_and_reward_loop_arguments() -> None:
    rows = [("\\boxed{5}", "5"), ("\\boxed{6}", "5"), ("6", "5")]
    scores, _ = call_like_verl_naive(compute_score, rows, {"correct": 1.0, "incorrect": -1.0, "formatted": 0.1,
                                                           "timeout": 2.0})
    assert scores == [1.0, 0.1, -1.0]
    # the reward loop adds arguments of its own; they are ignored silently
    loop_args = {"reward_router_address": "127.0.0.1:1", "reward_model_tokenizer": None}
    scores, _ = call_like_verl_naive(compute_score, rows, loop_args)
    assert scores == [1.0, 0.0, 0.0]


def test_verl_unknown_reward_kwarg_warns_once() -> None:
    with pytest.warns(RuntimeWarning, match="ignores the keyword argument 'corect'"):
        compute_score("s", "\\boxed{5}", "5", None, corect=2.0)


def test_verl_async_reward_loop_runs_it_in_an_executor() -> None:
    async def manager() -> Any:  # verl's reward loop: a sync compute_score runs in the loop's default executor
        loop = asyncio.get_running_loop()
        return await asyncio.gather(*(loop.run_in_executor(None, lambda s=s: compute_score(
            data_source="math", solution_str=s, ground_truth="5", extra_info={})) for s in ["\\boxed{5}", "5"]))

    assert [r["score"] for r in asyncio.run(manager())] == [1.0, 0.0]


def test_verl_batch_reward_manager_call() -> None:
    golds = [r["solution"] for r in DATASET]
    out = compute_score_batch(data_sources=["math"] * 8, solution_strs=COMPLETIONS, ground_truths=golds,
                              extra_infos=[{}] * 8, correct=1.0)
    assert [r["score"] for r in out] == [1.0 if e == 1.0 else 0.0 for e in EXPECTED]


def test_verl_numpy_like_gold() -> None:
    class Scalar:  # what a NumPy scalar offers (verl keeps columns in NumPy arrays)
        ndim = 0

        def item(self) -> int:
            return 42

    assert compute_score("s", "\\boxed{42}", Scalar())["score"] == 1.0
    assert compute_score("s", "\\boxed{42}", ["42"])["status"] == "invalid_gold"


# --- OpenRLHF --------------------------------------------------------------------------------------------------


def test_openrlhf_reward_func() -> None:
    prompts = ["<|im_start|>user\nWhat is 6*7?<|im_end|>\n<|im_start|>assistant\n"] * 3 + ["Q: 1/2?\nA:"]
    responses = ["The answer is \\boxed{42}.<|im_end|>", "It is 42.<|im_end|>", "\\boxed{41}", " \\boxed{0.5}"]
    queries = [p + r for p, r in zip(prompts, responses)]
    out = reward_func(queries, prompts, ["42", "42", "42", "\\frac12"])
    assert out["rewards"] == [1.0, 0.0, 0.0, 1.0]
    assert out["scores"] == [1.0, 0.0, 0.0, 1.0]
    assert out["extra_logs"] == {"correct": [1.0, 0.0, 0.0, 1.0], "answered": [1.0, 0.0, 1.0, 1.0],
                                 "grading_failed": [0.0, 0.0, 0.0, 0.0], "invalid_gold": [0.0] * 4,
                                 "refused": [0.0] * 4}
    assert out["refusals"] == {}


def test_openrlhf_empty_or_missing_label_is_invalid_gold_and_warned_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from mathgrade.rewards import _openrlhf

    monkeypatch.setattr(_openrlhf, "_warned_invalid_gold", False)
    prompts = ["Q: 6*7?\nA:"] * 3
    queries = [p + " \\boxed{42}" for p in prompts]
    with pytest.warns(RuntimeWarning, match="2 of 3 rows have an empty or missing label.*--data.label_key"):
        out = reward_func(queries, prompts, ["", None, "42"])
    assert out["rewards"] == [0.0, 0.0, 1.0]
    assert out["extra_logs"]["invalid_gold"] == [1.0, 1.0, 0.0]
    assert out["extra_logs"]["answered"] == [1.0, 1.0, 1.0] and out["extra_logs"]["correct"] == [0.0, 0.0, 1.0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # once per process: no second warning
        assert reward_func(queries[:1], prompts[:1], [""])["extra_logs"]["invalid_gold"] == [1.0]


def test_openrlhf_counts_refusals_by_rule() -> None:
    from mathgrade.rewards import refusal, refusals
    from mathgrade.verdict import Status, Verdict

    refused = Verdict(False, Status.INCORRECT, "withdrawn", "answer.withdrawn", "7")
    unit = Verdict(False, Status.INCORRECT, "km for miles", "unit.mismatch", "12")
    plain = Verdict(False, Status.INCORRECT, "differs", "number.exact", "7")
    right = Verdict(True, Status.CORRECT, "same", "answer.something_that_accepts", "7")
    assert [refusal(v) for v in (refused, unit, plain, right)] == ["answer.withdrawn", "unit.mismatch", None, None]
    assert refusals([refused, unit, refused, plain, right]) == {"answer.withdrawn": 2, "unit.mismatch": 1}
    from mathgrade.rewards._openrlhf import openrlhf_body

    body = openrlhf_body([Scored(0.0, refused), Scored(0.0, plain), Scored(1.0, right)], make_reward())
    assert body["extra_logs"]["refused"] == [1.0, 0.0, 0.0]
    assert body["refusals"] == {"answer.withdrawn": 1}
    assert all(len(v) == 3 for v in body["extra_logs"].values())


def test_adapters_pass_the_problem_on() -> None:
    # a multiple-choice gold: the answer given as an option's content is right only with the problem's text
    problem = "How many eggs? (A) 36 (B) 42 (C) 48"
    prompt = f"<|im_start|>user\n{problem}<|im_end|>\n<|im_start|>assistant\n"
    assert reward_func([prompt + "So \\boxed{42}."], [prompt], ["B"])["rewards"] == [1.0]
    assert reward_func(["So \\boxed{42}."], [""], ["B"])["rewards"] == [0.0]
    assert compute_score("d", "So \\boxed{42}.", "B", {"question": problem})["score"] == 1.0
    assert compute_score("d", "So \\boxed{42}.", "B", {"index": 3})["score"] == 0.0
    out = compute_score_batch(["d"] * 2, ["So \\boxed{42}."] * 2, ["B"] * 2, [{"problem": problem}, {}])
    assert [r["score"] for r in out] == [1.0, 0.0]
    assert accuracy_reward(completions=["So \\boxed{42}."], solution=["B"], problem=[problem]) == [1.0]
    assert accuracy_reward(completions=["So \\boxed{42}."], solution=["B"], question=[problem]) == [1.0]
    conversation = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": problem}]
    assert accuracy_reward(completions=["So \\boxed{42}."], solution=["B"], prompts=[conversation]) == [1.0]
    assert accuracy_reward(completions=["So \\boxed{42}."], solution=["B"], prompts=["no options here"]) == [0.0]


def test_openrlhf_prompt_with_a_boxed_example_is_not_graded() -> None:
    prompt = "Example: 1+1 = \\boxed{2}. Now: what is 1+1?"
    out = reward_func([prompt + " I do not know."], [prompt], ["2"])
    assert out["rewards"] == [0.0]


def test_response_of() -> None:
    assert response_of("PROMPT then answer", "PROMPT") == " then answer"
    assert response_of("<s>PROMPT answer", "PROMPT") == " answer"
    assert response_of("Q:  what\n is it? A: 4", "Q: what is it?") == " A: 4"
    assert response_of("something else", "PROMPT") is None
    out = reward_func(["something else \\boxed{4}"], ["PROMPT"], ["4"])
    assert out["rewards"] == [0.0] and out["extra_logs"]["grading_failed"] == [1.0]


# --- threads and processes -------------------------------------------------------------------------------------

MIXED = [(COMPLETIONS[i % 8] if i % 3 else f"so $\\boxed{{(x+{i})^2}}$", DATASET[i % 8]["solution"] if i % 3 else
          f"x^2+{2 * i}x+{i * i}" if i % 2 else f"x^2+{2 * i}x+{i * i + 1}") for i in range(48)]
"""Plain and symbolic rows (every third is an expansion, right on odd rows, wrong on even ones)."""


def _expected_mixed() -> List[Optional[float]]:
    return [s.reward for s in make_reward().score([r for r, _ in MIXED], [g for _, g in MIXED])]


def test_symbolic_rows_are_decided_both_ways() -> None:
    expected = _expected_mixed()
    assert expected[3] == 1.0 and expected[6] == 0.0


def test_adapters_from_16_threads_agree_with_one_thread() -> None:
    expected = _expected_mixed()
    completions = [r for r, _ in MIXED]
    golds = [g for _, g in MIXED]
    queries = [f"Q{i}:" + r for i, r in enumerate(completions)]

    def one(k: int) -> Tuple[Any, Any, Any]:
        lo, hi = (k * 3) % 25, (k * 3) % 25 + 24
        acc = accuracy_reward(completions[lo:hi], solution=golds[lo:hi])
        verl = [compute_score("math", c, g)["score"] for c, g in zip(completions[lo:hi], golds[lo:hi])]
        orl = reward_func(queries[lo:hi], [f"Q{i}:" for i in range(lo, hi)], golds[lo:hi])["rewards"]
        return lo, acc, (verl, orl)

    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        results = list(pool.map(one, range(32)))
    for lo, acc, (verl, orl) in results:
        want = expected[lo:lo + 24]
        assert acc == want
        assert verl == orl == [0.0 if w is None else w for w in want]


def _run_in_child(fn: Callable[..., Any], kwargs: Dict[str, Any]) -> Any:
    result = fn(**kwargs)
    return asyncio.run(result) if inspect.iscoroutine(result) else result


def test_adapters_from_a_process_pool() -> None:
    expected = _expected_mixed()
    completions = [r for r, _ in MIXED]
    golds = [g for _, g in MIXED]
    calls = [(trl("answer"), {"completions": completions, "answer": golds, "prompts": [""] * 48}),
             (trl(asynchronous=True), {"completions": _conversational(completions), "solution": golds}),
             (accuracy_reward, {"completions": completions[:24], "solution": golds[:24]}),
             (compute_score_batch, {"data_sources": ["m"] * 48, "solution_strs": completions, "ground_truths": golds})]
    pool = concurrent.futures.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"))
    try:
        futures = [pool.submit(_run_in_child, fn, kwargs) for fn, kwargs in calls]
        out = [f.result(timeout=300) for f in futures]
    finally:
        # The workers must be able to exit: mathgrade's own worker pool in each of them (for symbolic work) is
        # stopped before multiprocessing joins their children (they once waited for it forever).
        closing = threading.Thread(target=pool.shutdown, daemon=True)
        closing.start()
        closing.join(120)
    assert not closing.is_alive(), "the process pool's workers did not exit"
    assert out[0] == out[1] == expected
    assert out[2] == expected[:24]
    assert [r["score"] for r in out[3]] == [0.0 if w is None else w for w in expected]


def test_public_names() -> None:
    for name in rewards.__all__:
        assert hasattr(rewards, name), name
