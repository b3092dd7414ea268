"""What a report shows, read from its inputs: a graded file from ``mathgrade grade`` or an evaluation run directory
from ``mathgrade eval`` (its layout is documented in ``docs/eval.md``).

Both become a :class:`Run`: its settings and one :class:`Sample` per row, in the same shape, so that everything
after this module (summary, charts, page) never asks where a row came from.

The problem a row answers is shown above its output: a graded file's ``problem`` (or ``question``) column; an eval
run's ``problem`` field, else the problem taken back out of the prompt it sent (the prompt template recorded in
``config.json`` less its fixed text; a chat prompt made without a known template gives its last user message).

A graded file holds each row's verdict (``correct, status, extracted, rule, reason``) but not where in the output
the answer was found, nor the values as read: those come from grading the row again in this process with the same
options (grading is deterministic). The file's verdict is what the report shows; when grading again gives another
answer (other options, another version of mathgrade), the span is found by searching the file's ``extracted`` text
in the output and the values are left out, and the row says so. A file without verdict columns is graded here.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from ..errors import InputError
from ..files import RowReader
from ..options import Policy
from ..verdict import ROW_COLUMNS, Verdict

__all__ = ["Run", "Sample", "Grading", "load_run", "load_graded_file", "load_eval_run", "problem_from_prompt",
           "DATASET_FIELDS", "ID_FIELDS", "PROBLEM_FIELDS"]

DATASET_FIELDS = ("dataset", "task", "source")
"""Columns of a graded file that name the data set a row comes from, looked for in this order."""
ID_FIELDS = ("id", "problem_id", "unique_id")
"""Columns of a graded file that identify a row, looked for in this order when no ``id_field`` is given."""
PROBLEM_FIELDS = ("problem", "question")
"""Columns of a graded file that hold the problem a row answers, looked for in this order."""
PLACEHOLDER = "{problem}"
"""Where the problem goes in a prompt template of ``mathgrade eval`` (``docs/eval.md``)."""

EVAL_FILES = ("config.json", "samples.jsonl", "results.json")
"""The files of an evaluation run directory that a report reads (``samples.jsonl`` is required)."""

_EVAL_REQUIRED = ("problem_id", "sample_index", "response", "gold", "status", "correct")
"""Fields every line of an evaluation run's ``samples.jsonl`` must have."""

_TRUE = {"1", "true", "yes", "correct", "t", "y"}
_FALSE = {"0", "false", "no", "incorrect", "f", "n"}


@dataclass
class Sample:
    """One graded model output, as the report shows it.

    ``key`` identifies the row within its run (a graded file's ``--id-field`` or line number; an eval run's
    ``problem_id``) and, with ``sample``, matches it with the same row of another run. ``start``/``end`` locate
    ``extracted`` in ``output`` (None when unknown). ``problem`` is the problem's text when known. ``label`` is the value of ``--compare-field`` as a bool (None
    when missing). ``length`` is the output's length in characters.
    """

    key: str
    output: str
    gold: str
    status: str
    correct: bool
    rule: str
    reason: str
    sample: Optional[int] = None
    extracted: Optional[str] = None
    start: Optional[int] = None
    end: Optional[int] = None
    extraction_rule: Optional[str] = None
    answer_value: Optional[str] = None
    gold_value: Optional[str] = None
    dataset: Optional[str] = None
    subject: Optional[str] = None
    level: Optional[str] = None
    label: Optional[bool] = None
    cluster: Optional[int] = None
    finish_reason: Optional[str] = None
    tokens: Optional[int] = None
    prompt: Optional[str] = None
    note: Optional[str] = None
    problem: Optional[str] = None

    @property
    def length(self) -> int:
        return len(self.output)


@dataclass
class Run:
    """One input of a report: a graded file (``kind == "graded"``) or an evaluation run (``kind == "eval"``).

    ``config`` holds the settings of the run (an eval run's ``config.json``; for a graded file, how it was read);
    ``results`` an eval run's ``results.json`` (None for a graded file or when the file is missing). ``notes`` are
    things a reader of the report must know about this input (rows graded again differently, files missing...).
    """

    name: str
    path: str
    kind: str
    samples: List[Sample]
    config: Dict[str, Any] = field(default_factory=dict)
    results: Optional[Dict[str, Any]] = None
    compare_field: Optional[str] = None
    notes: List[str] = field(default_factory=list)


@dataclass(frozen=True)
class Grading:
    """How the rows of a graded file are read and graded again: its columns, and the options of ``grade``."""

    output_field: str = "answer"
    gold_field: str = "gold"
    id_field: Optional[str] = None
    dataset_field: Optional[str] = None
    compare_field: Optional[str] = None
    fmt: Optional[str] = None
    policy: Policy = "eval"
    timeout: float = 5.0
    workers: Optional[int] = None
    progress: bool = False


def load_run(path: str, grading: Grading = Grading(), name: Optional[str] = None) -> Run:
    """Read ``path``: an evaluation run directory (holding ``samples.jsonl``; the path of that file names its run
    too) or a graded file."""
    if os.path.isdir(path):
        return load_eval_run(path, compare_field=grading.compare_field, name=name)
    folder = os.path.dirname(path)
    if os.path.basename(path) == "samples.jsonl" and os.path.isfile(os.path.join(folder, "config.json")):
        return load_eval_run(folder or ".", compare_field=grading.compare_field, name=name)  # an eval run's file
    return load_graded_file(path, grading, name=name)


# --- graded files ----------------------------------------------------------------------------------------------


def load_graded_file(path: str, grading: Grading = Grading(), name: Optional[str] = None) -> Run:
    """Read a graded file (JSONL, CSV or Parquet) and grade each row again for its answer span and values."""
    g = grading
    required = [g.output_field, g.gold_field] + [f for f in (g.id_field, g.compare_field) if f]
    reader = RowReader(path, fmt=g.fmt, required=required)
    rows = list(reader.rows())
    columns = reader.columns
    graded = "status" in columns
    if graded:
        missing = [c for c in ROW_COLUMNS if c not in columns]
        if missing:
            raise InputError(f"{path} has a 'status' column but not {', '.join(map(repr, missing))}: is it the "
                             f"output of `mathgrade grade`?", kind="column")
    dataset_field = g.dataset_field or next((c for c in DATASET_FIELDS if c in columns), None)
    problem_field = next((c for c in PROBLEM_FIELDS if c in columns and c not in (g.output_field, g.gold_field)),
                         None)
    id_field = g.id_field or next((c for c in ID_FIELDS if c in columns), None)
    if g.dataset_field and g.dataset_field not in columns:
        raise InputError(f"{path} has no column {g.dataset_field!r}; its columns are: "
                         f"{', '.join(map(repr, columns))}", kind="column", columns=[g.dataset_field])
    verdicts = _grade_again(rows, g)
    samples: List[Sample] = []
    changed = 0
    for lineno, (row, verdict) in enumerate(zip(rows, verdicts), 1):
        where = f"{path} row {lineno}"
        sample = _graded_sample(row, verdict, g, id_field, dataset_field, graded, where, lineno)
        if problem_field:
            sample.problem = _opt_text(row.get(problem_field))
        if sample.note:
            changed += 1
        samples.append(sample)
    notes = []
    if not graded:
        notes.append(f"{os.path.basename(path)} has no verdict columns ({', '.join(ROW_COLUMNS)}): its rows were "
                     f"graded for this report (policy {g.policy}, timeout {g.timeout:g} s).")
    elif changed:
        notes.append(f"{changed} of {len(samples)} rows were graded differently now (policy {g.policy}, timeout "
                     f"{g.timeout:g} s) than in the file: the file's verdicts are shown, their answer spans were "
                     f"found by text and their values as read are left out. Give the options the file was graded "
                     f"with (--policy, --timeout), or grade it again with this version of mathgrade.")
    config = {"input": os.path.abspath(path), "format": reader.fmt, "rows": len(samples),
              "output_field": g.output_field, "gold_field": g.gold_field, "id_field": id_field,
              "dataset_field": dataset_field, "problem_field": problem_field, "compare_field": g.compare_field,
              "graded_in_report": not graded, "policy": g.policy, "timeout": g.timeout}
    return Run(name or _stem(path), path, "graded", samples, config=config, compare_field=g.compare_field,
               notes=notes)


def _grade_again(rows: Sequence[Mapping[str, Any]], g: Grading) -> Iterable[Verdict]:
    from ..batch import grade_many

    pairs = ((_text(r.get(g.output_field)), _text(r.get(g.gold_field))) for r in rows)
    return grade_many(pairs, workers=g.workers, progress=g.progress, total=len(rows), policy=g.policy,
                      timeout=g.timeout)


def _graded_sample(row: Mapping[str, Any], verdict: Verdict, g: Grading, id_field: Optional[str],
                   dataset_field: Optional[str], graded: bool, where: str, lineno: int) -> Sample:
    output = _text(row.get(g.output_field))
    mine = verdict.to_row()
    if graded:
        status = _text(row.get("status"))
        correct = _as_bool(row.get("correct"), f"{where} column 'correct'")
        if correct is None:
            raise InputError(f"{where}: column 'correct' is empty", kind="row")
        shown: Dict[str, Any] = {"status": status, "correct": correct, "extracted": _opt_text(row.get("extracted")),
                 "rule": _text(row.get("rule")), "reason": _text(row.get("reason"))}
    else:
        shown = mine
    same = all(shown[c] == mine[c] for c in ("status", "correct", "extracted"))
    start = end = None
    note = None
    answer_value = gold_value = None
    if same:
        if verdict.answer is not None:
            start, end = verdict.answer.start, verdict.answer.end
        answer_value = _opt_str(verdict.answer_value)
        gold_value = _opt_str(verdict.gold_value)
    else:
        start, end = _find(output, shown["extracted"])
        note = (f"graded again here: {mine['status']}, answer {mine['extracted']!r} (the file says {shown['status']}, "
                f"answer {shown['extracted']!r}); the span shown is where the file's answer text occurs last")
    key = _text(row.get(id_field)) if id_field else str(lineno)
    return Sample(
        key=key, output=output, gold=_text(row.get(g.gold_field)), status=shown["status"],
        correct=bool(shown["correct"]), rule=shown["rule"], reason=shown["reason"], extracted=shown["extracted"],
        start=start, end=end, extraction_rule=verdict.answer.rule if same and verdict.answer else None,
        answer_value=answer_value, gold_value=gold_value,
        dataset=_opt_text(row.get(dataset_field)) if dataset_field else None,
        subject=_opt_text(row.get("subject")), level=_opt_text(row.get("level")),
        label=_as_bool(row.get(g.compare_field), f"{where} column {g.compare_field!r}") if g.compare_field else None,
        finish_reason=_opt_text(row.get("finish_reason")), note=note)


def _find(output: str, text: Optional[str]) -> Tuple[Optional[int], Optional[int]]:
    """Where ``text`` occurs last in ``output`` (final answers come last), or (None, None)."""
    if not text:
        return None, None
    i = output.rfind(text)
    return (i, i + len(text)) if i >= 0 else (None, None)


# --- evaluation runs -------------------------------------------------------------------------------------------


def load_eval_run(path: str, *, compare_field: Optional[str] = None, name: Optional[str] = None) -> Run:
    """Read an evaluation run directory written by ``mathgrade eval -o DIR`` (see ``docs/eval.md``)."""
    samples_path = os.path.join(path, "samples.jsonl")
    if not os.path.isfile(samples_path):
        raise InputError(f"{path} is a directory but not an evaluation run: it has no samples.jsonl "
                         f"(give a run directory written by `mathgrade eval -o DIR`, or a graded file)")
    notes: List[str] = []
    config = _json_file(os.path.join(path, "config.json"), notes)
    results = _json_file(os.path.join(path, "results.json"), notes)
    samples = []
    template = _template(config or {})
    for lineno, row in enumerate(RowReader(samples_path, fmt="jsonl", required=_EVAL_REQUIRED).rows(), 1):
        sample = _eval_sample(row, compare_field, f"{samples_path} line {lineno}")
        given = row.get("problem")
        sample.problem = given if isinstance(given, str) and given else problem_from_prompt(row.get("prompt"),
                                                                                           template)
        samples.append(sample)
    if compare_field and all(s.label is None for s in samples):
        raise InputError(f"{samples_path} has no field {compare_field!r} in any sample", kind="column",
                         columns=[compare_field])
    run_name = name or str((config or {}).get("model") or "") or _stem(path)
    return Run(run_name, path, "eval", samples, config=config or {}, results=results,
               compare_field=compare_field, notes=notes)


def _eval_sample(row: Mapping[str, Any], compare_field: Optional[str], where: str) -> Sample:
    meta: Dict[str, Any] = row["meta"] if isinstance(row.get("meta"), dict) else {}

    def get(name: str) -> Any:
        return row[name] if name in row else meta.get(name)

    correct = _as_bool(row.get("correct"), f"{where} field 'correct'")
    return Sample(
        key=_text(row.get("problem_id")), sample=_opt_int(row.get("sample_index"), f"{where} field 'sample_index'"),
        output=_text(row.get("response")), gold=_text(row.get("gold")), status=_text(row.get("status")),
        correct=bool(correct), rule=_text(row.get("rule")), reason=_text(row.get("reason")),
        extracted=_opt_text(row.get("extracted")),
        start=_opt_int(row.get("extracted_start"), f"{where} field 'extracted_start'"),
        end=_opt_int(row.get("extracted_end"), f"{where} field 'extracted_end'"),
        extraction_rule=_opt_text(row.get("extraction_rule")),
        answer_value=_opt_text(row.get("answer_value")), gold_value=_opt_text(row.get("gold_value")),
        dataset=_opt_text(row.get("task")), subject=_opt_text(get("subject")), level=_opt_text(get("level")),
        label=_as_bool(get(compare_field), f"{where} field {compare_field!r}") if compare_field else None,
        cluster=_opt_int(row.get("cluster"), f"{where} field 'cluster'"),
        finish_reason=_opt_text(row.get("finish_reason")),
        tokens=_opt_int(row.get("completion_tokens"), f"{where} field 'completion_tokens'"),
        prompt=_prompt_text(row.get("prompt")))


def _template(config: Mapping[str, Any]) -> Optional[str]:
    """The prompt template an eval run recorded: its text (a template file, or chat mode's default), or the text of
    the bundled template it names; None when unknown (a run of predictions made elsewhere)."""
    recorded = config.get("prompt_template")
    if not isinstance(recorded, str):
        return None
    if PLACEHOLDER in recorded:
        return recorded
    if recorded.replace("_", "").isalnum():
        from importlib import resources

        bundled = resources.files("mathgrade").joinpath("data").joinpath("prompts").joinpath(recorded + ".txt")
        if bundled.is_file():
            return bundled.read_text(encoding="utf-8")
    return None


def problem_from_prompt(prompt: Any, template: Optional[str]) -> Optional[str]:
    """The problem a prompt was made from: the prompt (a completion prompt, or a chat prompt's last user message)
    less the fixed text of ``template`` around its ``{problem}``. Without a template, or when the prompt does not
    fit it, a chat prompt's last user message as it is, and None for a completion prompt (a few-shot prompt holds
    far more than its problem)."""
    chat = isinstance(prompt, list)
    if chat:
        users = [m.get("content") for m in prompt if isinstance(m, dict) and m.get("role") == "user"]
        text = users[-1] if users and isinstance(users[-1], str) else None
    else:
        text = prompt if isinstance(prompt, str) else None
    if text is None:
        return None
    if template is not None and template.count(PLACEHOLDER) == 1:
        before, after = template.split(PLACEHOLDER)
        if text.startswith(before) and text.endswith(after) and len(text) >= len(before) + len(after):
            return text[len(before):len(text) - len(after)]
    return text if chat else None


def _prompt_text(prompt: Any) -> Optional[str]:
    """The prompt as text: a completion prompt as it is, chat messages as ``[role]`` blocks."""
    if prompt is None or isinstance(prompt, str):
        return prompt
    if isinstance(prompt, list) and all(isinstance(m, dict) for m in prompt):
        return "\n\n".join(f"[{m.get('role', '?')}]\n{_text(m.get('content'))}" for m in prompt)
    return json.dumps(prompt, ensure_ascii=False)


def _json_file(path: str, notes: List[str]) -> Optional[Dict[str, Any]]:
    if not os.path.exists(path):
        notes.append(f"{os.path.basename(path)} is missing from {os.path.dirname(path)}: what it holds is left out.")
        return None
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict):
        raise InputError(f"{path} holds a JSON {type(data).__name__}, not an object")
    return data


# --- values ----------------------------------------------------------------------------------------------------


def _as_bool(value: Any, where: str) -> Optional[bool]:
    """A label or verdict as a bool: a JSON bool, 0/1, or their usual spellings; None for a missing value."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise InputError(f"{where}: {value!r} is not a yes/no value (use true/false or 1/0)", kind="row")


def _opt_int(value: Any, where: str) -> Optional[int]:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise InputError(f"{where}: {value!r} is not an integer", kind="row")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise InputError(f"{where}: {value!r} is not an integer", kind="row") from None


def _text(value: Any) -> str:
    return "" if value is None else value if isinstance(value, str) else str(value)


def _opt_text(value: Any) -> Optional[str]:
    return None if value is None or value == "" else _text(value)


def _opt_str(value: Any) -> Optional[str]:
    return None if value is None else str(value)


def _stem(path: str) -> str:
    base = os.path.basename(os.path.normpath(path))
    stem, ext = os.path.splitext(base)
    return stem if ext else base

