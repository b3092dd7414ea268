"""``mathgrade eval``: evaluate a model on one or more math benchmarks through an OpenAI-compatible endpoint, or
rescore a file of generations; write a run directory per benchmark (and seed) and print the metrics as a markdown
table (see docs/eval.md).

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

from ..errors import (EXIT_INCOMPLETE, EXIT_INTERRUPTED, EXIT_OK, ConfigError, InputError, OutputError,
                      UsageError)
from . import Command
from ._options import COUNT, FORMAT, NON_NEGATIVE, POLICY, POSITIVE, SECONDS, progress_option, show_progress

if TYPE_CHECKING:  # pragma: no cover
    from ..evaluation.client import Sampling
    from ..evaluation.run import EvalSettings, RunOutcome
    from ..evaluation.suite import Planned
    from ..evaluation.summary import RunSummary
    from ..evaluation.tasks import Task

__all__ = ["command"]

DEFAULTS: Dict[str, Any] = {
    "mode": "chat", "n": 1, "temperature": 0.0, "max_tokens": 4096, "policy": "eval", "timeout": 5.0,
    "concurrency": 64, "request_timeout": 1200.0, "max_retries": 8,
}
"""Defaults of the options that ``--resume`` takes from ``config.json`` instead."""
_RUN_SETTINGS = ("task", "tasks", "task_file", "hf_dataset", "model", "base_url", "mode", "system", "prompt_template",
                 "num_fewshot", "n", "temperature", "top_p", "max_tokens", "seed", "seeds", "stop", "extra",
                 "gen_kwargs", "limit", "policy", "timeout")
"""Options that define what a run computes: fixed by ``config.json`` when resuming."""
_LIVE_ONLY = ("tasks", "base_url", "mode", "system", "prompt_template", "num_fewshot", "n", "temperature", "top_p",
              "max_tokens", "seed", "seeds", "stop", "extra", "gen_kwargs", "api_key_env", "concurrency",
              "request_timeout", "max_retries", "dry_run", "write_out")
"""Options that only mean something when a model is asked."""
_WRITE_OUT = 3
"""Requests shown by --dry-run unless --write-out says."""

Option = Callable[[Any], Any]

PROBLEMS: Tuple[Option, ...] = (
    click.option("--task", metavar="NAME", multiple=True,
                 help="a bundled task (see `mathgrade tasks`): math500, gsm8k, aime24, aime25, amc23, minerva, "
                      "olympiadbench; OUT is its run directory"),
    click.option("--tasks", metavar="NAME[:N],...",
                 help="several bundled tasks, each with its own samples per problem (aime24:16,math500:4; default "
                      "--n): one run directory per task under OUT, and a combined summary"),
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
    click.option("--num-fewshot", type=COUNT, default=None, metavar="K",
                 help="exemplars per prompt, from the task's few-shot template: its first K (completion mode), or "
                      "K earlier user/assistant turns (chat mode; default 0)"),
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
    click.option("--gen-kwargs", default=None, metavar="KEY=VALUE,...",
                 help="request fields as lm-eval writes them: top_k=20,min_p=0.05,"
                      "chat_template_kwargs.enable_thinking=false (values read as JSON when they are; a dotted key "
                      "sets a field of an object); temperature, top_p, max_tokens and stop set those settings"),
    click.option("--seeds", type=POSITIVE, default=None, metavar="K",
                 help="K runs of each task, run j sending sample i with seed SEED+j*n+i (SEED: --seed, or 0), "
                      "each in its own folder; the summary gives each metric's mean and spread"),
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
    click.option("-o", "--output", default=None, metavar="OUT",
                 help="the output folder (default: a new folder runs/MODEL-DATE-TIME); a finished run's files in it "
                      "are never overwritten"),
    click.option("--resume", is_flag=True,
                 help="continue the run(s) in OUT with the settings of their config.json"),
    click.option("--summary-json", metavar="FILE", default=None,
                 help="also write the summary as JSON to FILE (- for stdout; the table then goes to stderr)"),
    click.option("--dry-run", is_flag=True,
                 help="print the first requests (--write-out, default 3 per task) exactly as they would be sent, "
                      "and stop: nothing is asked or written"),
    click.option("--write-out", type=POSITIVE, default=None, metavar="N",
                 help="print the requests of the first N problems of each task (on stderr before the run; on stdout "
                      "with --dry-run)"),
    click.option("--policy", type=POLICY, default=None, help="grading policy (default: eval)"),
    click.option("--timeout", type=SECONDS, default=None, metavar="SECONDS",
                 help="grading time limit per sample (default: 5)"),
    click.option("--workers", type=COUNT, default=None, metavar="N",
                 help="grading processes (default: every core; 0 grades in this process)"),
    progress_option(),
    click.option("--progress-interval", type=SECONDS, default=None, metavar="SECONDS",
                 help="when stderr is not a terminal (a log), a progress line every SECONDS (default: 10); given, "
                      "lines instead of the bar on a terminal too"),
)


def _with(*groups: Tuple[Option, ...]) -> Callable[[Any], Any]:
    def decorate(f: Any) -> Any:
        for option in reversed([o for group in groups for o in group]):
            f = option(f)
        return f

    return decorate


@click.command("eval", cls=Command,
               help="Ask a model (an OpenAI-compatible endpoint) to solve the problems of one or more benchmarks, "
                    "grade every answer, write a run directory per benchmark (config.json, samples.jsonl, "
                    "results.json: accuracy, pass@k, maj@k by answer equivalence, standard errors, breakdowns) and "
                    "print a markdown table. Every answer is cached in the run's cache.sqlite before it is graded: "
                    "running the command again with the same -o asks only for what is missing (after exit code 5, "
                    "it retries the requests that failed; after 130, it continues); a finished run's files are never "
                    "overwritten. With --predictions, score generations made elsewhere instead.")
@_with(PROBLEMS, MODEL, SAMPLING, CLIENT, RESCORING, OUTPUT)
def command(**params: Any) -> int:
    """Run ``mathgrade eval`` and return its exit code."""
    from ..runtime import wait_stopped

    args = _Params(params)
    _check_flags(args)
    display = _display(args)
    out = args.output
    try:
        if args.predictions:
            out = out or _default_output(args.model or _stem(args.predictions))
            outcome = _rescore(args, out, display)
            done: List[Tuple[Optional["Planned"], "RunOutcome"]] = [(None, outcome)]
        else:
            plan, out, alone = _plan(args)
            if args.dry_run or args.write_out:
                _preview(plan, args.write_out or _WRITE_OUT, sys.stdout if args.dry_run else sys.stderr)
                if args.dry_run:
                    return EXIT_OK
            from ..evaluation.suite import evaluate_all

            done = list(_evaluate_all(evaluate_all, plan, display, out))
    except KeyboardInterrupt:
        print(_interrupted(out, args), file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        wait_stopped()  # a run that ends within a second (an error, Ctrl-C) must not exit while workers start
    last = done[-1][1]
    if not last.complete:
        print(f"scored {last.scored} of {last.total} samples of {last.out_dir} before the stop. "
              + _interrupted(out, args), file=sys.stderr)
        return EXIT_INTERRUPTED
    for _, outcome in done:
        for note in outcome.notes:
            click.echo(f"mathgrade: note: {note}", err=True)
    runs = [_summary_of(planned, outcome) for planned, outcome in done]
    _print_summary(args, runs, out, multi=not (args.predictions or alone))
    return EXIT_INCOMPLETE if any(o.results and o.results.get("failed") for _, o in done) else EXIT_OK


def _evaluate_all(evaluate_all: Any, plan: List["Planned"], display: Dict[str, Any],
                  out: str) -> List[Tuple[Optional["Planned"], "RunOutcome"]]:
    from ..evaluation.rundir import UnfinishedRun

    try:
        return list(evaluate_all(plan, **display))
    except UnfinishedRun as exc:
        raise OutputError(f"{exc}: `mathgrade eval --resume -o {out}` continues it; or give this run another "
                          f"-o (without -o, a new folder under runs/)") from None


def _check_flags(args: Any) -> None:
    if args.filter is not None and not args.predictions:
        raise UsageError("--filter chooses the rows of an lm-evaluation-harness samples file: it applies only with "
                         "--predictions")
    if args.task is not None and len(args.task) > 1:
        raise UsageError(f"--task was given {len(args.task)} times ({', '.join(args.task)}); run several benchmarks "
                         f"with --tasks {','.join(args.task)}")
    args.task = args.task[0] if args.task else None
    if args.task is not None and ("," in args.task or ":" in args.task):
        raise UsageError(f"--task takes one benchmark; for {args.task!r} use --tasks {args.task}")
    if args.tasks is not None and args.task is not None:
        raise UsageError("give --task NAME or --tasks NAME[:N],..., not both")
    if args.resume and not args.output:
        raise UsageError("--resume continues the run in OUT: give -o OUT")
    if args.write_out is not None and args.resume:
        raise UsageError("--dry-run and --write-out show a new run's requests; leave out --resume")
    if args.dry_run and args.resume:
        raise UsageError("--dry-run shows a new run's requests; leave out --resume")


def _display(args: Any) -> Dict[str, Any]:
    """How progress is shown: a bar (a terminal, or --progress), or lines every --progress-interval seconds."""
    from ..evaluation.progress import LOG_EVERY

    if args.progress is False:
        return {"progress": False, "log_every": None}
    if args.progress_interval is not None:
        return {"progress": False, "log_every": args.progress_interval}
    bar = show_progress(args.progress)
    return {"progress": bar, "log_every": None if bar else LOG_EVERY}


def _default_output(label: Optional[str]) -> str:
    from ..evaluation.rundir import default_output

    return default_output(label)


def _stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]


class _Params:
    """The command's parameters as attributes (``args.task``); a multiple option given no value is None."""

    def __init__(self, params: Dict[str, Any]) -> None:
        for name, value in params.items():
            setattr(self, name, None if value == () else value)

    def __getattr__(self, name: str) -> Any:  # (only for names that are not parameters)
        raise AttributeError(name)


def _interrupted(out: Optional[str], args: Any) -> str:
    if out is None:
        return "interrupted before the run started"
    again = "run the same command again" if args.output else f"run the same command again with -o {out}"
    return (f"interrupted: every answer received is kept in the cache.sqlite of its run directory under {out}; "
            f"{again} (or mathgrade eval --resume -o {out}) to continue")


# --- settings ----------------------------------------------------------------------------------------------------


def _plan(args: Any) -> "Tuple[List[Planned], str, bool]":
    """The runs to make (from the command line, or from the config.json of each run in OUT with --resume), the
    output folder, and whether it is the one run's directory (else it holds one run directory per task and seed)."""
    if args.resume:
        return _resumed_plan(args)
    from ..evaluation.suite import Planned, parse_tasks, run_folder, seeds_for

    if not args.model or not args.base_url:
        raise UsageError("asking a model needs --model and --base-url (or use --predictions FILE to score "
                         "generations made elsewhere)")
    value = _with_defaults(args)
    if args.tasks is not None:
        chosen = [name for name in ("task_file", "hf_dataset") if getattr(args, name)]
        if chosen:
            raise UsageError(f"--tasks names bundled tasks; run --{chosen[0].replace('_', '-')} on its own")
        from ..evaluation.tasks import load_task

        tasks = [(load_task(spec.name), {"kind": "bundled"}, spec.n or value["n"]) for spec in parse_tasks(args.tasks)]
    else:
        task, source = _task(args, required=True)
        assert task is not None
        tasks = [(task, source, value["n"])]
    seeds = args.seeds or 1
    alone = args.tasks is None and seeds == 1
    out = args.output or _default_output(args.model)
    plan = []
    for task, source, n in tasks:
        for seed in seeds_for(args.seed, seeds, n):
            settings = _settings(args, value, task, source, n, seed)
            label = task.name + ("" if seeds == 1 else f" seed {seed}")
            plan.append(Planned(settings, run_folder(out, task.name, seed, alone=alone, seeds=seeds), label))
    for planned in plan:
        s = planned.settings
        if s.n > 1 and s.sampling.temperature == 0:
            print(f"mathgrade: warning: {s.n} samples per problem of {s.task.name} with temperature 0: they will "
                  f"mostly be the same (set --temperature)", file=sys.stderr)
            break
    return plan, out, alone


def _settings(args: Any, value: Dict[str, Any], task: "Task", source: Dict[str, Any], n: int,
              seed: Optional[int]) -> "EvalSettings":
    """One live run's settings from the command line."""
    from ..evaluation.client import RetryPolicy
    from ..evaluation.prompts import Prompter
    from ..evaluation.run import EvalSettings
    from ..options import make_options

    prompter = Prompter.make(value["mode"], args.prompt_template, args.system, task.few_shot, args.num_fewshot)
    given, extra = _gen_kwargs(args)
    stop = tuple(args.stop) if args.stop is not None else given.get("stop", prompter.template.stop)
    sampling = _sampling(given.get("temperature", value["temperature"]), given.get("top_p", args.top_p),
                         given.get("max_tokens", value["max_tokens"]), seed, stop, extra)
    return EvalSettings(task, args.model, args.base_url, prompter, sampling, n=n, limit=args.limit,
                        options=make_options(policy=value["policy"], timeout=value["timeout"]),
                        concurrency=value["concurrency"], request_timeout=value["request_timeout"],
                        retry=RetryPolicy(max_retries=value["max_retries"]), api_key_env=args.api_key_env,
                        workers=args.workers, task_source=source)


def _gen_kwargs(args: Any) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """The sampling settings --gen-kwargs gives, and every extra request field (from --gen-kwargs and --extra)."""
    from ..evaluation.client import parse_gen_kwargs, split_gen_kwargs

    extra = _extra(args.extra)
    if args.gen_kwargs is None:
        return {}, extra
    given, more = split_gen_kwargs(parse_gen_kwargs(args.gen_kwargs))
    twice = [k for k in given if getattr(args, k, None) is not None]
    if twice:
        flags = ", ".join("--" + k.replace("_", "-") for k in twice)
        raise UsageError(f"--gen-kwargs sets {', '.join(twice)}, and so does {flags}; give each once")
    both = sorted(set(more) & set(extra))
    if both:
        raise UsageError(f"--gen-kwargs and --extra both set {', '.join(both)}; give each field once")
    return given, {**extra, **more}


def _resumed_plan(args: Any) -> "Tuple[List[Planned], str, bool]":
    from ..evaluation.rundir import CONFIG, RunDir
    from ..evaluation.suite import Planned

    given = [name for name in _RUN_SETTINGS if getattr(args, name, None) is not None]
    if given:
        raise UsageError(f"--resume takes the runs' settings from their {CONFIG}; leave out "
                         f"{', '.join('--' + g.replace('_', '-') for g in given)} (or start a new run without "
                         f"--resume)")
    out = args.output
    if RunDir.config_of(out) is not None:
        return [Planned(_resumed(args, out), out)], out, True
    folders = sorted(e.path for e in os.scandir(out) if e.is_dir() and RunDir.config_of(e.path) is not None) \
        if os.path.isdir(out) else []
    if not folders:
        raise UsageError(f"nothing to resume in {out}: it has no {CONFIG}, nor folders of runs that have one")
    return [Planned(_resumed(args, folder), folder, os.path.basename(folder)) for folder in folders], out, False


def _resumed(args: Any, out: str) -> "EvalSettings":
    from ..evaluation.client import RetryPolicy
    from ..evaluation.prompts import prompter_from_config
    from ..evaluation.rundir import CONFIG, RunDir
    from ..evaluation.run import EvalSettings, options_from_config

    config = RunDir.config_of(out)
    assert config is not None
    if config.get("predictions"):
        raise UsageError(f"{out} holds a rescoring of predictions; run that command again instead")
    try:
        task = _task_from_source(config["task"], config["task_source"])
        prompter = prompter_from_config(config, task.few_shot)
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
        raise UsageError(f"cannot resume from {os.path.join(out, CONFIG)}: it lacks or misstates {exc}") \
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


def _rescore(args: Any, out: str, display: Dict[str, Any]) -> "RunOutcome":
    from ..evaluation.predictions import PredictionFields
    from ..evaluation.run import rescore
    from ..options import make_options

    if args.resume:
        raise UsageError("--resume continues a live run; a rescoring is simply run again")
    live = [name for name in _LIVE_ONLY if getattr(args, name, None) not in (None, False)]
    if live:
        raise UsageError(f"{', '.join('--' + n.replace('_', '-') for n in live)} only apply when asking a model, "
                         f"not with --predictions")
    task, _ = _task(args, required=False)
    fields = PredictionFields(args.response_field, args.predictions_key, args.match_by, args.gold_field,
                              args.filter)
    value = _with_defaults(args)
    return rescore(args.predictions, out, task=task, fields=fields,
                   options=make_options(policy=value["policy"], timeout=value["timeout"]), workers=args.workers,
                   limit=args.limit, model=args.model, fmt=args.input_format, **display)


# --- what is printed ---------------------------------------------------------------------------------------------


def _preview(plan: List["Planned"], count: int, stream: Any) -> None:
    """The first requests of each task (of its first seed), exactly as they would be sent."""
    from ..evaluation.run import preview

    shown = set()
    for planned in plan:
        if planned.settings.task.name in shown:
            continue
        shown.add(planned.settings.task.name)
        requests = preview(planned.settings, count)
        for i, (url, body) in enumerate(requests):
            print(f"# {planned.settings.task.name}: request {i + 1} of {len(requests)} (problem "
                  f"{planned.settings.task.problems[i].id}, sample 0 of {planned.settings.n})\nPOST {url}",
                  file=stream)
            print(json.dumps(body, indent=2, ensure_ascii=False), file=stream, flush=True)


def _summary_of(planned: Optional["Planned"], outcome: "RunOutcome") -> "RunSummary":
    from ..evaluation.summary import RunSummary

    assert outcome.results is not None
    if planned is None:  # a rescoring
        return RunSummary(outcome.results["task"], outcome.results, outcome.out_dir, kept=outcome.kept)
    s = planned.settings
    return RunSummary(s.task.name, outcome.results, outcome.out_dir, seed=s.sampling.seed,
                      n_shot=s.prompter.n_shot, policy=s.options.policy, reused=outcome.reused, kept=outcome.kept,
                      requests=outcome.requests)


def _print_summary(args: Any, runs: List["RunSummary"], out: str, multi: bool) -> None:
    """The details of each run on stderr; the table on stdout (stderr when the JSON goes to stdout); the summary as
    JSON to --summary-json, and to OUT/summary.json when OUT holds several runs."""
    from ..evaluation.summary import details, markdown, summary_json
    from ..evaluation.suite import write_summary

    model = args.model if not args.resume else next((r.results.get("model") for r in runs), None)
    summary = summary_json(runs, model=model, output=out, started_at=_now())
    for run in runs:
        print("\n".join(details(run)), file=sys.stderr)
    if multi:
        path, kept = write_summary(out, summary)
        print(f"summary  {path}" + (f" (the earlier one kept as {os.path.basename(kept)})" if kept else ""),
              file=sys.stderr)
    table_to = sys.stdout
    if args.summary_json is not None:
        text = json.dumps(summary, indent=2, ensure_ascii=False)
        if args.summary_json == "-":
            print(text, flush=True)
            table_to = sys.stderr
        else:
            _write_text(args.summary_json, text + "\n")
    head = f"mathgrade eval: model {model or '-'}, output {out}"
    print(head + "\n\n" + markdown(summary), file=table_to, flush=True)


def _write_text(path: str, text: str) -> None:
    from ..errors import FileSystemError

    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise FileSystemError("write", path, exc) from None


def _now() -> str:
    import datetime

    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
