"""``mathgrade eval``: evaluate a model on a math benchmark through an OpenAI-compatible endpoint, or rescore a file
of generations; write a run directory and print the metrics as a table (see docs/eval.md)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence

from ..cli import UsageError, _positive_float, _positive_int, add_progress_options
from ..cli import _non_negative_int as _count
from ..files import FORMATS
from ..pool import wait_stopped
from .prompts import TEMPLATES, Prompter, Template, load_template
from .rundir import CONFIG, RunDir
from .tasks import BUNDLED, MATCH_BY, Fields, Task, load_hf_dataset, load_task, load_task_file

if TYPE_CHECKING:  # pragma: no cover
    from .client import Sampling
    from .run import EvalSettings, RunOutcome

# The client, the pipeline and grading are imported when a run starts (in ``run``): every mathgrade command builds
# its parser from this module, and should not pay for them.

__all__ = ["add_command", "run", "format_results"]

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_FAILED_SAMPLES = 3
EXIT_INTERRUPTED = 130

_EPILOG = """\
exit codes:
  0    every sample was answered and scored
  1    internal error (a bug in mathgrade; please report it)
  2    usage or input error, or an endpoint that cannot serve the run (unreachable, wrong model, key refused);
       the message names the URL
  3    the run finished but some requests failed for good (status request_error); run the command again to retry them
  130  interrupted (Ctrl-C, SIGTERM); every answer received is in OUT/cache.sqlite: run the same command again
       (or `mathgrade eval --resume -o OUT`) to continue
"""

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


def add_command(subparsers: Any, epilog: str) -> None:
    """Add ``mathgrade eval`` to the command line."""
    p = subparsers.add_parser(
        "eval", help="evaluate a model on a math benchmark (any OpenAI-compatible endpoint), or rescore generations",
        description="Ask a model (an OpenAI-compatible endpoint) to solve a benchmark's problems, grade every answer, "
                    "and write OUT/config.json, OUT/samples.jsonl and OUT/results.json (accuracy, pass@k, maj@k by "
                    "answer equivalence, breakdowns). Every answer is cached in OUT/cache.sqlite before it is "
                    "graded: running the command again asks only for what is missing. With --predictions, score "
                    "generations made elsewhere instead.",
        epilog=_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    t = p.add_argument_group("problems (one of)")
    t.add_argument("--task", metavar="NAME", help=f"a bundled task: {', '.join(BUNDLED)} (see `mathgrade tasks`)")
    t.add_argument("--task-file", metavar="FILE", help="problems from a JSONL, CSV or Parquet file")
    t.add_argument("--hf-dataset", metavar="NAME_OR_DIR",
                   help="a Hugging Face dataset, by name or saved on disk (pip install 'mathgrade[datasets]')")
    t.add_argument("--split", default="test", help="split of --hf-dataset (default: test)")
    t.add_argument("--hf-config", default=None, metavar="NAME", help="configuration of --hf-dataset")
    t.add_argument("--problem-field", default="problem", metavar="F", help="column of the problem (default: problem)")
    t.add_argument("--answer-field", default="answer", metavar="F", help="column of the gold answer (default: answer)")
    t.add_argument("--id-field", default=None, metavar="F", help="column of the problem id (default: id, unique_id "
                                                                   "or idx if present, else the row number)")
    t.add_argument("--subject-field", default=None, metavar="F", help="column of the subject (default: subject)")
    t.add_argument("--level-field", default=None, metavar="F", help="column of the level (default: level)")
    t.add_argument("--format", choices=FORMATS, default=None, help="format of --task-file or --predictions when its "
                                                                     "extension does not say")
    t.add_argument("--limit", type=_count, default=None, metavar="N", help="only the first N problems")

    m = p.add_argument_group("model")
    m.add_argument("--model", metavar="NAME",
                   help="the model name the endpoint serves (with --predictions: a label for the results)")
    m.add_argument("--base-url", metavar="URL", help="the endpoint, ending in /v1 (http://localhost:8000/v1)")
    m.add_argument("--api-key-env", metavar="VAR",
                   help="name of the environment variable holding the API key (never the key itself)")
    m.add_argument("--mode", choices=("chat", "completion"), default=None,
                   help="chat (default): the problem and an instruction to box the answer, as a user message; "
                        "completion: a few-shot prompt (the task's default: " +
                        ", ".join(TEMPLATES) + ")")
    m.add_argument("--system", default=None, metavar="TEXT", help="a system message (chat mode)")
    m.add_argument("--prompt-template", default=None, metavar="NAME|FILE",
                   help="a bundled template or a file; {problem} marks where the problem goes")

    s = p.add_argument_group("sampling")
    s.add_argument("--n", type=_positive_int, default=None, help="samples per problem (default: 1)")
    s.add_argument("--temperature", type=_non_negative_float, default=None, metavar="T", help="default: 0")
    s.add_argument("--top-p", type=_non_negative_float, default=None, metavar="P", help="default: not sent")
    s.add_argument("--max-tokens", type=_positive_int, default=None, metavar="N", help="default: 4096")
    s.add_argument("--seed", type=int, default=None, help="sample i is sent with seed SEED+i (default: not sent)")
    s.add_argument("--stop", action="append", default=None, metavar="TEXT",
                   help="a stop sequence (repeat for several; default: the few-shot template's)")
    s.add_argument("--extra", default=None, metavar="JSON", help="more request fields, e.g. '{\"top_k\": 20}'")

    c = p.add_argument_group("client")
    c.add_argument("--concurrency", type=_positive_int, default=None, metavar="N",
                   help="requests in flight (default: 64)")
    c.add_argument("--request-timeout", type=_positive_float, default=None, metavar="SECONDS",
                   help="time limit of one attempt (default: 1200)")
    c.add_argument("--max-retries", type=_count, default=None, metavar="N",
                   help="retries of a failed request, with exponential backoff and jitter (default: 8)")

    r = p.add_argument_group("rescoring")
    r.add_argument("--predictions", metavar="FILE",
                   help="score the generations in FILE (JSONL, CSV, Parquet) instead of asking a model")
    r.add_argument("--response-field", default="response", metavar="F",
                   help="column of the generation, text or a list of texts (default: response)")
    r.add_argument("--predictions-key", default="problem_id", metavar="F",
                   help="column naming the problem a row answers (default: problem_id)")
    r.add_argument("--match-by", choices=MATCH_BY, default="id",
                   help="how that column finds the task's problem: its id (default), index (0-based position) or "
                        "problem (its text)")
    r.add_argument("--gold-field", default=None, metavar="F", help="column of the gold answer, without a task")
    r.add_argument("--filter", default=None, metavar="NAME",
                   help="an lm-evaluation-harness samples file: the filter whose rows are scored (default: the first)")

    o = p.add_argument_group("grading and output")
    o.add_argument("-o", "--output", required=True, metavar="OUT", help="the run directory")
    o.add_argument("--resume", action="store_true",
                   help="continue the run in OUT with the settings of OUT/config.json")
    o.add_argument("--policy", choices=("eval", "reward"), default=None, help="grading policy (default: eval)")
    o.add_argument("--timeout", type=_positive_float, default=None, metavar="SECONDS",
                   help="grading time limit per sample (default: 5)")
    o.add_argument("--workers", type=_count, default=None, metavar="N",
                   help="grading processes (default: every core)")
    add_progress_options(o)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``mathgrade eval`` and return its exit code."""
    from .client import EndpointError
    from .run import evaluate

    show = _show_progress(args.progress)
    try:
        if args.predictions:
            outcome = _rescore(args, show)
        else:
            settings = _settings(args)
            if settings.n > 1 and settings.sampling.temperature == 0:
                print(f"mathgrade: warning: --n {settings.n} with temperature 0: the samples of a problem will "
                      f"mostly be the same (set --temperature)", file=sys.stderr)
            outcome = evaluate(settings, args.output, progress=show)
    except EndpointError as exc:
        raise UsageError(str(exc)) from None
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
        print(f"mathgrade: note: {note}", file=sys.stderr)
    print(format_results(outcome.results, outcome))
    return EXIT_FAILED_SAMPLES if outcome.results.get("failed") else EXIT_OK


def _interrupted(out: str) -> str:
    return (f"interrupted: every answer received is kept in {os.path.join(out, 'cache.sqlite')}; run the same "
            f"command again (or mathgrade eval --resume -o {out}) to continue")


# --- settings ----------------------------------------------------------------------------------------------------


def _settings(args: argparse.Namespace) -> "EvalSettings":
    """The live run's settings: from the command line, or from OUT/config.json with --resume."""
    from .client import RetryPolicy
    from .run import EvalSettings

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
                        policy=value["policy"], timeout=value["timeout"], concurrency=value["concurrency"],
                        request_timeout=value["request_timeout"], retry=RetryPolicy(max_retries=value["max_retries"]),
                        api_key_env=args.api_key_env, workers=args.workers, task_source=source)


def _resumed(args: argparse.Namespace) -> "EvalSettings":
    from .client import RetryPolicy
    from .run import EvalSettings

    given = [name for name in _RUN_SETTINGS if getattr(args, name, None) is not None]
    if given:
        raise UsageError(f"--resume takes the run's settings from {os.path.join(args.output, CONFIG)}; leave out "
                         f"{', '.join('--' + g.replace('_', '-') for g in given)} (or start a new run without "
                         f"--resume)")
    with RunDir(args.output) as run_dir:
        config = run_dir.read_config()
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
                            limit=config["limit"], policy=config["policy"], timeout=config["timeout"],
                            concurrency=value["concurrency"], request_timeout=value["request_timeout"],
                            retry=RetryPolicy(max_retries=value["max_retries"]),
                            api_key_env=args.api_key_env or config.get("api_key_env"),
                            workers=args.workers if args.workers is not None else config.get("workers"),
                            task_source=config["task_source"])
    except (KeyError, TypeError) as exc:
        raise UsageError(f"cannot resume from {os.path.join(args.output, CONFIG)}: it lacks or misstates {exc}") \
            from None


def _with_defaults(args: argparse.Namespace) -> Dict[str, Any]:
    return {k: (d if getattr(args, k) is None else getattr(args, k)) for k, d in DEFAULTS.items()}


def _sampling(temperature: Optional[float], top_p: Optional[float], max_tokens: Optional[int], seed: Optional[int],
              stop: Sequence[str], extra: Dict[str, Any]) -> "Sampling":
    from .client import Sampling

    try:
        return Sampling(temperature, top_p, max_tokens, seed, tuple(stop), extra)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _extra(text: Optional[str]) -> Dict[str, Any]:
    if text is None:
        return {}
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise UsageError(f"--extra is not JSON ({exc}): {text!r}") from None
    if not isinstance(value, dict):
        raise UsageError(f"--extra must be a JSON object such as '{{\"top_k\": 20}}', not {text!r}")
    return value


def _task(args: argparse.Namespace, required: bool) -> "tuple[Optional[Task], Dict[str, Any]]":
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
        source = {"kind": "file", "path": os.path.abspath(args.task_file), "format": args.format, "fields": fields}
    else:
        path = os.path.abspath(args.hf_dataset) if os.path.isdir(args.hf_dataset) else args.hf_dataset
        source = {"kind": "hf", "path": path, "split": args.split, "config": args.hf_config, "fields": fields}
    return _task_from_source(None, source), source


def _task_from_source(name: Optional[str], source: Dict[str, Any]) -> Task:
    kind = source.get("kind")
    if kind == "bundled":
        if name is None:
            raise UsageError("a bundled task needs its name")
        return load_task(name)
    fields = Fields(**source["fields"])
    if kind == "file":
        return load_task_file(source["path"], fields, fmt=source.get("format"))
    if kind == "hf":
        return load_hf_dataset(source["path"], fields, split=source["split"], config=source.get("config"))
    raise UsageError(f"unknown task source {source!r}")


def _rescore(args: argparse.Namespace, show: bool) -> "RunOutcome":
    from .predictions import PredictionFields
    from .run import rescore

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
    return rescore(args.predictions, args.output, task=task, fields=fields, policy=value["policy"],
                   timeout=value["timeout"], workers=args.workers, limit=args.limit, model=args.model,
                   fmt=args.format, progress=show)


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


def _show_progress(flag: Optional[bool]) -> bool:
    if flag is not None:
        return flag
    try:
        return sys.stderr.isatty() and not os.environ.get("CI")
    except (AttributeError, ValueError):
        return False


# --- argument types ----------------------------------------------------------------------------------------------


def _non_negative_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a finite number of at least 0, not {text!r}")
    return value
