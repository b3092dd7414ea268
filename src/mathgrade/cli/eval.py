"""``mathgrade eval``: evaluate a model on a math benchmark through an OpenAI-compatible endpoint, or rescore a file
of generations; write a run directory and print the metrics as a table (see docs/eval.md).

The flags come in groups (:data:`PROBLEMS`, :data:`MODEL`, :data:`SAMPLING`, :data:`CLIENT`, :data:`RESCORING`,
:data:`OUTPUT`), each a tuple of click options: a new flag is one more item in its group, read from ``params`` by
the function that builds the settings. The client, the pipeline and grading are imported when a run starts: the
command's module is imported for ``mathgrade eval --help`` too, and should not pay for them.
"""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Sequence, Tuple

import click

from ..errors import EXIT_INCOMPLETE, EXIT_INTERRUPTED, EXIT_OK, ConfigError, InputError, UsageError
from . import Command
from ._options import COUNT, FORMAT, NON_NEGATIVE, POLICY, POSITIVE, SECONDS, progress_option, show_progress

if TYPE_CHECKING:  # pragma: no cover
    from ..evaluation.client import Sampling
    from ..evaluation.run import EvalSettings, RunOutcome
    from ..evaluation.tasks import Task

__all__ = ["command", "format_results"]

DEFAULTS: Dict[str, Any] = {
    "mode": "chat", "n": 1, "temperature": 0.0, "max_tokens": 4096, "policy": "eval", "timeout": 5.0,
    "concurrency": 64, "request_timeout": 1200.0, "max_retries": 8,
}
"""Defaults of the options that ``--resume`` takes from ``config.json`` instead."""
_RUN_SETTINGS = ("task", "task_file", "hf_dataset", "model", "base_url", "mode", "system", "prompt_template", "n",
                 "temperature", "top_p", "max_tokens", "seed", "stop", "extra", "limit", "policy", "timeout")
"""Options that define what a run computes: fixed by ``config.json`` when resuming."""
_LIVE_ONLY = ("base_url", "mode", "system", "prompt_template", "n", "temperature", "top_p", "max_tokens", "seed",
              "stop", "extra", "api_key_env", "concurrency", "request_timeout", "max_retries")
"""Options that only mean something when a model is asked."""

Option = Callable[[Any], Any]

PROBLEMS: Tuple[Option, ...] = (
    click.option("--task", metavar="NAME", help="a bundled task (see `mathgrade tasks`): math500, gsm8k, aime24, "
                                                "aime25, amc23, minerva, olympiadbench"),
    click.option("--task-file", metavar="FILE", help="problems from a JSONL, CSV or Parquet file"),
    click.option("--hf-dataset", metavar="NAME_OR_DIR",
                 help="a Hugging Face dataset, by name or saved on disk (pip install '.[datasets]')"),
    click.option("--split", default="test", show_default=True, help="split of --hf-dataset"),
    click.option("--hf-config", default=None, metavar="NAME", help="configuration of --hf-dataset"),
    click.option("--problem-field", default="problem", metavar="F", show_default=True, help="column of the problem"),
    click.option("--answer-field", default="answer", metavar="F", show_default=True,
                 help="column of the gold answer"),
    click.option("--id-field", default=None, metavar="F",
                 help="column of the problem id (default: id, unique_id or idx if present, else the row number)"),
    click.option("--subject-field", default=None, metavar="F", help="column of the subject (default: subject)"),
    click.option("--level-field", default=None, metavar="F", help="column of the level (default: level)"),
    click.option("--format", "--input-format", "input_format", type=FORMAT, default=None,
                 help="format of --task-file or --predictions when its extension does not say"),
    click.option("--limit", type=COUNT, default=None, metavar="N", help="only the first N problems"),
)
MODEL: Tuple[Option, ...] = (
    click.option("--model", metavar="NAME",
                 help="the model name the endpoint serves (with --predictions: a label for the results)"),
    click.option("--base-url", metavar="URL", help="the endpoint, ending in /v1 (http://localhost:8000/v1)"),
    click.option("--api-key-env", metavar="VAR",
                 help="name of the environment variable holding the API key (never the key itself)"),
    click.option("--mode", type=click.Choice(("chat", "completion")), default=None,
                 help="chat (default): the problem and an instruction to box the answer, as a user message; "
                      "completion: the task's few-shot prompt (minerva_math_4shot, gsm8k_8shot)"),
    click.option("--system", default=None, metavar="TEXT", help="a system message (chat mode)"),
    click.option("--prompt-template", default=None, metavar="NAME|FILE",
                 help="a bundled template or a file; {problem} marks where the problem goes"),
)
SAMPLING: Tuple[Option, ...] = (
    click.option("--n", type=POSITIVE, default=None, help="samples per problem (default: 1)"),
    click.option("--temperature", type=NON_NEGATIVE, default=None, metavar="T", help="default: 0"),
    click.option("--top-p", type=NON_NEGATIVE, default=None, metavar="P", help="default: not sent"),
    click.option("--max-tokens", type=POSITIVE, default=None, metavar="N", help="default: 4096"),
    click.option("--seed", type=int, default=None, help="sample i is sent with seed SEED+i (default: not sent)"),
    click.option("--stop", multiple=True, default=None, metavar="TEXT",
                 help="a stop sequence (repeat for several; default: the few-shot template's)"),
    click.option("--extra", default=None, metavar="JSON", help="more request fields, e.g. '{\"top_k\": 20}'"),
)
CLIENT: Tuple[Option, ...] = (
    click.option("--concurrency", type=POSITIVE, default=None, metavar="N", help="requests in flight (default: 64)"),
    click.option("--request-timeout", type=SECONDS, default=None, metavar="SECONDS",
                 help="time limit of one attempt (default: 1200)"),
    click.option("--max-retries", type=COUNT, default=None, metavar="N",
                 help="retries of a failed request, with exponential backoff and jitter (default: 8)"),
)
RESCORING: Tuple[Option, ...] = (
    click.option("--predictions", metavar="FILE",
                 help="score the generations in FILE (JSONL, CSV, Parquet) instead of asking a model"),
    click.option("--response-field", default="response", metavar="F", show_default=True,
                 help="column of the generation, text or a list of texts"),
    click.option("--predictions-key", default="problem_id", metavar="F", show_default=True,
                 help="column naming the problem a row answers"),
    click.option("--match-by", type=click.Choice(("id", "index", "problem")), default="id", show_default=True,
                 help="how that column finds the task's problem: its id, index (0-based position) or problem (its "
                      "text)"),
    click.option("--gold-field", default=None, metavar="F", help="column of the gold answer, without a task"),
    click.option("--filter", default=None, metavar="NAME",
                 help="an lm-evaluation-harness samples file: the filter whose rows are scored (default: the first)"),
)
OUTPUT: Tuple[Option, ...] = (
    click.option("-o", "--output", required=True, metavar="OUT", help="the run directory"),
    click.option("--resume", is_flag=True, help="continue the run in OUT with the settings of OUT/config.json"),
    click.option("--policy", type=POLICY, default=None, help="grading policy (default: eval)"),
    click.option("--timeout", type=SECONDS, default=None, metavar="SECONDS",
                 help="grading time limit per sample (default: 5)"),
    click.option("--workers", type=COUNT, default=None, metavar="N",
                 help="grading processes (default: every core; 0 grades in this process)"),
    progress_option(),
)


def _with(*groups: Tuple[Option, ...]) -> Callable[[Any], Any]:
    def decorate(f: Any) -> Any:
        for option in reversed([o for group in groups for o in group]):
            f = option(f)
        return f

    return decorate


@click.command("eval", cls=Command,
               help="Ask a model (an OpenAI-compatible endpoint) to solve a benchmark's problems, grade every "
                    "answer, and write OUT/config.json, OUT/samples.jsonl and OUT/results.json (accuracy, pass@k, "
                    "maj@k by answer equivalence, breakdowns). Every answer is cached in OUT/cache.sqlite before it "
                    "is graded: running the command again asks only for what is missing (after exit code 5, it "
                    "retries the requests that failed; after 130, it continues). With --predictions, score "
                    "generations made elsewhere instead.")
@_with(PROBLEMS, MODEL, SAMPLING, CLIENT, RESCORING, OUTPUT)
def command(**params: Any) -> int:
    """Run ``mathgrade eval`` and return its exit code."""
    from ..pool import wait_stopped

    args = _Params(params)
    show = show_progress(args.progress)
    try:
        if args.predictions:
            outcome = _rescore(args, show)
        else:
            settings = _settings(args)
            if settings.n > 1 and settings.sampling.temperature == 0:
                print(f"mathgrade: warning: --n {settings.n} with temperature 0: the samples of a problem will "
                      f"mostly be the same (set --temperature)", file=sys.stderr)
            from ..evaluation.run import evaluate

            outcome = evaluate(settings, args.output, progress=show)
    except KeyboardInterrupt:
        print(_interrupted(args.output), file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        wait_stopped()  # a run that ends within a second (an error, Ctrl-C) must not exit while workers start
    if not outcome.complete:
        print(f"scored {outcome.scored} of {outcome.total} samples before the stop. " + _interrupted(args.output),
              file=sys.stderr)
        return EXIT_INTERRUPTED
    assert outcome.results is not None
    for note in outcome.notes:
        click.echo(f"mathgrade: note: {note}", err=True)
    print(format_results(outcome.results, outcome))
    return EXIT_INCOMPLETE if outcome.results.get("failed") else EXIT_OK


class _Params:
    """The command's parameters as attributes (``args.task``); a multiple option given no value is None."""

    def __init__(self, params: Dict[str, Any]) -> None:
        for name, value in params.items():
            setattr(self, name, None if value == () else value)

    def __getattr__(self, name: str) -> Any:  # (only for names that are not parameters)
        raise AttributeError(name)


def _interrupted(out: str) -> str:
    return (f"interrupted: every answer received is kept in {os.path.join(out, 'cache.sqlite')}; run the same "
            f"command again (or mathgrade eval --resume -o {out}) to continue")


# --- settings ----------------------------------------------------------------------------------------------------


def _settings(args: Any) -> "EvalSettings":
    """The live run's settings: from the command line, or from OUT/config.json with --resume."""
    from ..evaluation.client import RetryPolicy
    from ..evaluation.prompts import Prompter
    from ..evaluation.run import EvalSettings
    from ..options import make_options

    if args.filter is not None:
        raise UsageError("--filter chooses the rows of an lm-evaluation-harness samples file: it applies only with "
                         "--predictions")
    if args.resume:
        return _resumed(args)
    if not args.model or not args.base_url:
        raise UsageError("asking a model needs --model and --base-url (or use --predictions FILE to score "
                         "generations made elsewhere)")
    task, source = _task(args, required=True)
    assert task is not None
    value = _with_defaults(args)
    prompter = Prompter.make(value["mode"], args.prompt_template, args.system, task.few_shot)
    stop = tuple(args.stop) if args.stop is not None else prompter.template.stop
    sampling = _sampling(value["temperature"], args.top_p, value["max_tokens"], args.seed, stop,
                         _extra(args.extra))
    return EvalSettings(task, args.model, args.base_url, prompter, sampling, n=value["n"], limit=args.limit,
                        options=make_options(policy=value["policy"], timeout=value["timeout"]),
                        concurrency=value["concurrency"], request_timeout=value["request_timeout"],
                        retry=RetryPolicy(max_retries=value["max_retries"]), api_key_env=args.api_key_env,
                        workers=args.workers, task_source=source)


def _resumed(args: Any) -> "EvalSettings":
    from ..evaluation.client import RetryPolicy
    from ..evaluation.prompts import TEMPLATES, Prompter, Template, load_template
    from ..evaluation.rundir import CONFIG, RunDir
    from ..evaluation.run import EvalSettings, options_from_config

    given = [name for name in _RUN_SETTINGS if getattr(args, name, None) is not None]
    if given:
        raise UsageError(f"--resume takes the run's settings from {os.path.join(args.output, CONFIG)}; leave out "
                         f"{', '.join('--' + g.replace('_', '-') for g in given)} (or start a new run without "
                         f"--resume)")
    config = RunDir.config_of(args.output)
    if config is None:
        raise UsageError(f"nothing to resume in {args.output}: it has no {CONFIG}")
    if config.get("predictions"):
        raise UsageError(f"{args.output} holds a rescoring of predictions; run that command again instead")
    try:
        task = _task_from_source(config["task"], config["task_source"])
        template = config["prompt_template"]
        chosen = load_template(template) if template in TEMPLATES else Template(template)
        prompter = Prompter(config["mode"], chosen, config["system"])
        sampling = _sampling(config["temperature"], config["top_p"], config["max_tokens"], config["seed"],
                             tuple(config["stop"] or ()), config["extra"] or {})
        value: Dict[str, Any] = {k: config.get(k, DEFAULTS[k]) if getattr(args, k, None) is None else
                                 getattr(args, k) for k in ("concurrency", "request_timeout", "max_retries")}
        return EvalSettings(task, config["model"], config["base_url"], prompter, sampling, n=config["n"],
                            limit=config["limit"], options=options_from_config(config),
                            concurrency=value["concurrency"], request_timeout=value["request_timeout"],
                            retry=RetryPolicy(max_retries=value["max_retries"]),
                            api_key_env=args.api_key_env or config.get("api_key_env"),
                            workers=args.workers if args.workers is not None else config.get("workers"),
                            task_source=config["task_source"])
    except (KeyError, TypeError) as exc:
        raise UsageError(f"cannot resume from {os.path.join(args.output, CONFIG)}: it lacks or misstates {exc}") \
            from None


def _with_defaults(args: Any) -> Dict[str, Any]:
    return {k: (d if getattr(args, k) is None else getattr(args, k)) for k, d in DEFAULTS.items()}


def _sampling(temperature: Optional[float], top_p: Optional[float], max_tokens: Optional[int], seed: Optional[int],
              stop: Sequence[str], extra: Dict[str, Any]) -> "Sampling":
    from ..evaluation.client import Sampling

    return Sampling(temperature, top_p, max_tokens, seed, tuple(stop), extra)


def _extra(text: Optional[str]) -> Dict[str, Any]:
    if text is None:
        return {}
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise ConfigError("extra", f"is not JSON ({exc}): {text!r}") from None
    if not isinstance(value, dict):
        raise ConfigError("extra", f"must be a JSON object such as '{{\"top_k\": 20}}', not {text!r}")
    return value


def _task(args: Any, required: bool) -> "Tuple[Optional[Task], Dict[str, Any]]":
    from ..evaluation.tasks import load_task

    chosen = [name for name in ("task", "task_file", "hf_dataset") if getattr(args, name)]
    if len(chosen) > 1:
        given = " and ".join("--" + c.replace("_", "-") for c in chosen)
        raise UsageError(f"give one of --task, --task-file and --hf-dataset, not {given}")
    if not chosen:
        if required:
            raise UsageError("say which problems: --task NAME (see `mathgrade tasks`), --task-file FILE or "
                             "--hf-dataset NAME")
        return None, {}
    fields = {"problem": args.problem_field, "answer": args.answer_field, "id": args.id_field,
              "subject": args.subject_field, "level": args.level_field}
    if args.task:
        source: Dict[str, Any] = {"kind": "bundled"}
        return load_task(args.task), source
    if args.task_file:
        source = {"kind": "file", "path": os.path.abspath(args.task_file), "format": args.input_format,
                  "fields": fields}
    else:
        path = os.path.abspath(args.hf_dataset) if os.path.isdir(args.hf_dataset) else args.hf_dataset
        source = {"kind": "hf", "path": path, "split": args.split, "config": args.hf_config, "fields": fields}
    return _task_from_source(None, source), source


def _task_from_source(name: Optional[str], source: Dict[str, Any]) -> "Task":
    from ..evaluation.tasks import Fields, load_hf_dataset, load_task, load_task_file

    kind = source.get("kind")
    if kind == "bundled":
        if name is None:
            raise InputError("a bundled task needs its name")
        return load_task(name)
    fields = Fields(**source["fields"])
    if kind == "file":
        return load_task_file(source["path"], fields, fmt=source.get("format"))
    if kind == "hf":
        return load_hf_dataset(source["path"], fields, split=source["split"], config=source.get("config"))
    raise InputError(f"unknown task source {source!r}")


def _rescore(args: Any, show: bool) -> "RunOutcome":
    from ..evaluation.predictions import PredictionFields
    from ..evaluation.run import rescore
    from ..options import make_options

    if args.resume:
        raise UsageError("--resume continues a live run; a rescoring is simply run again")
    live = [name for name in _LIVE_ONLY if getattr(args, name, None) is not None]
    if live:
        raise UsageError(f"{', '.join('--' + n.replace('_', '-') for n in live)} only apply when asking a model, "
                         f"not with --predictions")
    task, _ = _task(args, required=False)
    fields = PredictionFields(args.response_field, args.predictions_key, args.match_by, args.gold_field,
                              args.filter)
    value = _with_defaults(args)
    return rescore(args.predictions, args.output, task=task, fields=fields,
                   options=make_options(policy=value["policy"], timeout=value["timeout"]), workers=args.workers,
                   limit=args.limit, model=args.model, fmt=args.input_format, progress=show)


# --- the table at the end ------------------------------------------------------------------------------------------


def format_results(results: Dict[str, Any], outcome: Optional["RunOutcome"] = None) -> str:
    """The metrics of ``results.json`` as a short table for a person."""
    r = results
    n = r["n"]
    ks = _shown_ks(n)
    lines = [f"task       {r['task']}" + (f", model {r['model']}" if r.get("model") else ""),
             f"samples    {r['samples']} ({r['problems']} problems x {n})" + _sources(r, outcome),
             f"accuracy   {_num(r['accuracy'])}" + (f" ± {r['accuracy_stderr']:.4f} (standard error over problems)"
                                                   if r.get("accuracy_stderr") is not None else ""),
             "pass@k     " + "  ".join(f"{k}: {_num(r['pass_at_k'].get(str(k)))}" for k in ks),
             "maj@k      " + "  ".join(f"{k}: {_num(r['maj_at_k'].get(str(k)))}" for k in ks),
             "status     " + (", ".join(f"{s} {c}" for s, c in r["status_counts"].items()) or "none"),
             f"cut off    {_share(r['cutoff_share'])} of samples (finish_reason length); no answer in "
             f"{_share(r['no_answer_share'])}"]
    tok, lat = r["tokens"], r["latency_s"]
    if tok.get("completion_p50") is not None:
        lines.append(f"tokens     completion p50 {tok['completion_p50']:.0f}, p99 {tok['completion_p99']:.0f}, "
                     f"total {tok['completion_total']}; prompt total {tok['prompt_total']}")
    if lat.get("p50") is not None:
        lines.append(f"latency    p50 {lat['p50']:.2f} s, p99 {lat['p99']:.2f} s")
    lines.append(f"time       {r['wall_time_s']:.1f} s")
    for title, groups in (("level", r["by_level"]), ("subject", r["by_subject"])):
        if groups:
            lines.append("")
            lines += _group_table(title, groups, n)
    if outcome is not None:
        lines += [f"note       {note}" for note in outcome.notes]
        lines += ["", f"output     {outcome.out_dir} (config.json, samples.jsonl, results.json)"]
    if r.get("failed"):
        lines.append(f"failed     {r['failed']} samples got no response (status request_error); run the command "
                     f"again to retry them")
    return "\n".join(lines)


def _sources(r: Dict[str, Any], outcome: Optional["RunOutcome"]) -> str:
    if outcome is None or outcome.requests == 0 and not r.get("cached"):
        return ""
    return f"; {r.get('cached', 0)} from the cache, {outcome.requests} asked now"


def _group_table(title: str, groups: Dict[str, Any], n: int) -> List[str]:
    width = max(len(title), *(len(name) for name in groups))
    head = f"{title:<{width}}  problems  samples  accuracy  pass@{n}"
    rows = [f"{name:<{width}}  {g['problems']:>8}  {g['samples']:>7}  {_num(g['accuracy']):>8}  "
            f"{_num(g['pass_at_k'].get(str(n))):>6}" for name, g in groups.items()]
    return [head] + rows


def _shown_ks(n: int) -> List[int]:
    ks = [k for k in (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024) if k <= n]
    return ks + ([n] if n and n not in ks else [])


def _num(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.4f}"


def _share(value: Optional[float]) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"
