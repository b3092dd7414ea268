"""Tasks (bundled, files, saved Hugging Face datasets) and prompts (chat, few-shot completion, template files)."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, List

import pytest

import mathgrade
from mathgrade.cli import main
from mathgrade.errors import UsageError
from mathgrade.evaluation import BUNDLED, INSTRUCTION, Fields, Prompter, load_task, load_task_file, load_template
from mathgrade.files import InputError

SIZES = {"math500": 500, "gsm8k": 1319, "aime24": 30, "aime25": 30, "amc23": 40, "minerva": 272, "olympiadbench": 675}


@pytest.mark.parametrize("name", sorted(SIZES))
def test_bundled_tasks_have_one_schema_and_readable_golds(name: str) -> None:
    task = load_task(name)
    assert task.name == name and len(task) == SIZES[name]
    ids = [p.id for p in task.problems]
    assert len(set(ids)) == len(ids)
    unreadable = [p.answer for p in task.problems if mathgrade.read(p.answer).value is None]
    assert all(p.problem.strip() and p.answer.strip() for p in task.problems)
    # every gold answer is read by mathgrade (else no answer could ever be graded correct)
    assert len(unreadable) <= len(task) // 50, unreadable[:5]


def test_math500_has_subjects_and_levels_and_gsm8k_plain_integer_answers() -> None:
    math500 = load_task("math500")
    assert {p.level for p in math500.problems} == {1, 2, 3, 4, 5}
    assert len({p.subject for p in math500.problems}) == 7
    gsm8k = load_task("gsm8k")
    assert all(p.answer.lstrip("-").isdigit() for p in gsm8k.problems)  # "#### 1,450,000" became "1450000"
    assert gsm8k.few_shot == "gsm8k_8shot"
    assert load_task("amc23").problems[0].answer == "27"  # stored as the float 27.0 at the source


def test_unknown_task_names_the_known_ones() -> None:
    with pytest.raises(InputError, match="math500"):
        load_task("math5000")
    assert set(BUNDLED) == set(SIZES)


def _write_jsonl(path: str, rows: List[Dict[str, Any]]) -> str:
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    return path


def test_task_file_in_jsonl_csv_and_parquet(tmp_path: Any) -> None:
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    rows = [{"q": "What is 1+1?", "gold": "2", "uid": "a", "topic": "arith", "source": "me"},
            {"q": "What is $\\frac{1}{2}+\\frac{1}{2}$?", "gold": "1", "uid": "b", "topic": "frac", "source": "me"}]
    fields = Fields(problem="q", answer="gold", id="uid", subject="topic")
    jsonl = _write_jsonl(str(tmp_path / "p.jsonl"), rows)
    csv_path = str(tmp_path / "p.csv")
    with open(csv_path, "w", encoding="utf-8") as f:
        f.write("q,gold,uid,topic,source\n\"What is 1+1?\",2,a,arith,me\n"
                "\"What is $\\frac{1}{2}+\\frac{1}{2}$?\",1,b,frac,me\n")
    pq.write_table(pa.Table.from_pylist(rows), str(tmp_path / "p.parquet"))
    for path in (jsonl, csv_path, str(tmp_path / "p.parquet")):
        task = load_task_file(path, fields)
        assert task.name == "p"
        assert [(p.id, p.answer, p.subject) for p in task.problems] == [("a", "2", "arith"), ("b", "1", "frac")]
        assert task.problems[0].meta == {"source": "me"}


def test_task_file_defaults_and_errors(tmp_path: Any) -> None:
    plain = _write_jsonl(str(tmp_path / "plain.jsonl"), [{"problem": "1+1?", "answer": "2"},
                                                        {"problem": "2+2?", "answer": 4.0}])
    task = load_task_file(plain)
    assert [(p.id, p.answer) for p in task.problems] == [("0", "2"), ("1", "4")]  # numbered; 4.0 written as 4
    with pytest.raises(InputError, match="no column 'question'"):
        load_task_file(plain, Fields(problem="question"))
    dup = _write_jsonl(str(tmp_path / "dup.jsonl"), [{"id": 1, "problem": "a", "answer": "1"},
                                                    {"id": 1, "problem": "b", "answer": "2"}])
    with pytest.raises(InputError, match="row 2: id '1' is also the id of row 1"):
        load_task_file(dup)
    empty_gold = _write_jsonl(str(tmp_path / "e.jsonl"), [{"problem": "a", "answer": " "}])
    with pytest.raises(InputError, match="row 1: column 'answer' is empty"):
        load_task_file(empty_gold)


@pytest.mark.slow
@pytest.mark.integration
def test_hugging_face_dataset_saved_on_disk(tmp_path: Any) -> None:
    datasets = pytest.importorskip("datasets", reason="needs the datasets extra: pip install '.[datasets]'")
    from mathgrade.evaluation import load_hf_dataset

    data = datasets.DatasetDict({"test": datasets.Dataset.from_list(
        [{"question": "What is 2+3?", "final": "5", "level": 1}, {"question": "What is 2*3?", "final": "6",
                                                                 "level": 2}])})
    data.save_to_disk(str(tmp_path / "toy"))
    task = load_hf_dataset(str(tmp_path / "toy"), Fields(problem="question", answer="final"))
    assert [(p.id, p.problem, p.answer, p.level) for p in task.problems] == [
        ("0", "What is 2+3?", "5", 1), ("1", "What is 2*3?", "6", 2)]
    with pytest.raises(InputError, match="no split 'train'"):
        load_hf_dataset(str(tmp_path / "toy"), Fields(problem="question", answer="final"), split="train")
    with pytest.raises(InputError, match="no column 'problem'"):
        load_hf_dataset(str(tmp_path / "toy"))


# --- prompts ---------------------------------------------------------------------------------------------------


def test_chat_prompt_is_the_problem_then_the_instruction() -> None:
    prompter = Prompter.make("chat", None, None, "minerva_math_4shot")
    assert prompter.prompt("What is $1+1$?") == [
        {"role": "user", "content": "What is $1+1$?\nPlease reason step by step, and put your final answer within "
                                    "\\boxed{}."}]
    with_system = Prompter.make("chat", None, "You are a careful mathematician.", "minerva_math_4shot")
    assert with_system.prompt("x")[0] == {"role": "system", "content": "You are a careful mathematician."}
    assert INSTRUCTION.endswith("\\boxed{}.")


def test_completion_prompts_use_the_tasks_few_shot_template() -> None:
    minerva = Prompter.make("completion", None, None, "minerva_math_4shot")
    text = minerva.prompt("Compute $\\{1,2\\}$.")
    assert isinstance(text, str)
    assert text.count("Problem:\n") == 5 and text.endswith("Problem:\nCompute $\\{1,2\\}$.\n\nSolution:")
    assert minerva.template.stop == ("Problem:",)
    gsm = Prompter.make("completion", None, None, "gsm8k_8shot")
    prompt = gsm.prompt("Tom has 3 apples.")
    assert isinstance(prompt, str) and prompt.count("Q: ") == 9 and prompt.endswith("Q: Tom has 3 apples.\nA:")
    assert "The answer is 6." in prompt and gsm.template.stop == ("Q:",)


def test_template_files_and_their_errors(tmp_path: Any) -> None:
    good = tmp_path / "t.txt"
    good.write_text("Solve: {problem}\nBox it: \\boxed{}", encoding="utf-8")
    prompter = Prompter.make("chat", str(good), None, "minerva_math_4shot")
    assert prompter.prompt("2+2?") == [{"role": "user", "content": "Solve: 2+2?\nBox it: \\boxed{}"}]
    assert prompter.template.describe() == good.read_text(encoding="utf-8")
    assert load_template("gsm8k_8shot").describe() == "gsm8k_8shot"
    bad = tmp_path / "bad.txt"
    bad.write_text("no placeholder here", encoding="utf-8")
    with pytest.raises(UsageError, match="has no {problem}"):
        load_template(str(bad))
    with pytest.raises(UsageError, match="neither a bundled template"):
        load_template(str(tmp_path / "missing.txt"))
    with pytest.raises(UsageError, match="system is for chat mode"):
        Prompter.make("completion", None, "sys", "minerva_math_4shot")


def test_tasks_command_lists_every_bundled_task(capsys: Any) -> None:
    assert main(["tasks"]) == 0
    out = capsys.readouterr().out
    for name, size in SIZES.items():
        line = next(line for line in out.splitlines() if line.startswith(name + " "))
        assert f" {size} " in line
    assert "subject/level" in out and "MIT" in out


def test_bundled_data_ships_with_the_package() -> None:
    here = os.path.dirname(mathgrade.__file__)
    for name in SIZES:
        assert os.path.exists(os.path.join(here, "data", "tasks", name + ".jsonl"))
    assert os.path.exists(os.path.join(here, "data", "tasks", "SOURCES.md"))
    assert os.path.exists(os.path.join(here, "data", "prompts", "SOURCES.md"))


def test_other_commands_do_not_load_the_evaluation_machinery() -> None:
    """``mathgrade --help`` imports no command module, and ``mathgrade eval --help`` only eval's, which imports the
    client, the pipeline and grading only when a run starts."""
    import subprocess
    import sys

    code = ("import sys; from mathgrade.cli import main; assert main(['--help']) == 0; "
            "assert main(['eval', '--help']) == 0; assert main(['grade', '--help']) == 0; "
            "print([m for m in ('aiohttp', 'asyncio', 'sqlite3', 'mathgrade.batch', 'mathgrade.evaluation.run') "
            "if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"
