"""Whether a marked answer is *committed*: a box (or a phrase's answer) that the text around it negates, asks,
supposes, hedges, hides, or uses as a piece of a longer expression answers nothing.

Each check looks only at a narrow window around the answer (the sentence before it, the text right after it), so
the cost is a few short regex matches per box, whatever the length of the output. A refusal is a ``(rule, reason)``
pair; the rules are:

``answer.withdrawn``
    negated or called wrong: "we can rule out $\\boxed{7}$", "the answer is not $\\boxed{7}$", "$\\boxed{7}$ is
    wrong", "wrong answer: 7", "答案不是 $\\boxed{7}$"; corrected or failing a check after it ("(typo, I meant 9)",
    "just kidding", "doesn't satisfy the equation", "is too big", "The above is wrong.").
``answer.question``
    asked, not stated: "could it be $\\boxed{7}$?", "答案是 $\\boxed{7}$ 吗？".
``answer.supposed``
    a supposition or a trial: "suppose the answer were $\\boxed{7}$", "a naive approach gives $\\boxed{7}$", "a first
    guess would be ...", "假设答案是 ...", "let's try $y = \\boxed{7}$", "代入 $\\boxed{7}$"; and a box in a sentence the
    output never finishes ("the answer is $\\boxed{7}$ if we assume that the", cut off by a token limit).
``answer.hedged``
    hedged before or after: "maybe $\\boxed{7}$", "$\\boxed{7}$, but it might be 9", "$\\boxed{7}$. But wait,
    maybe not.", "$\\boxed{7}$，但也可能是 9"; a bound or an estimate ("more than $\\boxed{7}$", "is an upper bound"),
    left unchecked ("(draft)", "Is that right?").
``answer.partial_expression``
    the box is a piece of a longer expression: "$y = \\boxed{40} - 12 = 28$", "$\\boxed{9} + 3 = 12$",
    "$\\frac{\\boxed{1}}{2}$", "$-\\boxed{6}$", also in words ("twice $\\boxed{6}$", "$\\boxed{6}$ squared").
``answer.hidden``
    its content is hidden when the LaTeX is rendered: ``\\phantom{7}``, ``\\color{white}``.

The word lists are data (:data:`NEGATED_BEFORE`...), one entry per language where it differs from English, for the
languages whose answer phrases the extractor reads (:mod:`._phrases`). A word that is a stem of a common word in
its language (Indonesian "mungkin" in "kemungkinan", Thai "อาจ" in "อาจารย์") is written with a boundary or a longer
form.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Callable, Dict, FrozenSet, List, Optional, Tuple, Union

from . import _gate
from ._gate import Gate, trie

__all__ = ["Refusal", "box_refusal", "phrase_refusal", "refused_after_value", "hedged_after", "hedged_within",
           "hedge_joins", "sentence_before", "reach", "asked", "REFUSAL_RULES", "NOT_STATED", "HEDGE_WORDS"]

Refusal = Tuple[str, str]
"""``(rule, reason)``: why a marked answer is not a committed one."""

REFUSAL_RULES = ("answer.withdrawn", "answer.question", "answer.supposed", "answer.hedged",
                 "answer.partial_expression", "answer.hidden")
"""Every rule this module refuses with (a test keeps the docs' table in step with it)."""

_DELIMS = r"(?:\$\$?|\\\(|\\\[)?"
_NAMED = r"(?:[A-Za-z](?:_\{?\w+\}?)?[ \t]*=[ \t]*)"
"""A name the answer is given to, between a negation and the answer ("not $x = \\boxed{6}$")."""
_CLOSING = r"[ \t]*(?:\$\$?|\\\)|\\\])?"
_WINDOW_BEFORE = 160
_WINDOW_AFTER = 160

_WRONG_ADVERB = (r"(?:probably|likely|definitely|clearly|certainly|surely|actually|obviously|still|also|totally|"
                 r"completely|entirely|absolutely|utterly|plainly|simply|just|all|dead|very|so|quite|flat|flatly|"
                 r"demonstrably|evidently|unfortunately|sadly|sure)")
"""Words that may stand between an answer's verb and the word calling it wrong ("$\\boxed{7}$ is dead wrong", "is
surely not it"); none of them negates ("is not wrong", "is hardly wrong" call nothing wrong)."""

# -- data: the words, by language ---------------------------------------------------------------------------------
NEGATED_BEFORE = (
    r"\b(?:wrong|incorrect|false|invalid|rejected|not the|bad)[ \t]+(?:answer|result|value|solution)s?"
    r"[ \t]*(?:is|was|[:：=])?",  # en: labelled wrong
    r"\b(?:answer|result|value|solution|option|choice)s?[ \t]*[(\[][ \t]*(?:wrong|incorrect|false|invalid|rejected|"
    r"bad|not[ \t]+(?:correct|right))[ \t]*[)\]][ \t]*[:：=]?"  # en: "Answer (incorrect):"
    r"|(?:^|(?<=\n))[ \t]*(?:[-*+•][ \t]+)?(?:[*_]{1,2}[ \t]*)?(?:wrong|incorrect|invalid|rejected|bad|distractor|decoy"
    r"|extraneous|eliminated|non-answer|(?:trick|trap|joke|meme|troll)[ \t]+answer)"
    r"(?:[ \t]+(?:answer|option|choice|value|"
    r"root|solution)s?)?[ \t]*(?:[*_]{1,2}[ \t]*)?[:：][ \t]*(?:[*_]{1,2}[ \t]*)?",
    # (a label of its own: "Incorrect: ...", "Distractor: ...")
    r"(?:\b(?:not|never|cannot|rule out|ruled out|rules out|ruling out|discard|discards|discarded|discarding|"
    r"eliminate|eliminates|eliminated|reject|rejects|rejected|exclude|excludes|excluded)|n't"
    r"|\b(?:is|are|was|were|does|do|did|ca|wo|could|would|should|has|have|had)nt\b)"  # ("isnt": no apostrophe)
    r"(?:[ \t]+(?:be|have|get|take|equal|equals|to|the|answer|just|simply|exactly|actually|really|necessarily|"
    r"definitely|"
    r"certainly|is|it|that|value|option))*",  # en: negated, ruled out
    r"\b(?:hardly|anything[ \t]+but|far[ \t]+from|other[ \t]+than|differs?[ \t]+from|different[ \t]+from|"
    r"(?:something|anything)[ \t]+(?:besides|except|other[ \t]+than))",  # en: "the answer is anything but"
    r"(?:\\neq?|\\not[ \t]*=|≠|!=|=/=|<>)(?![A-Za-z])|(?:✗|✘|❌|✖)[ \t]*[:：]?",  # "the answer $\\neq \\boxed{7}$"
    r"\bno[ \t]+(?:es|era|será)",  # es
    r"\bn'(?:est|était|sera)[ \t]+pas|\bpas",  # fr
    r"\bnicht|\bkeine?n?",  # de
    r"(?<!\w)не(?:[ \t]+(?:равен|равно|является))?",  # ru
    r"\bnon[ \t]+(?:è|era|sarà)",  # it
    r"\bnão[ \t]+(?:é|era|será)",  # pt
    r"\b(?:niet|geen)",  # nl
    r"\bnie(?:[ \t]+(?:jest|to|wynosi|równa[ \t]+się))?",  # pl
    r"\bkhông[ \t]+phải(?:[ \t]+là)?|\bkhông[ \t]+(?:là|bằng)|\bchứ[ \t]+không[ \t]+phải",  # vi
    r"\bbukan(?:lah)?|\btidak[ \t]+(?:sama[ \t]+dengan|sama|adalah)",  # id
    r"(?:ليست?|ليس[ \t]+هو|لا[ \t]+(?:يساوي|تساوي)|استبعدنا|نستبعد)",  # ar
    r"न[ \t]+कि",  # hi
    r"(?:ไม่ใช่|ไม่เท่ากับ)",  # th
    r"\bjibu[ \t]+si|\bsio",  # sw
    r"不是|不为|不等于|并非|而非|排除|排除了|舍去|舍弃|错误(?:的)?(?:答案|结果)[ \t]*[:：为是]?",  # zh
)
"""What negates or rules out the answer right after it, per language (a regex anchored at the answer)."""

WITHDRAWN_AFTER = (
    r"(?:(?:which|that)[ \t]+)?(?:is|was|are|were|would be|seems|must be|appears|looks)[ \t]+(?:" + _WRONG_ADVERB
    + r"[ \t]+){0,2}(?:wrong|incorrect|false|invalid|impossible|"
    r"not (?:correct|right|the answer|valid|possible|a solution)|(?:untrue|erroneous|inaccurate|garbage|rubbish|fake|"
    r"a[ \t]+lie|bullshit)(?![A-Za-z])|mistaken(?![ \t]+(?:for|as))|made[ \t]+up(?![ \t]+of))"
    r"|(?:(?:which|that)[ \t]+)?(?:is|was|are|were)(?:n'?t|[ \t]+(?:" + _WRONG_ADVERB + r"[ \t]+){0,2}not)[ \t]+"
    r"(?:(?:quite|really|entirely|exactly|actually)[ \t]+)?(?:correct|right|true|valid|accurate|it|the[ \t]+answer"
    r"|the[ \t]+(?:right|correct|final)[ \t]+(?:answer|value|one)|a[ \t]+solution)(?![A-Za-z])"
    r"|(?:can|must|should)[ \t]+be[ \t]+(?:ruled out|excluded|discarded|eliminated|rejected)"
    r"|is[ \t]+(?:ruled out|excluded|discarded|eliminated|rejected)"
    r"|(?:(?:which|that)[ \t]+)?(?:is|was|would be)[ \t]+(?:a|the)[ \t]+(?:(?:common|typical|classic|frequent|tempting|"
    r"naive|popular)[ \t]+)?(?:mistake|error|trap|pitfall|misconception|distractor|wrong answer)(?![A-Za-z])"
    r"|(?:(?:which|that)[ \t]+)?(?:(?:does|did|would|will)(?:n't|[ \t]+not)|can(?:'t|not)|won't)[ \t]+"
    r"(?:satisfy|work|fit|hold|check[ \t]+out|match|agree|solve)(?![A-Za-z])"
    r"|(?:(?:which|that)[ \t]+)?fail(?:s|ed)?[ \t]+(?:(?:the|this|that|our|my|every|a)[ \t]+)?(?:check|test|condition|"
    r"verification|constraint|to[ \t]+(?:satisfy|work|hold|match|check))"
    r"|(?:(?:which|that)[ \t]+)?(?:contradicts|(?:leads|led|gives|gave)[ \t]+(?:to[ \t]+)?a[ \t]+contradiction)"
    r"|(?:(?:which|that)[ \t]+)?(?:is|was)[ \t]+(?:(?:much|way|far|a[ \t]+bit|slightly)[ \t]+)?too[ \t]+"
    r"(?:big|small|large|high|low|many|few|much|little)(?![A-Za-z])"
    r"|(?:is|was)[ \t]+off[ \t]+by|(?:is|was)[ \t]+an?[ \t]+(?:over|under)[- ]?estimate"
    r"|(?:is|was)[ \t]+(?:the[ \t]+)?answer[ \t]+(?:to|for)[ \t]+(?:the[ \t]+|a[ \t]+)?(?:previous|other|another|"
    r"different|wrong)(?![A-Za-z])|\([ \t]*for[ \t]+(?:the[ \t]+|a[ \t]+)?(?:wrong|previous|other|another|different)"
    r"(?![A-Za-z])",
    r"[.!]?[ \t]*(?:—|–|-)?[ \t]*(?:(?:hmm|wait|no|oh|oops|actually|hold on)[ \t]*(?:[,.!][ \t]*)?)*"
    r"(?:(?:that'?s|that[ \t]+is|this[ \t]+is|it'?s|it[ \t]+is)[ \t]+(?:not[ \t]+(?:right|correct|it)|wrong|incorrect)"
    r"|(?:that|this|it)[ \t]+(?:can'?t|cannot|couldn'?t|doesn'?t|does[ \t]+not|isn'?t|won'?t)[ \t]+(?:be[ \t]+)?"
    r"(?:(?:seem|look)[ \t]+)?(?:right|correct|make[ \t]+sense|work|match|add[ \t]+up)"
    r"|(?:i[ \t]+think[ \t]+)?i[ \t]+(?:must[ \t]+have[ \t]+|have[ \t]+)?made[ \t]+(?:a[ \t]+|an[ \t]+)?(?:mis"
    r"take|error)"
    r"(?=[ \t]*(?:[.!…]|$))|something[ \t]+(?:is|'s|seems)[ \t]+wrong)"
    r"|[.!]?[ \t]*(?:—|–|-)?[ \t]*(?:scratch that|never[ \t]?mind|oops|no[ \t]*(?:,[ \t]*)?wait|wait[ \t]*(?:,"
    r"[ \t]*)?no"
    r"|hmm[ \t]*(?:,[ \t]*)?no)(?![A-Za-z])"
    r"|[.!,;:]?[ \t]*(?:\n[ \t]*(?:\n[ \t]*)?)?(?:[—–-][ \t]*)?(?:\([ \t]*)?(?:just[ \t]+kidding"
    r"|i[ \t]+meant(?![A-Za-z])"
    r"|(?:sorry|typo|correction|erratum|edit|update|my[ \t]+bad)[ \t]*[,:;!—–-]"
    r"|actually[ \t]*,?(?:[ \t]*\n)?[ \t]*no(?:pe)?[ \t]*[,.!;:—–-]"
    r"|(?:(?:the[ \t]+)?(?:above|boxed[ \t]+(?:answer|value|result)|(?:answer|result)[ \t]+above)"
    r"|my[ \t]+(?:boxed[ \t]+|previous[ \t]+|above[ \t]+)?answer(?:[ \t]+above)?)"
    r"[ \t]+(?:is|was|seems)[ \t]+(?:wrong|incorrect|not[ \t]+(?:right|correct)|off)(?![A-Za-z])"
    r"|(?:ignore|disregard)[ \t]+(?:the[ \t]+above|that|this|it|my[ \t]+(?:previous[ \t]+|boxed[ \t]+)?answer)"
    r"(?![A-Za-z])|(?:that|this|it)[ \t]+(?:seems|looks|is)[ \t]+off(?![A-Za-z])"
    r"|something[ \t]+(?:is|'s|seems)[ \t]+off(?![A-Za-z]))"
    # (corrected: "(typo, I meant 6)", "Actually, no: it is 6"; the next sentence taking it back: "The above is wrong.")
    r"|[ \t]*[(\[][ \t]*(?:incorrect|wrong|false|invalid|rejected|✗|✘|❌|✖)[ \t]*[)\]]"
    r"|[ \t]*(?:[—–:-][ \t]*)?(?:✗|✘|❌|✖)"
    r"|[ \t]*[—–:][ \t]*(?:incorrect|wrong|false|invalid|rejected)(?![A-Za-z])"
    r"|[ \t]*(?:-{1,2}>?|=>|→|⇒|\.\.\.|…)[ \t]*(?:incorrect|wrong|false|invalid|rejected)(?=[ \t]*(?:[.!,;:)\]\n]|$))",
    # en: taken back ("(typo, I meant 6)", "Actually, no: it is 6", "[wrong]", "→ wrong")
    r"(?:[.!]?[ \t]*(?:\n[ \t]*){1,2}|[.!][ \t]+)(?:[*_>]{1,2}[ \t]*)?(?:\([ \t]*)?(?:"
    r"(?:wrong|incorrect|false|invalid|never[ \t]*mind|(?:scratch|strike|forget|scrap|cancel|disregard|ignore)[ \t]+"
    r"(?:that|this|it))[ \t]*[.!]*[ \t]*\)?(?:[*_]{1,2})?(?=[ \t]*(?:\n|$))"
    r"|(?:that'?s|it'?s|(?:that|this|it)(?:[ \t]+(?:answer|result|value|number|one))?[ \t]+(?:is|was))[ \t]+"
    r"(?:(?:totally|completely|entirely|absolutely|utterly|plainly|simply|just|all|dead|very|so|clearly|definitely|"
    r"obviously|certainly|surely)[ \t]+)?(?:not[ \t]+(?:right|correct|it)|wrong|incorrect)(?![A-Za-z]))",
    # en: a line of its own after it that calls it wrong or takes it back ("\n\nWrong.", "\n\nNever mind.",
    # "\n\nThat was wrong.")
    r"(?:i|we)[ \t]+(?:think|guess|believe|suppose)[ \t]+not(?=[ \t]*(?:[.!;)…\n]|$))",  # en: "42, I think not."
    r"[.!,;]?[ \t]*(?:\n[ \t]*){0,2}(?:[-*+•>][ \t]+)?(?:[*_]{1,2}[ \t]*)?(?:verdict|status|result|check(?:ed)?|grade|"
    r"grading|evaluation|assessment|review|reviewer|teacher|tutor|grader|judge|feedback|checker|correct(?:ness)?|"
    r"right)[ \t]*(?:[*_]{1,2}[ \t]*)?[:：?][ \t]*(?:[*_]{1,2}[ \t]*)?"
    r"(?:no(?:pe)?|wrong|incorrect|false|fail(?:s|ed|ure)?|invalid|rejected|not[ \t]+(?:correct|right|ok(?:ay)?|valid)|"
    r"[✗✘❌])(?=[ \t]*(?:[*_]{1,2}[ \t]*)?(?:[.,;:!)—–\n]|$))",
    # en: a verdict on it after it ("\nVerdict: wrong", "\nTeacher: no, 43.", "\nCorrect? No.")
    r"(?:(?:which|that)[ \t]+)?(?:is|was|would[ \t]+be)[ \t]+(?:(?:clearly|obviously|actually|also|just|only|merely)"
    r"[ \t]+)?(?:extraneous|absurd|nonsense|nonsensical|spurious|bogus|an?[ \t]+(?:red[ \t]+herring|trick|joke)|"
    r"(?:only[ \t]+|just[ \t]+)?an?[ \t]+intermediate[ \t]+(?:result|value|step|quantity)|not[ \t]+the[ \t]+final"
    r"(?:[ \t]+(?:answer|result))?)(?![A-Za-z])"
    r"|(?:(?:which|that)[ \t]+)?(?:over-?counts|under-?counts|double-?counts|double[ \t]+counts|ignores[ \t]+the[ \t]+"
    r"(?:constraint|condition|restriction)s?|violates[ \t]+the[ \t]+(?:constraint|condition|restriction|hypothesis|"
    r"assumption)s?|makes[ \t]+no[ \t]+sense|can(?:'?t|not)[ \t]+(?:happen|occur))(?![A-Za-z])"
    r"|[ \t]*[(\[][ \t]*(?:extraneous|discarded|rejected|excluded|eliminated|not[ \t]+valid|invalid|(?:does[ \t]+not|"
    r"doesn'?t)[ \t]+work|fails|joke|kidding|sarcasm|trick[ \t]+answer)[ \t]*[)\]]"
    r"|[ \t]*(?:[.,!]+[ \t]*)?(?:lol|lmao|jk|j/k|/s|yeah,?[ \t]+right)(?=[ \t]*(?:[.!?)\n]|$))"
    r"|[ \t]*(?:[—–-]+|\.\.\.|…)[ \t]*not[ \t]*[!.]*(?=[ \t]*(?:\n|$))",
    # en: called extraneous, absurd, intermediate or not final; a joke ("lol", "/s", "— NOT!")
    r"(?:是|为)?(?:错误的|错的|不对的?|不正确的?)|不是答案|(?:应|可以|应该)?(?:排除|舍去)"
    r"|[，,。.；;！!]?[ \t]*(?:\n[ \t]*){0,2}(?:[（(][ \t]*)?(?:这个?|那个?|它|此)?(?:答案|结果)?(?:是|为)?"
    r"(?:错的|错误的?|不对的?|不正确的?|错)(?:[ \t]*[）)])?(?=[ \t]*(?:[。.！!，,；;\n]|$))"
    r"|[。.，,；;]?[ \t]*(?:[（(][ \t]*)?(?:打错了|写错了|说错了|算错了|笔误|更正|纠正|订正|开玩笑)"
    r"|[。.，,；;]?[ \t]*(?:\n[ \t]*){0,2}(?:老师|评语|判断|批改|结论|检验|验证|评价|审核|结果)[ \t]*[：:][ \t]*"
    r"(?:不对|错误?|错了|不正确|不通过|[✗✘❌×])",  # zh
    r"ではない|ではありません|ではなく|じゃない|は誤り|は間違い|は違い|は不正解",  # ja
    r"es\s+(?:incorrect[ao]|fals[ao])|est\s+(?:faux|fausse|incorrecte?)|ist\s+(?:falsch|nicht richtig)"
    r"|(?:[—–-][ \t]*)?(?:это[ \t]+)?(?:неверн|неправильн|ошибочн)\w*",  # es fr de ru
    r"è[ \t]+(?:sbagliat[oa]|errat[oa]|fals[oa])|non[ \t]+è[ \t]+corrett[oa]",  # it
    r"(?:é|está)[ \t]+(?:errad[oa]|incorret[oa]|fals[oa])",  # pt
    r"(?:is|klopt)[ \t]+(?:fout|onjuist|verkeerd|niet)(?!\w)",  # nl
    r"(?:jest|to)[ \t]+(?:błędn|zł[ey]|niepoprawn|nieprawidłow)\w*",  # pl
    r"(?:은|는|이|가)?[ \t]*(?:아닙니다|아니다|아니에요|아니|틀렸|틀린|오답)",  # ko
    r"(?:sayısı|değeri)?[ \t]*(?:değil|yanlış|hatalı)\w*",  # tr
    r"(?:là[ \t]+)?sai(?!\w)(?![ \t]+số)",  # vi
    r"(?:adalah[ \t]+)?(?:salah(?!\w)(?![ \t]+satu)|keliru(?!\w)|tidak[ \t]+benar)",  # id
    r"(?:خاطئ|خطأ|غير[ \t]+صحيح)",  # ar
    r"(?:नहीं|ग़?लत)",  # hi
    r"(?:নয়|ভুল)",  # bn
    r"(?:ผิด|ไม่ถูก)",  # th
    r"(?:si[ \t]+sahihi|ni[ \t]+(?:kosa|makosa))(?!\w)",  # sw
    r"(?:కాదు|తప్పు)",  # te
)
"""What calls the answer just before it wrong (anchored right after the answer)."""

SUPPOSED_BEFORE = (
    r"\b(?:(?:draft|rough|old|previous|initial|partial|intermediate|interim|provisional|working|probable|speculative|"
    r"hypothetical|guessed|estimated)[ \t]+(?:answer|result|"
    r"value|solution)s?|(?:(?:best|current)[ \t]+)?(?:answer|guess|estimate)[ \t]+so[ \t]+far|first[ \t]+attempt|"
    r"attempt[ \t]*\d*|answer[ \t]*\([ \t]*(?:low[ \t]+confidence|subject[ \t]+to[ \t]+[a-z]+|unsure|uncertain|"
    r"not[ \t]+sure|guess(?:ed)?|estimated?|draft|dummy|filler|placeholder|example|sample|tentative|provisional|"
    r"unchecked|unverified|\?+)[ \t]*\)|answers?[ \t]*\?+)[ \t]*[:：=][ \t]*" + _DELIMS + r"[ \t]*$"
    r"|\bsay[ \t]*,[ \t]*" + _DELIMS + r"[ \t]*$",  # en: "Draft answer: $\\boxed{5}$", "Say, $\\boxed{5}$."
    r"\bif[ \t]*(?:\$\$?|\\\(|\\\[)?[ \t]*$"  # "If $\\boxed{5}$ were right, ..."
    r"|\b(?:i[ \t]+was[ \t]+going[ \t]+to[ \t]+(?:say|answer|write|put)|i[ \t]+almost[ \t]+(?:said|answered|wrote|put)|"
    r"one[ \t]+(?:might|may|could|would)[ \t]+(?:think|say|answer|guess|expect)|"
    r"(?:it'?s|it[ \t]+is)[ \t]+tempting[ \t]+to|"
    r"a[ \t]+(?:careless|hasty|sloppy)[ \t]+(?:reader|student|solver|reading|calculation)|"
    r"(?:my[ \t]+friend|a[ \t]+friend|the[ \t]+(?:textbook|answer[ \t]+key|key)|someone|somebody|others)[ \t]+"
    r"(?:says|said|claims|claimed|believes|believed|thinks|thought|suggests|suggested|insists|insisted))\b",
    # en: what someone else says or one would be tempted to say
    r"(?:(?<![A-Za-z'])(?:(?:the|a|my|your|his|her|their|another|one)[ \t]+)?(?:student|pupil|user|teacher|reviewer|"
    r"grader|tutor|classmate|friend|opponent|critic|skeptic|textbook|book|key|other[ \t]+(?:person|student|solver))"
    r"(?:'s|s')?|(?<![A-Za-z'])(?!(?:model|assistant|gpt|claude|llm|bot|system|my|our|final|correct|official|let|that|"
    r"it|here|there|what|who|where|how)'s)"
    r"[a-z]+'s)[ \t]+(?:answer|claim|guess|result|solution|response|attempt)[ \t]*[:：=][ \t]*" + _DELIMS + r"[ \t]*$"
    # (an answer labelled as another's: "Student answer: ...", "Bob's answer: ...")
    r"|(?:^|(?<=\n))[ \t]*(?:[-*+•][ \t]+)?(?:[*_]{1,2}[ \t]*)?(?:hypothesis|conjecture|estimate|approximation|"
    r"guesstimate|hunch|speculation|"
    r"unproven[ \t]+claim|claim[ \t]*\([ \t]*unproven[ \t]*\)|(?:lower|upper)[ \t]+bound)[ \t]*(?:[*_]{1,2}[ \t]*)?[:：]"
    r"[ \t]*(?:[*_]{1,2}[ \t]*)?" + _DELIMS + r"[ \t]*$"  # (a conjecture or a bound: "Estimate: ...")
    r"|(?<![A-Za-z'])(?:(?:you|he|she|they|the[ \t]+(?:user|student|pupil|teacher|reviewer|grader|tutor|book|textbook|"
    r"questioner|asker|author|critic|skeptic|opponent))[ \t]+(?:said|says|claims?|claimed|suggest(?:s|ed)?|"
    r"propos(?:es|ed)|insists?|insisted|guess(?:es|ed)?|think|thinks|thought|believes?|believed|answered|wrote|"
    r"argued?|argues)|(?!(?:i|we)[ \t])[a-z]+[ \t]+(?:claims|claimed|insists|insisted|guesses|guessed|believes|"
    r"believed|argues|argued))[ \t]*(?:,[ \t]*)?(?:that[ \t]+)?(?:(?:it'?s|it[ \t]+(?:is|was)|the[ \t]+answer[ \t]+"
    r"(?:is|was))[ \t]+)?[:：]?[ \t]*" + _DELIMS + r"[ \t]*$",
    # (what another says it is: "You said $\\boxed{5}$", "Alice claims $\\boxed{5}$")
    r"\b(?:suppose|supposing|assume|assuming|hypothetically|what if|let's say|let us say|had the answer been|"
    r"rather than|instead of|naive|naively|first guess|initial guess|rough guess|wild guess|random guess|"
    r"blind guess|if i (?:had|have) to guess|if i (?:had|have) to (?:pick|choose|say|answer)(?: (?:one|an answer|a "
    r"value|a number))?(?=[ \t]*[,:])|my (?:best )?guess|my gut|gut feeling|"
    r"without (?:checking|verifying|verification|double-checking)|unchecked|unverified|i(?:'d| would)? guess|"
    r"tentative|tentatively|provisionally|preliminary|wrong approach|incorrect approach|mistakenly|"
    r"initially|at first|i (?:first )?thought|previously|earlier i|"
    r"if (?:the )?(?:answer|result|value|total|number)s? (?:were|was|is|had been|equals|equaled)|if we guess|"
    r"for example|for instance|say we try|had (?:we|i|you) (?:used|chosen|taken|picked|answered|said)|"
    r"(?:coin[ \t]+(?:flip|toss)|toss-up)(?=[ \t]+between[ \t]+(?:\$|-?\d|\([a-j]\)))|"
    r"(?<![a-z][ \t])toss-up(?=[ \t]*:)|"
    r"common (?:mistake|error|pitfall|trap)|(?:many|some|most) (?:students|people) (?:answer|say|think|get|write)|"
    r"someone (?:might|may|would|could) (?:say|answer|think)|"
    r"write (?:your|the) (?:final )?answer (?:as|like)|answer (?:format|template)|(?:example|sample) "
    r"(?:answer|output|response)|template|placeholder|"
    r"lucky guess|eyeball(?:ing|ed)?(?: it)?|at a glance|skipping (?:the )?(?:verification|check|checking|"
    r"calculation|work)|if (?:i'?m |i am )?forced to (?:answer|guess|choose|pick)|for the sake of (?:submitting|"
    r"answering|giving) (?:something|an answer)|(?:i|we) (?:have|need|must) to (?:give|say|put|submit) (?:something|"
    r"an answer)|(?:random|blind|arbitrary) (?:pick|choice)|hail mary|shot in the dark|spitball(?:ing)?|"
    r"off the top of my head|my (?:intuition|hunch|instinct)|(?:i'?d|i would) bet(?: on)?|my money(?:'s| is) on|"
    r"(?:i|we) (?:can'?t|cannot|could ?n'?t) solve (?:this|it)[^.;!?\n]{0,40})\b|\be\.g\.(?![A-Za-z])",
    r"\b(?:supongamos|suponiendo|si la respuesta fuera|supposons|si la réponse était|angenommen|"
    r"nehmen wir an|предположим|допустим|supponiamo|suponha|suponhamos|supondo|se a resposta fosse|"
    r"stel dat|veronderstel|aangenomen dat|neem aan|załóżmy|zakładając|przypuśćmy|varsayalım|varsayarsak|"
    r"farz edelim|diyelim ki|giả sử|giả định|misalkan|andaikan|seandainya|tuseme|tuchukulie)\b",
    r"(?:答案|结果)[ \t]*[（(][ \t]*[？?]+[ \t]*[）)][ \t]*[:：]?[ \t]*" + _DELIMS + r"[ \t]*$|"  # zh: "答案（？）："
    r"(?:(?:学生|同学|老师|用户|别人|他人|有人|他们|(?<!其)他|她|小明|小红|小华|小刚|对方)(?:的答案[ \t]*[：:]|(?:认为|说|觉得|"
    r"声称|以为)(?:答案)?(?:是|为)?)[ \t]*" + _DELIMS + r"[ \t]*$)|"  # zh: "学生的答案：", "小明认为答案是"
    r"(?:假设|假如|假定|如果答案|若答案|如果结果|先猜|猜测|随便猜|瞎猜|猜一个|猜一下|随便写|随便填|随便选|蒙一个|初步|暂定|待验证|待定|试试|不妨设|比如|"
    r"例如|もし|仮に|と仮定|"
    r"가정하면|가정하자|가정해|라고 하면|لنفترض|نفترض|بافتراض|افترض|मान लीजिए|मान लो|मानें|สมมติ|สมมุติ|"
    r"ধরা যাক|ধরে নিই|అనుకుందాం)",
)
"""Words that make the rest of their sentence a supposition or a trial (anywhere before the answer in it)."""

BOUNDS_BEFORE = (
    r"\b(?:(?:more|less|fewer|greater|smaller|larger|bigger|higher|lower)[ \t]+than|upwards[ \t]+of|"
    r"(?:a[ \t]+)?(?:multiple|factor|divisor)[ \t]+of|divisible[ \t]+by|close[ \t]+to|nearly|almost|"
    r"on[ \t]+the[ \t]+order[ \t]+of|(?:somewhere[ \t]+)?near|in[ \t]+the[ \t]+(?:ballpark|neighbou?rhood|vicinity)"
    r"[ \t]+of|"
    r"(?:a[ \t]+(?:bit|little)|slightly|just)[ \t]+(?:more|less|over|under|above|below)(?:[ \t]+than)?)",
    r"(?:比|大于|小于|多于|少于|超过|不到|接近|(?:大约|约为|约等于|差不多|近似)(?:是|为|等于)?)",
    # zh ("答案比 $\\boxed{5}$ 大", "答案接近 $\\boxed{5}$", "答案大约是 $\\boxed{5}$"; not 至少, 至多)
)
"""English words that make the value right after them a bound or an estimate, not the value ("the answer is more
than $\\boxed{5}$", "nearly $\\boxed{5}$", "a multiple of $\\boxed{5}$"); "at least" and "at most" are not among them:
they state a minimum or a maximum ("Jane must score at least $\\boxed{9}$ points"); in Chinese, "比 ... 大" and the
like."""
SPOKEN_OPERATIONS_BEFORE = (
    r"\b(?:twice|double|triple|thrice|half(?:[ \t]+of)?|(?:one|a)[ \t]+(?:half|third|quarter|fourth|fifth)[ \t]+of|"
    r"\d+[ \t]+times|(?:the[ \t]+)?(?:square|cube|(?:square|cube)[ \t]+root|reciprocal|negative|opposite|inverse|"
    r"logarithm|log|factorial)[ \t]+of|minus|negative|(?:1|one)[ \t]+over)",
)
"""English words that apply an operation to the value right after them ("twice $\\boxed{5}$", "the square of
$\\boxed{5}$", "minus $\\boxed{5}$"): the box is an operand, as in "$2 \\times \\boxed{5}$"."""
SPOKEN_OPERATIONS_AFTER = (
    r"(?:squared|cubed|halved|doubled|tripled|quadrupled|reversed|negated|inverted|inverse|reciprocated)"
    r"(?=[ \t]*(?:[.,;:!?)\n]|$))",
    r"(?:plus|minus|times|divided[ \t]+by|multiplied[ \t]+by|(?:more|less|fewer)[ \t]+than|percent[ \t]+of|"
    r"to[ \t]+the[ \t]+power(?:[ \t]+of)?|raised[ \t]+to)[ \t]+(?:\$|\\\(|-?\d|(?:one|two|three|four|five|six|seven|"
    r"eight|nine|ten|half|a[ \t]+(?:half|third|quarter)|its|their|the)(?![A-Za-z]))",
    r"'s[ \t]+(?:(?:square|cube)[ \t]+root|reciprocal|inverse|negative|opposite|square|cube|double|half|logarithm|"
    r"factorial)(?![A-Za-z])|with[ \t]+(?:its|the)[ \t]+digits[ \t]+(?:swapped|reversed)",
    r"的[ \t]*(?:[两二三四五六七八九十几]倍|一半|平方根|立方根|平方|立方|倒数|相反数|倍数|因数|约数|因子)"
    r"|(?:加上?|减去?|乘以?|除以)[ \t]*(?:\$|-?\d|[一二三四五六七八九十两半])",
    # zh: "$\\boxed{5}$ 的两倍" (twice 5), "$\\boxed{5}$ 的倍数" (a multiple of 5)
)
"""English words that go on with an operation on the value right before them ("$\\boxed{5}$ squared.", "$\\boxed{5}$
times 2"), ending its clause or followed by the other operand: "$\\boxed{5}$ times." counts."""

HEDGE_ADVERBS = ("maybe", "perhaps", "possibly", "probably", "likely", "presumably", "conceivably", "plausibly",
                 "potentially", "arguably")
"""English adverbs that make the value after them a guess ("or probably 9"), not a statement."""
_ADVERB = "(?:" + "|".join(HEDGE_ADVERBS) + ")"
OTHER_HEDGE_ADVERBS = ("quizás", "quizá", "tal vez", "probablemente", "peut-être", "probablement", "vielleicht",
                       "wahrscheinlich", "vermutlich", "возможно", "вероятно", "forse", "probabilmente", "talvez",
                       "provavelmente", "misschien", "wellicht", "waarschijnlijk", "być może", "może", "chyba",
                       "prawdopodobnie", "belki", "muhtemelen", "có lẽ", "mungkin", "barangkali", "labda", "huenda")
"""The same adverbs in the other spaced languages whose answer phrases are read."""
_HEDGE_LEAD = re.compile(r"[ \t]*(?:(?:most|quite|very)[ \t]+)?(?:" + "|".join(HEDGE_ADVERBS + OTHER_HEDGE_ADVERBS)
                         + r")(?![^\W\d_])", re.I)
"""An answer that starts with a hedge adverb ("the answer is probably 42")."""
_HEDGE_TAIL = re.compile(r"[ \t]*[,(—–][ \t]*(?:(?:most|quite|very)[ \t]+)?" + _ADVERB + r"[ \t]*\)?[ \t.!…]*$", re.I)
"""An answer region that ends with a hedge adverb ("the answer is 42, probably.")."""

_ONE_VALUE = r"(?:\$[^$\n]{1,30}\$|-?\d[\d.,/]*|\([A-J]\)|[A-J])"
_RIGHT = (r"(?:correct|valid|possible|right|acceptable|fine|answers|solutions|works?)"
          r"(?:[ \t]+(?:answers|solutions|options|choices|values))?")
BOTH_RIGHT = (r"\b(?:both|either)[ \t]+" + _ONE_VALUE + r"[ \t]+(?:and|or)[ \t]+" + _ONE_VALUE
              + r"[ \t]+(?:(?:are|is|would|could|might|seem)[ \t]+)?(?:(?:both|equally|also|be)[ \t]+)*" + _RIGHT
              + r"|" + _ONE_VALUE + r"[ \t]+(?:and|or)[ \t]+" + _ONE_VALUE
              + r"[ \t]+(?:(?:are|would[ \t]+be|could[ \t]+be|might[ \t]+be|seem)[ \t]+)?(?:both|equally)[ \t]+"
              r"(?:(?:also|be)[ \t]+)*" + _RIGHT)
"""Two values declared right together ("Both 5 and 6 are correct", "Either (B) or (C) works", "5 and 6 are both
valid answers"): one of them given as the answer after it is a pick between them, in its sentence or the next."""
_PICK = (r"(?:(?:(?:so|thus|hence|therefore|then|and|ok(?:ay)?|well)[ \t]*(?:,[ \t]*)?)?(?:(?:(?:the|my|our)[ \t]+)?"
         r"(?:final[ \t]+)?(?:answer|pick|choice)(?:[ \t]+is)?|final"
         r"|i(?:'ll|[ \t]+will)?[ \t]+(?:say|go[ \t]+with|pick|choose|answer))"
         r"[ \t]*[:：]?|(?:so|thus|hence|therefore|then|and)[ \t]*,?)")
"""Words that only give the answer after them, with no reason for it ("so the answer is", "I'll go with")."""
_BARE_ANSWER_SENTENCE = re.compile(r"[ \t]*" + _PICK + r"?[ \t]*" + _DELIMS + r"[ \t]*", re.I)
HEDGED_BEFORE = (
    r"\b(?:not sure|unsure|not certain|uncertain|maybe|perhaps|possibly|can't be sure|cannot be sure|"
    r"i'm not confident|not confident)\b|\b[0-9]{1,2}(?:\.[0-9]+)?[ \t]*%[ \t]+(?:sure|certain|confident)\b"
    r"|\b(?:might|could|may)[ \t]+(?:also[ \t]+)?be[ \t]*" + _DELIMS + r"[ \t]*$"
    # the other adverbs only right before the answer or opening its sentence ("the most likely value is" states it)
    r"|\b" + _ADVERB + r"[ \t]*(?:,[ \t]*)?(?:(?:be|is|are|equals?|equal[ \t]+to|it'?s|it[ \t]+is|the[ \t]+ans"
    r"wer[ \t]+is)"
    r"[ \t]*)?[:：]?[ \t]*" + _DELIMS + r"[ \t]*$"
    r"|^[ \t]*(?:most[ \t]+)?" + _ADVERB + r"\b"
    r"|^[ \t]*(?:(?:honestly|frankly|well),?[ \t]+)?(?:no[ \t]+(?:real[ \t]+)?(?:clue|idea)|dunno|who[ \t]+knows|"
    r"beats[ \t]+me)[ \t]*[,;:—–]"  # ("No clue, so $\\boxed{7}$.")
    r"|\bit(?:'s|[ \t]+is|[ \t]+seems)[ \t]+(?:most[ \t]+|quite[ \t]+|very[ \t]+)?(?:likely|probable|possible|"
    r"plausible|conceivable)[ \t]+that\b",  # "it is likely that the answer is"
    r"\b(?:another|other|alternative|second)[ \t]+(?:possible|plausible|valid|acceptable)[ \t]+(?:answer|value|option|"
    r"solution)s?\b|\balso[ \t]+(?:possible|plausible|valid|acceptable)[ \t]*(?:[:：][ \t]*)?" + _DELIMS + r"[ \t]*$"
    r"|\b(?:second|other|another|alternative|backup)[ \t]+(?:answer|value|option|choice)[ \t]*[:：=][ \t]*" + _DELIMS
    + r"[ \t]*$",
    # en: a second value offered ("another possible answer is 9", "Also possible: $\\boxed{9}$")
    r"(?:" + BOTH_RIGHT + r")[ \t]*(?:[:：,;；—–-][ \t]*)?" + _PICK + r"?[ \t]*" + _DELIMS + r"[ \t]*$",
    # en: two values declared right, then one given ("Both 5 and 6 are correct: $\\boxed{5}$"; not "Both 5 and 6 are
    # solutions, but 6 is extraneous, so $\\boxed{5}$")
    r"\b(?:quizás|quizá|tal vez|peut-être|vielleicht|возможно|может быть|forse|talvez|misschien|wellicht|"
    r"być może|może|chyba|belki|muhtemelen|có lẽ|có thể là|không chắc|mungkin|barangkali|labda|huenda)\b",
    r"\b(?:probablemente|probablement|wahrscheinlich|vermutlich|вероятно|probabilmente|provavelmente|"
    r"waarschijnlijk|prawdopodobnie)[ \t]*(?:,[ \t]*)?(?:[^\W\d_]{1,5}[ \t]+)?[:：]?[ \t]*" + _DELIMS + r"[ \t]*$",
    r"可能[ \t]*(?:[:：][ \t]*)?" + _DELIMS + r"[ \t]*$|"
    r"(?:也许|或许|可能是|可能为|大概|不确定|不一定|估计(?:是|为|答案)|似乎|好像|恐怕|多半|"
    r"たぶん|かもしれ|おそらく|多分|아마|어쩌면|확실하지 않|"
    r"ربما|لعل|قد يكون|शायद|संभवतः|บางที|อาจจะ|อาจเป็น|ไม่แน่ใจ|হয়তো|সম্ভবত|బహుశా)",
)
"""Words that hedge the answer after them in the same sentence."""

ALTERNATIVE_CONNECTIVES = ("or", "but", "or else", "or even", "though", "although", "otherwise", "alternatively",
                           "if not", "unless")
"""English words that join a second value to an answer as a possible alternative when a hedge adverb follows them
("$\\boxed{7}$, or likely $\\boxed{9}$", "7, if not, probably 9"); some do so with the value itself right after them
("7, if not, 9", "7, unless it is 9", "7, otherwise 9")."""
HEDGE_WORDS = HEDGE_ADVERBS + OTHER_HEDGE_ADVERBS + ALTERNATIVE_CONNECTIVES
"""Words that make a value after them a guess or an alternative, in every spaced language read (the grader does not
take the first value of an answer whose remark holds one: "42, though arguably 43")."""
_IT_IS = r"(?:(?:it(?:'s|[ \t]+is|[ \t]+was)|the[ \t]+answer[ \t]+is)[ \t]+)"
_OPTION_LETTER = r"(?:\([A-J]\)|[A-J](?=[ \t]*(?:[.,;:!?)\n]|$)))"
"""An option's letter offered as a value: "(C)", or "C" ending its clause (not "A better way")."""
_ALTERNATIVE_VALUE = r"(?=\$|\\boxed|\\\(|-?\d|" + _OPTION_LETTER + ")"
"""What starts a second value: a formula, a box, a number, an option's letter (looked ahead, not taken)."""

_CASE = r"(?:if|when|whenever|for|assuming|provided|unless|in[ \t]+case)(?![A-Za-z])"
"""A word that opens the case a value holds in ("if n is even", "for odd n", "assuming n > 0")."""
_CASE_VALUE = r"(?:\$\$?[^$\n]{1,40}\$\$?|\\boxed\{[^{}\n]{1,40}\}|-?\d[\d.,/]*|\([A-J]\))"
"""A value given for another case: a formula, a box, a number, an option's letter in brackets."""
_IT_BECOMES = r"(?:(?:it|the[ \t]+answer|the[ \t]+value)(?:'s|[ \t]+is|[ \t]+would[ \t]+be|[ \t]+becomes)|we[ \t]+get)"
CASE_SPLITS = (
    r"[ \t]*(?:[,;(—–][ \t]*)?" + _CASE + r"[^.!?\n]{1,80}?(?:[,;][ \t]*(?:(?:and|but|while|or)[ \t]+)?|[ \t]+"
    r"(?:and|but|while|or)[ \t]+)(?:(?:otherwise|else|in[ \t]+which[ \t]+case|in[ \t]+the[ \t]+other[ \t]+case|"
    r"if[ \t]+not)[ \t]*(?:,[ \t]*)?(?:" + _IT_BECOMES + r"[ \t]+)?(?P<case_else>" + _CASE_VALUE + r")"
    r"|(?P<case_and>" + _CASE_VALUE + r")[ \t]+(?:otherwise|else|when|if|for|in[ \t]+(?:the[ \t]+other|all[ \t]+other)"
    r"[ \t]+cases?)(?![A-Za-z])|" + _CASE + r"[^.!?\n]{1,40}?,?[ \t]+" + _IT_BECOMES + r"[ \t]+(?P<case_more>"
    + _CASE_VALUE + r"))",
    # "7 if n is even, and 9 otherwise", "7 (assuming n is even; otherwise 9)", "7 when n is even and 9 when n is odd",
    # "7, unless n is odd, in which case it is 9", "7 for even n; for odd n it is 9"
    r"[ \t]*(?:\$\$?[ \t]*)?[,;][ \t]*(?:(?:and|but|while)[ \t]+)?" + _CASE + r"[^.!?\n]{1,40}?,?[ \t]+"
    + _IT_BECOMES + r"[ \t]+(?P<case_then>" + _CASE_VALUE + r")",
    # "... is $\\boxed{7}$; if n is odd, it is $\\boxed{9}$"
    r"[ \t]*(?:[,(][ \t]*)?(?:plus[ \t]+or[ \t]+minus|give[ \t]+or[ \t]+take|±|\+/-)[ \t]*(?:about[ \t]+)?\$?[ \t]*"
    r"\d",  # a tolerance: "7 plus or minus 1", "7 (± 0.5)": a range, not the value
    r"[ \t]*(?:[,(][ \t]*)?(?:to[ \t]+)?within[ \t]+(?:about[ \t]+|±[ \t]*)?"
    r"(?:\$?\d[\d.]*\$?(?:[ \t]*(?:%|percent|units?))?|(?:one|a|an)[ \t]+unit)[ \t]*\)?(?=[ \t]*(?:[.,;:!?\n]|$))",
    # "7 (within 1)", "7, to within one unit"
)
"""English words after an answer that give it for one case and another value for another (the output has not decided
between them), or a tolerance around it."""

_NO_MULTIPLE = r"(?!\d[\d.,]*[ \t]*(?:times|-?fold|x)(?![A-Za-z]))"
"""Not a number that is a multiple ("it might be 6 times faster to check": no value offered)."""
_INTERJECTIONS = (r"(?:(?:hmm+|wait|well|oh|uh|but|actually|although|though|however|then[ \t]+again)[ \t]*"
                  r"(?:[,.!…]+(?:[ \t]*\n)?[ \t]*)?){0,3}")
"""Words that may open the next sentence before another value is offered ("Hmm, wait. Actually, it might be 9.")."""
_GUESS_KIND = (r"(?:best|rough|educated|wild|blind|random|quick|first|initial|second|third|next|last|final|other|"
               r"backup|alternative)")
"""The kinds of guess a doubt names ("my best guess", "a wild guess", "my second guess")."""
ADMISSIONS = (
    r"(?:i|we)[ \t]+(?:do[ \t]+not|don'?t|really[ \t]+don'?t|did(?:n'?t|[ \t]+not))[ \t]+(?:really[ \t]+)?know"
    r"(?:[ \t]+(?:the[ \t]+(?:(?:right|correct|real|actual)[ \t]+)?answer|how[ \t]+to[ \t]+solve[ \t]+(?:it|this|"
    r"that)|for[ \t]+sure))?",
    r"(?:(?:i|we)[ \t]+(?:have|had)[ \t]+)?no[ \t]+(?:real[ \t]+)?(?:idea|clue)",
    r"(?:i|we)[ \t]+(?:can(?:no|')t|could(?:n'?t|[ \t]+not)|was[ \t]+(?:unable|not[ \t]+able)[ \t]+to|were[ \t]+"
    r"(?:unable|not[ \t]+able)[ \t]+to|(?:am|'m|are|'re)[ \t]+(?:unable|not[ \t]+able)[ \t]+to|failed[ \t]+to)"
    r"[ \t]+(?:really[ \t]+)?(?:solve|figure(?:[ \t]+out)?|work[ \t]+out|find|determine|get|compute|answer)"
    r"[ \t]+(?:this|it|that|the)(?:[ \t]+(?:(?:right|correct|exact|actual|real)[ \t]+)?(?:problem|question|one|answer|"
    r"exercise|value|result))?(?:[ \t]+out)?",
    r"(?:i|we)[ \t]+(?:(?:give|gave)[ \t]+up|(?:have|'ve)[ \t]+given[ \t]+up)",
    r"(?:i|we)[ \t]+(?:did(?:n'?t|[ \t]+not)|never)[ \t]+(?:actually[ \t]+|really[ \t]+)?(?:solve|finish|work[ \t]+out"
    r")[ \t]+(?:it|this|that|the[ \t]+(?:problem|question))",
)
"""English sentences that admit the writer did not find the answer ("I cannot solve this problem.", "I don't know
the answer.", "No idea.", "I give up."): right after an answer, ending their clause, they make it a guess."""
_SURE = r"(?:(?:entirely|completely|totally|fully|100%)[ \t]+)?(?:sure|certain|confident|positive)(?![A-Za-z])"
DOUBTS = (
    r"(?:i'?m|i[ \t]+am|we'?re|we[ \t]+are)[ \t]+not[ \t]+" + _SURE,
    r"not[ \t]+(?:(?:really|quite|totally|that|so|very|too)[ \t]+)?" + _SURE,
    r"(?:i|we)[ \t]+(?:could|might|may)[ \t]+(?:well[ \t]+)?be[ \t]+(?:wrong|mistaken|off)",
    r"(?:possibly|probably|maybe|perhaps|might[ \t]+be|could[ \t]+be|may[ \t]+be)[ \t]+off[ \t]+by",
    r"(?:(?:my|our|a|an)[ \t]+)?" + _GUESS_KIND + r"[ \t]+guess",
    r"(?:(?:i|we)[ \t]+(?:just[ \t]+)?guessed|(?:a[ \t]+)?(?:rough|crude|ballpark)[ \t]+(?:estimate|figure))"
    r"(?=[ \t]*(?:[.,;:!?)\n]|$))",  # (ending its clause: not "(a rough estimate would be 40, ...)")
    r"for[ \t]+now(?![A-Za-z])|ish[ \t]*\)|p[ \t]*=[ \t]*0?\.[0-9]+[ \t]*\)",
    r"(?:(?:this|it|that)(?:[ \t]+(?:answer|result|value|solution))?[ \t]+)?(?:might|may|could)[ \t]+(?:well[ \t]+)?be"
    r"[ \t]+(?:wrong|incorrect|mistaken|off)",
    r"(?:(?:this|it|that)[ \t]+is[ \t]+)?(?:probably|likely|possibly|maybe)[ \t]+(?:wrong|incorrect|mistaken|off)"
    r"(?![A-Za-z])",
    r"unless[ \t]+(?:i'?m[ \t]+(?:wrong|mistaken)|i[ \t]+am[ \t]+(?:wrong|mistaken)|(?:i|we)(?:'ve|[ \t]+have)?[ \t]+"
    r"(?:made[ \t]+(?:a[ \t]+|an[ \t]+)?(?:mistake|error|slip)|mis(?:counted|calculated|read|computed)|erred|"
    r"slipped[ \t]+up))",
    r"(?:low|little|zero|no|minimal|very[ \t]+low)[ \t]+(?:confidence|certainty)"
    r"|(?:confidence|certainty)(?:[ \t]+level)?"
    r"[ \t]*(?:\**[ \t]*[:=][ \t]*\**[ \t]*|(?:is|of)[ \t]+|(?=[0-9.]))"
    r"(?:(?:very[ \t]+)?low|medium|moderate|none|zero|minimal|[0-9]{1,2}(?:\.[0-9]+)?[ \t]*%|0?\.[0-9]+"
    r"|[0-9](?:\.[0-9]+)?[ \t]*/[ \t]*10(?![0-9]))",
    r"(?<![0-9.])[0-9]{1,2}(?:\.[0-9]+)?[ \t]*%[ \t]+(?:sure|certain|confident|confidence|certainty)",
    r"(?:probability|chance|likelihood)(?:[ \t]+(?:this|it|that)[ \t]+is[ \t]+(?:right|correct))?[ \t]*[:=][ \t]*"
    r"[0-9]{1,2}(?:\.[0-9]+)?[ \t]*%",
    r"(?:(?:(?:i|we)[ \t]+)?doubt[ \t]+it|(?:(?:i|we)[ \t]+have|with)[ \t]+(?:some[ \t]+|serious[ \t]+)?doubts"
    r"|(?:(?:this|it|that)[ \t]+is[ \t]+)?(?:doubtful|dubious|questionable|speculative|speculation|unreliable)"
    r"|(?:i'?m|i[ \t]+am|we'?re|we[ \t]+are)[ \t]+(?:skeptical|sceptical|doubtful)"
    r"|(?:don'?t|do[ \t]+not)[ \t]+(?:trust|rely[ \t]+on|count[ \t]+on)[ \t]+(?:me|this|it|that)"
    r"|probably[ \t]+not(?:[ \t]+(?:right|correct))?|i'?d[ \t]+guess|i[ \t]+would[ \t]+guess|guessing)"
    r"(?=[ \t]*(?:[.,;:!?)\n]|$))",  # (ending its clause: "Questionable assumptions were avoided" doubts nothing)
    r"(?:unverified|tentative(?:ly)?|unsure|uncertain|i[ \t]+guess|(?:(?:is|was|seems)[ \t]+)?"
    r"(?:(?:just|only|merely|purely)[ \t]+)?(?:a|an|my|our)[ \t]+"
    r"(?:" + _GUESS_KIND + r"[ \t]+)?guess"
    r"|to[ \t]+be[ \t]+(?:verified|checked|confirmed|double-checked))(?![A-Za-z])",
    r"guess(?:ed|work)?[ \t]*\)",
    r"🤔|🤷|🤞|50[ \t]*/[ \t]*50|fifty-fifty|fingers[ \t]+crossed|don'?t[ \t]+hold[ \t]+me[ \t]+to[ \t]+it|if[ \t]+memory"
    r"[ \t]+serves|in[ \t]+all[ \t]+likelihood|roughly[ \t]+speaking|(?:hopefully|i[ \t]+suppose|i[ \t]+reckon)"
    r"(?=[ \t]*(?:[.,;:!?)\n]|$))|(?:i[ \t]+(?:assume|presume)|(?:or[ \t]+so[ \t]+)?it[ \t]+seems"
    r"|or[ \t]+so[ \t]+i[ \t]+(?:think|believe)|apparently|supposedly|allegedly|at[ \t]+a[ \t]+guess"
    r"|as[ \t]+a[ \t]+guess|who[ \t]+knows|"
    r"beats[ \t]+me|(?:your|my)[ \t]+guess[ \t]+is[ \t]+as[ \t]+good[ \t]+as[ \t]+(?:mine|yours)|anyone'?s[ \t]+guess|"
    r"ymmv|iirc|afaik|no[ \t]+guarantees?|not[ \t]+guaranteed)(?=[ \t]*(?:[.;:!?)\n]|$))",
    # (not before a comma: "Apparently, 6 × 7 = 42 is all it takes." opens a sentence that states it)
    r"[(（]?[ \t]*(?:误差)?[ \t]*\$?[ \t]*(?:\\pm|±)[ \t]*\$?[ \t]*(?:[0-9]|one(?![A-Za-z]))",
    r"(?:" + "|".join(ADMISSIONS) + r")(?=[ \t]*(?:[.,;:!?)…\n]|$))",
    r"😕|😬|😟|😰|😓|🙁|☹|¯\\?_\(ツ\)_/¯|\*shrugs?\*|[(\[][ \t]*(?:shrugs?|i[ \t]+hope|hope[ \t]+(?:this|that|it|"
    r"i'?m|i[ \t]+am)[^()\[\]\n]{0,30})[ \t]*[)\]]|,[ \t]*i[ \t]+hope(?=[ \t]*(?:[.!;)…\n]|$))",
    r"\([ \t]*(?:a[ \t]+)?(?:dummy|filler|stand-?in|made[ \t-]up|arbitrary|random|rough|ballpark|guesstimate)"
    r"(?:[ \t]+(?:answer|value|number|figure))?"
    r"[ \t]*\)",
    r"(?:(?:am[ \t]+i|are[ \t]+we)[ \t]+)?(?:sure|certain|confident)[ \t]*\?[ \t]*(?:no(?:pe)?|not[ \t]+(?:really|"
    r"at[ \t]+all|entirely|quite))(?![A-Za-z])",
    r"(?:the[ \t]+)?above(?:[ \t]+(?:answer|value|result|number))?[ \t]+is[ \t]+(?:(?:just|only|merely)[ \t]+)?"
    r"(?:a[ \t]+)?(?:placeholder|guess|made[ \t-]up|random)(?![A-Za-z])"
    r"|(?:this|the)[ \t]+(?:answer|value|result|number)[ \t]+"
    r"(?:was|is)[ \t]+(?:generated|chosen|picked|made[ \t]+up|guessed)[ \t]+(?:randomly|at[ \t]+random|arbitrarily|"
    r"blindly)|(?:i|we)[ \t]+made[ \t]+(?:this|it|that)[ \t]+up|guessed[ \t]+(?:randomly|at[ \t]+random|blindly)",
)
"""English phrases of doubt that, right after an answer (in its sentence, the next one or brackets), make it a guess:
"$\\boxed{7}$, though I'm not certain", "(I could be wrong)", "(low confidence)", "— not sure", ", I guess", "is only a
guess", "🤔", "(50/50 with 9)", "($\\pm 1$)"."""
UNCHECKED = (
    r"provisional(?:ly)?|not[ \t]+final",
    r"(?:(?:this|it|that|my[ \t]+(?:answer|work|solution|result))[ \t]+)?"
    r"needs?[ \t]+(?:(?:double-|re-?)?checking|verification|to[ \t]+be[ \t]+(?:(?:double-|re-?)?checked|verified))",
    r"(?:i|we)[ \t]+(?:may|might|could)[ \t]+have[ \t]+(?:made[ \t]+)?(?:an?[ \t]+|some[ \t]+)?(?:[a-z]+[ \t]+)?"
    r"(?:error|mistake|slip)s?|(?:there|the[ \t]+(?:last|final|previous)[ \t]+step|this|it|my[ \t]+work)[ \t]+"
    r"(?:may|might|could)[ \t]+(?:contain|have|be|include)[ \t]+(?:an?[ \t]+|some[ \t]+)?(?:[a-z]+[ \t]+)?"
    r"(?:error|mistake|bug|slip)s?",
    r"(?:take[ \t]+(?:this|it|that)[ \t]+)?with[ \t]+a[ \t]+grain[ \t]+of[ \t]+salt|(?:treat[ \t]+(?:this|it)[ \t]+"
    r"as[ \t]+)?(?:a[ \t]+)?first[ \t]+pass(?![A-Za-z])|(?:(?:i|we)[ \t]+)?(?:ran[ \t]+out[ \t]+of|"
    r"(?:did(?:n'?t|[ \t]+not)|had[ \t]+no)[ \t]+(?:have[ \t]+)?)[ \t]*time[ \t]+to[ \t]+(?:check|verify|double-check)|"
    r"partially[ \t]+(?:verified|checked)|untested",
    r"if[ \t]+(?:i'?m|i[ \t]+am)[ \t]+not[ \t]+(?:mistaken|wrong)",
    r"if[ \t]+(?:i'?m|i[ \t]+am|we'?re|we[ \t]+are|(?:this|that|it)(?:'s|[ \t]+is))[ \t]+(?:(?:right|correct)|"
    r"(?:wrong|incorrect|mistaken|not[ \t]+(?:right|correct|it)))(?![A-Za-z])|"
    r"if[ \t]+(?:i|we)[ \t]+got[ \t]+(?:it|this|that)[ \t]+right",
    r"if[ \t]+my[ \t]+(?:arithmetic|math|maths|calculations?|reasoning|work)[ \t]+is[ \t]+(?:right|correct)",
    r"(?:assuming|if)[ \t]+(?:i|we)[ \t]+(?:read|understood|interpreted|parsed)[ \t]+(?:the[ \t]+(?:problem|question)|"
    r"it)[ \t]+(?:right|correctly)",
    r"assuming[ \t]+(?:i[ \t]+made[ \t]+)?no[ \t]+(?:errors|mistakes)|assuming[ \t]+(?:that[ \t]+)?(?:i'?m[ \t]+right|"
    r"my[ \t]+(?:arithmetic|math|maths|calculations?|reasoning|work)[ \t]+(?:is|are)[ \t]+(?:right|correct))",
    r"(?<![A-Za-z][ \t])subject[ \t]+to[ \t]+(?:change|revision|verification|confirmation|checking)",
    # (not after a word: "(the rate is subject to change)" is about the rate)
    r"with[ \t]+(?:a[ \t]+)?[0-9]{1,2}(?:\.[0-9]+)?[ \t]*%[ \t]+(?:confidence|certainty|probability|likelihood|chance)",
    r"(?:i[ \t]+|we[ \t]+)?(?:haven'?t|have[ \t]+not|did(?:n'?t|[ \t]+not))[ \t]+(?:verif(?:y|ied)|(?:double-)"
    r"?check(?:ed)?)"
    r"[ \t]+(?:it|this|that|the[ \t]+answer)",
    r"don'?t[ \t]+quote[ \t]+me",
    r"unconfirmed|unverified|unchecked|not[ \t]+(?:yet[ \t]+|fully[ \t]+|completely[ \t]+|entirely[ \t]+)?"
    r"(?:verified|confirmed|checked)|"
    r"needs?[ \t]+(?:review|to[ \t]+be[ \t]+reviewed)|tbd|to[ \t]+be[ \t]+determined|"
    r"draft(?:[ \t]+answer)?(?![A-Za-z])|please[ \t]+(?:verify|check|double-check|confirm)",
    r"(?:this|that|it)(?:'s|[ \t]+is|[ \t]+was)[ \t]+(?:(?:just|only|merely)[ \t]+)?(?:a|an|my)[ \t]+"
    r"(?:" + _GUESS_KIND + r"[ \t]+)?guess(?![A-Za-z])",
)
"""English phrases that, right after an answer, leave it provisional or unchecked (as :data:`DOUBTS`): "(provisional)",
", if I'm not mistaken", ", but I haven't verified it", "with 60% confidence"."""
_DOUBT = r"(?:" + "|".join(DOUBTS + UNCHECKED) + r")"
_CONCEDED_DOUBT = (r"(?:(?:but|though|although|and|however|honestly|frankly|truthfully|to[ \t]+be[ \t]+honest),?"
                   r"(?:[ \t]+|[ \t]*\n[ \t]*))?" + _DOUBT)
"""A phrase of doubt, maybe after a word that concedes it ("but not sure", "though I could be wrong")."""
BOUNDS_AFTER = ("or more", "or less", "or fewer", "or greater", "or higher", "or lower", "or larger", "or smaller",
                "or above", "or below", "or over", "or under", "or so", "or thereabouts", "or something", "more or less",
                "give or take", "give or take one", "give or take 1", "give or take a few", "plus or minus",
                "plus or minus one", "plus or minus 1", "-ish", "or close to it", "or close", "or something close",
                "or something close to it", "or something like that", "or something else", "or whatever", "or similar")
"""English words that make the value right before them a bound or an estimate, not the value: "$\\boxed{42}$ or more",
"$\\boxed{42}$ or so", "$\\boxed{42}$, give or take", where they end the clause."""
DOUBT_SENTENCES = (
    r"i[ \t]+(?:do[ \t]+not|don'?t|really[ \t]+don'?t)[ \t]+know", r"(?:i[ \t]+have[ \t]+)?no[ \t]+idea",
    r"(?:i'?m|i[ \t]+am|we'?re|we[ \t]+are)[ \t]+(?:not[ \t]+" + _SURE + r"|unsure|uncertain|guessing)",
    r"not[ \t]+" + _SURE, r"unsure", r"(?:i|we)[ \t]+(?:can(?:no|')t|could(?:n'?t|[ \t]+not))[ \t]+(?:solve|fi"
    r"gure(?:[ \t]+out)?|"
    r"work[ \t]+out|find|determine)[ \t]+(?:this|it|that|the[ \t]+answer)(?:[ \t]+out)?",
    r"(?:i'?m|i[ \t]+am|we'?re|we[ \t]+are)[ \t]+(?:unable|not[ \t]+able)[ \t]+to[ \t]+(?:solve|determine|find|"
    r"figure[ \t]+out|work[ \t]+out)[ \t]+(?:this|it|the[ \t]+(?:exact[ \t]+)?answer)",
    r"i[ \t]+give[ \t]+up", r"(?:this|that|it)[ \t]+is[ \t]+(?:just[ \t]+)?a[ \t]+guess",
    r"(?:my[ \t]+)?confidence(?:[ \t]+level)?[ \t]*(?:[:=]|is)[ \t]*(?:low|medium|moderate|"
    r"[0-9]{1,2}(?:\.[0-9]+)?[ \t]*%|0?\.[0-9]+)|(?:low|little)[ \t]+confidence",
    r"(?:i'?m|i[ \t]+am|we'?re|we[ \t]+are)[ \t]+torn[ \t]+between[^.!?\n]{1,60}|(?:it'?s|it[ \t]+is)[ \t]+a[ \t]+"
    r"(?:coin[ \t]+(?:flip|toss)|toss-up)[^.!?\n]{0,60}",
    r"(?:just[ \t]+)?(?:a|my)?[ \t]*(?:random|wild|blind|rough)?[ \t]*guess(?:ing)?",  # en
    r"我?(?:也|真的|实在)?(?:不知道|不确定|不会做?|没有把握|没把握|算不出(?:来)?|做不出(?:来)?|解不出(?:来)?)|"
    r"(?:随便|瞎)猜(?:一下|一个)?|猜一下|置信度[ \t]*(?:[:：为是][ \t]*)?(?:低|中等?|一般|不高|[0-9]{1,2}(?:\.[0-9]+)?[ \t]*%|"
    r"0?\.[0-9]+)",  # zh
)
"""Sentences that say the writer does not know the answer ("I don't know.", "I'm not sure.", "No idea.", "我不知道。"):
said right before the sentence that gives an answer, they make it a guess (a doubt after it: :data:`DOUBTS`)."""
_BOTH_RIGHT_SENTENCE = re.compile(r"(?:(?:so|thus|well|ok(?:ay)?|hmm+|maybe|perhaps|possibly|probably|i[ \t]+think|"
                                  r"i[ \t]+guess|i[ \t]+believe)[ \t]*(?:,[ \t]*)?)*"
                                  r"(?:(?:the[ \t]+)?(?:options?|choices?|answers?|values?|letters?)[ \t]+)?"
                                  r"(?:" + BOTH_RIGHT
                                  + r")[ \t]*[.!…;；。！]*", re.I)
IF_NOT_SENTENCE = (r"(?:(?:so|well|ok(?:ay)?|hmm+)\s*,?\s*)?if\s+(?:the\s+answer|it|that)"
                   r"(?:\s+is\s+not|\s+isn'?t|'s\s+not)\s+" + _ONE_VALUE + r"\s*,?\s*(?:then\s+)?"
                   r"(?:it(?:'s|\s+is|\s+must\s+be|\s+would\s+be)|the\s+answer\s+is)\s+"
                   + _ONE_VALUE + r"\s*[.!…;；。！]*")
"""A sentence that offers a value for when the answer is not the other ("If the answer isn't 42, then it's 43."):
said right before the answer's sentence, it makes that answer one of two."""
_IF_NOT_SENTENCE = re.compile(IF_NOT_SENTENCE, re.I)
_DOUBT_SENTENCE = re.compile(
    r"(?:(?:honestly|frankly|well|ok(?:ay)?|hmm+|sorry|but)[ \t]*(?:,[ \t]*)?)?(?:" + "|".join(DOUBT_SENTENCES)
    + r")(?:[ \t]+(?:about|of)[ \t]+(?:this|it|that|the[ \t]+answer|my[ \t]+answer))?[ \t]*[.!…。！]*", re.I)
_DIGIT = re.compile(r"\d")
_DOUBT_WORDS = ("know", "sure", "torn", "coin", "toss", "certain", "confiden", "positive", "idea", "guess", "unable",
                "give", "solve", "figure", "work", "find", "determine", "correct", "valid", "possible", "right",
                "acceptable", "fine", "answers", "solutions")
"""Words one of which every match of :data:`DOUBT_SENTENCES` on ASCII text holds (a test checks each pattern's
examples)."""
_DOUBT_ASCII = re.compile(trie(sorted(_DOUBT_WORDS)))
_DOUBT_STEMS = re.compile(trie(sorted(_DOUBT_WORDS)) + "|不|没|猜|置信", re.I)
"""Any of :data:`_DOUBT_WORDS` in lower-case ASCII text; in any text, ignoring case, or a Chinese word of doubt."""
_EN_HEDGED_AFTER = "|".join(CASE_SPLITS + (
    r"[ \t]*(?:[,—–][ \t]*)?\(?[ \t]*(?:" + "|".join(w.replace(" ", r"[ \t]+") for w in BOUNDS_AFTER)
    + r")[ \t]*\)?(?=[ \t]*(?:[.,;:!?\n]|$))",  # (ending its clause: not "or more precisely, 42")
    r"[ \t]*(?:,[ \t]*)?\(?[ \t]*or[ \t]+(?:(?:(?:some|any|an?|one)[ \t]+)?(?:other|another|different|nearby|adjacent|"
    r"neighbou?ring|similar)(?:[ \t]+(?:numbers?|values?|integers?|answers?|ones?|options?|results?))?"
    r"|one[ \t]+of[ \t]+"
    r"(?:its|the)[ \t]+neighbou?rs|(?:a|its)[ \t]+neighbou?r|(?:something|somewhere)[ \t]+(?:near(?:by)?|around|close)"
    r"(?:[ \t]+(?:there|it|that))?)[ \t]*\)?(?=[ \t]*(?:[.,;:!?\n]|$))",
    # "or some other number", "or nearby": any value would do
    r"[ \t]*(?:,[ \t]*)?\(?[ \t]*(?:(?:up[ \t]+to|modulo)[ \t]+(?:a[ \t]+|the[ \t]+)?sign|sign[ \t]+unknown"
    r"|or[ \t]+(?:its|the)[ \t]+(?:negative|opposite|reciprocal|inverse)"
    r"|or[ \t]+(?:double|twice|half|triple)(?:[ \t]+(?:that|of[ \t]+(?:it|that)|it))?"
    r"|or[ \t]+one[ \t]+(?:more|less|fewer)"
    r"|±|plus[ \t]+or[ \t]+minus[ \t]+a[ \t]+(?:few|couple|bit)|give[ \t]+or[ \t]+take[ \t]+a[ \t]+(?:couple|bit)"
    r"|within[ \t]+(?:a[ \t]+few|a[ \t]+couple|one|1|[0-9]{1,2}(?:\.[0-9]+)?[ \t]*%)(?:[ \t]+(?:units?|percent))?"
    r"|up[ \t]+to[ \t]+rounding)[ \t]*\)?(?=[ \t]*(?:[.,;:!?\n]|$))",
    # "(up to sign)", "(or its negative)", "(or one more)", "within 10%": another value, or a range of them
    r"[ \t]*(?:,[ \t]*)?(?:but|or|and)[ \t]+(?:it[ \t]+|the answer[ \t]+)?(?:might|may|could)[ \t]+(?:also[ \t]+)?be\b",
    r"[ \t]*(?:[,.…;:]+[ \t]*)?(?:" + "|".join(c.replace(" ", r"[ \t]+") for c in ALTERNATIVE_CONNECTIVES)
    + r")[ \t]*,?[ \t]+"
    + _IT_IS + "?" + _ADVERB + r"\b",  # "or probably 9", "if not, likely 9"
    r"[ \t]*(?:[,.…;:]+[ \t]*)?\(?[ \t]*(?:or[ \t]+else|or[ \t]+even|otherwise|alternatively|if[ \t]+not|else|"
    r"unless[ \t]+"
    + _IT_IS + r")[ \t]*(?:,[ \t]*)?" + _ALTERNATIVE_VALUE,
    # "otherwise 9", "unless it is 9", "(if not, 9)" (not "but 9")
    r"[ \t]*(?:,[ \t]*)?and[ \t]+" + _ADVERB + r"[ \t]+" + _ALTERNATIVE_VALUE,  # "and possibly 9"
    r"[ \t]*[;.,][ \t]*(?:another|other|an[ \t]+alternative|a[ \t]+second)[ \t]+"
    r"(?:(?:possible|plausible|valid|acceptable)[ \t]+)?(?:answer|value|option|solution)[ \t]+(?:is|would[ \t]+be"
    r"|could[ \t]+be|might[ \t]+be)(?![A-Za-z])",
    # "7; another possible answer is 9"
    r"[ \t]*/[ \t]*" + _ALTERNATIVE_VALUE,  # "$\\boxed{7}$ / 9"
    r"[ \t]*(?:[,;][ \t]*)?\(?[ \t]*(?:with[ \t]+" + _ALTERNATIVE_VALUE + r"[^()\n]{1,30}?[ \t]+as[ \t]+(?:an?[ \t]+)?"
    r"(?:backup|fallback|alternative|second[ \t]+choice)|(?:second|other|another|alternative|backup)[ \t]+"
    r"(?:answer|value|option|choice)[ \t]*[:=][ \t]*" + _ALTERNATIVE_VALUE + ")",  # "(second answer: 9)"
    r"[ \t]*(?:[,.…;:!]+[ \t]*)?" + _ADVERB + r"[ \t]*,?[ \t]+" + _IT_IS + "?" + _ALTERNATIVE_VALUE,  # "7. Possibly 9."
    r"[ \t]*(?:[.!][ \t]*)?(?:but[ \t]+)?(?:wait|hmm|hold on)?[ \t,.!]*(?:maybe|perhaps|possibly)[ \t]+not\b",
    r"[ \t]*(?:[,;—–.][ \t]*)?(?:(?:though|although|but|and|or|while)[ \t]+|\([ \t]*)?"
    r"(?:(?:the[ \t]+)?(?:answer|value)[ \t]+)?"
    r"(?:\$[^$\n]{1,30}\$|\\boxed\{[^{}\n]{1,30}\}|-?\d[\d.,/]*|\([A-J]\)|[A-J](?=[ \t]))[ \t]+(?:(?:is|are|"
    r"might[ \t]+be|"
    r"could[ \t]+be|would[ \t]+be|seems)[ \t]+(?:also|equally|just[ \t]+as)[ \t]+(?:possible|plausible|valid|likely|"
    r"correct|right|an[ \t]+option)|(?:also|would[ \t]+also|might[ \t]+also|could[ \t]+also)[ \t]+works?"
    r"|works?[ \t]+(?:too|as[ \t]+well)|(?:is|are)[ \t]+(?:correct|valid|fine|right|possible|acceptable)[ \t]+"
    r"(?:too|as[ \t]+well))(?![A-Za-z])",
    # "7, though 9 is also possible", "7, but 9 might also work": another value offered beside it
    r"[ \t]*(?:(?:[,(—–!]|\.+|…)[ \t]*)?\n?[ \t]*\(?(?:(?:most|quite|very)[ \t]+)?" + _ADVERB
    + r"[ \t]*\)?[ \t]*(?:[.!…;\n]|$)|[ \t]*(?:\.\.\.|…)[ \t]*\?",  # (and "... ?")
    # "7, probably.", "7 (probably)"
    r"[ \t]*(?:is|seems|looks)[ \t]+(?:(?:most|quite|very)[ \t]+)?" + _ADVERB + r"[ \t]+(?:right|correct|the[ "
    r"\t]+answer)\b",
    r"[ \t]*(?:[†‡]|\[\^\w{1,8}\])?[ \t]*(?:[.,!;:—–\-。，；：！]|←|<-+)?[ \t]*(?:\n[ \t]*){0,2}"
    r"(?:(?:---+|\*\*\*+|[†‡]|\[\^\w{1,8}\][ \t]*:)[ \t]*\n?[ \t]*)?(?:[(\[（【][ \t]*)?(?:[*_]{1,2}[ \t]*)?"
    r"(?:(?:note|caveat|warning|disclaimer|n\.b\.|p\.?s\.?)[ \t]*(?:[*_]{1,2}[ \t]*)?[:：—–-]?[ \t]*"
    r"(?:[*_]{1,2}[ \t]*)?)?" + _CONCEDED_DOUBT,  # (on the next lines too: "\n\nI'm not sure.")
    r"[ \t]*(?:,[ \t]*)?(?:which[ \t]+)?(?:is|was)[ \t]+(?:(?:only|just|merely)[ \t]+)?(?:an?[ \t]+)?"
    r"(?:(?:upper|lower)[ \t]+bound|rough[ \t]+estimate|crude[ \t]+estimate|placeholder|"
    r"not[ \t]+(?:final|definitive))(?![A-Za-z])"
    r"|[ \t]*\([ \t]*(?:placeholder|i[ \t]+think|i[ \t]+believe|i[ \t]+hope|hopefully|"
    r"[0-9]{1,2}(?:\.[0-9]+)?[ \t]*%[ \t]+(?:chance|likely|probability))[ \t]*\)"
    r"|[ \t]*(?:(?:,|\.\.\.|…)[ \t]*)?or[ \t]+not(?=[ \t]*(?:[.,;:!?\n]|$))",
    # "7 is an upper bound", "7 (I think)", "7 or not."
    r"[ \t]*(?:[.!…]+[ \t]*)?(?:\n[ \t]*){0,2}(?:is[ \t]+(?:that|this|it)[ \t]+(?:right|correct)|or[ \t]+is[ \t]+it|"
    r"am[ \t]+i[ "
    r"\t]+right|"
    r"can[ \t]+(?:someone|anyone|you)[ \t]+(?:check|verify|confirm)|,[ \t]*right)[^.!?\n]{0,30}\?"
    r"(?![ \t]*\n?[ \t]*(?:(?:yes|yeah|yep|indeed|it[ \t]+is|that'?s[ \t]+right|correct)(?![A-Za-z])|"
    r"(?:let[ \t]+(?:me|us)|we[ \t]+can|to)[ \t]+(?:check|verify|confirm)[^\d\n]{0,20}\d|checking[^\d\n]{0,20}\d))",
    # a question about it after it: "7. Is that right?", "7. Or is it?", "7, right?" (unless it is answered at once:
    # "Is that right? Yes: 3 + 4 = 7.", "Is that right? Let me check: 3 + 4 = 7.")
    r"[ \t]*(?:[.!…;,]+[ \t]*)?(?:\n[ \t]*){0,2}" + _INTERJECTIONS + r"(?:it|that|the[ \t]+answer)[ \t]+(?:mig"
    r"ht|may|could)"
    r"(?:[ \t]+(?:also|actually|instead|well|just[ \t]+as[ \t]+well))?[ \t]+be[ \t]+"
    + _NO_MULTIPLE + _ALTERNATIVE_VALUE
    + r"(?=(?P<offered_next>" + _CASE_VALUE + "))",
    # another value it might be, in the next sentence (on the next line too): "7. Actually, it might be 9.", "7. It
    # could also be 9."
    r"[ \t]*(?:[.!…;,]+[ \t]*)?(?:\n[ \t]*){0,2}" + _INTERJECTIONS
    + r"(?:or[ \t]+)?(?:is|could|might|would|should)[ \t]+it[ \t]+"
    r"(?:(?:really|actually)[ \t]+)?(?:be[ \t]+)?" + _ALTERNATIVE_VALUE + r"(?=(?P<asked_next>" + _CASE_VALUE + r"))?"
    r"[^.!?\n]{0,30}\?(?![ \t]*\n?[ \t]*no\b)",
    # another value asked about: "7. Hmm, or is it 9?", "7. Could it be 9?" (not "Could it be 9? No: ...")
))

HEDGED_AFTER = (
    _EN_HEDGED_AFTER,
    r"[ \t]*(?:[，,。][ \t]*)?(?:但|但是|不过|或者|或)?(?:也|又|更|很)?(?:可能|或许|也许|大概|多半)(?:就)?(?:是|为)?"
    r"|[ \t]*(?:[，,。][ \t]*)?(?:否则|不然)(?:的话)?[，,]?[ \t]*(?:就)?(?:是|为)?"
    r"|[ \t]*(?:[，,。][ \t]*)?(?:如果|要是|若|假如|万一)(?:这|它|答案)?(?:不对|错了|不正确|有误|不是)(?:的话)?[，,]?[ \t]*"
    r"(?:那么|那)?(?:就)?(?:是|为)?[ \t]*(?=[$\\\d(（-])"
    r"|[ \t]*(?:[，,。][ \t]*)?(?:等等|嗯)?[，,]?[ \t]*(?:也许|或许|可能)(?:不对|不是|有误|错了)"
    r"|[ \t]*(?:[，,。][ \t]*)?(?:\n[ \t]*){0,2}[（(]?[ \t]*(?:我?(?:也|真的|并)?不确定|不一定对|没有把握|没把握|待验证|未验证|"
    r"我?猜的|估计的?[ \t]*[）)]|估算[ \t]*[）)]|(?:大概|可能|也许|或许|应该)[ \t]*[）)]|置信度[ \t]*(?:[:：为是][ \t]*)?"
    r"(?:低|中等?|一般|不高|[0-9]{1,2}(?:\.[0-9]+)?[ \t]*%|0?\.[0-9]+))"
    r"|[ \t]*(?:[，,。.][ \t]*)?(?:\n[ \t]*){0,2}[（(]?[ \t]*(?:其实|老实说[，,]?)?[ \t]*(?:我们?)?(?:也|真的|实在|其实)?(?:不知道(?:答案)?|"
    r"不会做?(?:这道?题)?|做不出(?:来)?|算不出(?:来)?|解不出(?:来)?|放弃了?|没(?:有)?(?:做|解|算)出(?:来)?)(?=[ \t]*(?:[。！!.，,）)\n]|$))"
    r"|[ \t]*[（(][ \t]*(?:错误的?答案|错的|不对|瞎猜的?|随便(?:写|填|猜)的?|瞎写的?|凑数的?)[ \t]*[）)]"
    r"|[ \t]*(?:[，,][ \t]*)?(?:或者?|或是)(?:其他|别的|其它|附近的?|相近的?)(?:数|值|数字|答案|整数)?(?=[ \t]*(?:[。！!.，,）)\n]|$))"
    # "（随便写的）", "。我做不出来。", "或者其他数"
    r"|[ \t]*(?:[，,。；;][ \t]*)?(?:\n[ \t]*){0,2}[（(]?[ \t]*我?(?:很|非常|有点|比较|也)?(?:怀疑|不太确定|不敢确定|不可信|"
    r"不可靠|置信度[ \t]*[:：]?[ \t]*(?:很低|较低|极低))(?=[ \t]*(?:[。！!.，,；;）)\n]|$))"  # "（我很怀疑）", "，不可信。"
    r"|[ \t]*\n?[ \t]*吧(?=[ \t]*(?:[。！!.，,\n]|$))"  # "答案是 42 吧"
    r"|[ \t]*(?:左右|上下)(?=[ \t]*(?:[。，,.！!；;）)\n]|$))",  # "42 左右" (about 42)
    r"[ \t]*(?:[,.][ \t]*)?(?:pero|o)[ \t]+(?:también[ \t]+)?(?:podría|puede[ \t]+que|quizás?|tal[ \t]+vez)",  # es
    r"[ \t]*(?:[,.;:!][ \t]*)?(?:\n[ \t]*){0,2}[(\[]?[ \t]*(?:no[ \t]+(?:lo[ \t]+)?sé|je[ \t]+ne[ \t]+sais[ \t]+pas|"
    r"ich[ \t]+wei(?:ß|ss)[ \t]+(?:es[ \t]+)?nicht|не[ \t]+знаю|non[ \t]+lo[ \t]+so|não[ \t]+sei)"
    r"(?=[ \t]*(?:[.,;:!?)\]\n]|$))",  # es fr de ru it pt: "I don't know" after it
    r"[ \t]*(?:[,.][ \t]*)?(?:mais|ou)[ \t]+(?:(?:ça|cela|il|elle|ce)[ \t]+|c')?(?:pourrait|peut[ \t-]être|"
    r"peut[ \t]+aussi)",  # fr
    r"[ \t]*(?:[,.][ \t]*)?(?:aber|oder)[ \t]+(?:es[ \t]+)?(?:könnte|kann[ \t]+auch|vielleicht)",  # de
    r"[ \t]*(?:[,.][ \t]*)?(?:но|или)[ \t]+(?:может|возможно|вероятно)",  # ru
    r"[ \t]*(?:[,.][ \t]*)?(?:ma|o)[ \t]+(?:potrebbe|forse|può[ \t]+anche)",  # it
    r"[ \t]*(?:[,.][ \t]*)?(?:mas|ou)[ \t]+(?:também[ \t]+)?(?:pode|poderia|talvez)",  # pt
    r"[ \t]*(?:[。.、][ \t]*)?(?:\n[ \t]*){0,2}(?:よく|全然|まったく)?(?:わかりません|分かりません|わからない|分からない|"
    r"解けません|解けなかった)(?=[ \t]*(?:[。！!.、）)\n]|$))|"  # ja: "。わかりません。" after it
    r"[ \t]*(?:です|だ)?(?:が|けど|けれど)[、，,]?[ \t]*[^。\n]{0,20}?かも"
    r"|[ \t]*(?:です|だ)?[ \t]*(?:かもしれ|でしょう|だろう|(?:かも|かな)(?=[ \t]*(?:[。！!？?、\n]|$)))",  # ja
    r"[ \t]*(?:이지만|지만|이나|인데|입니다만)[ \t,]*[^.\n]{0,20}?(?:수도 있|일지도|아마)",  # ko
    r"[ \t]*(?:[,.][ \t]*)?(?:maar|of)[ \t]+(?:het[ \t]+)?(?:kan|zou|misschien|mogelijk)",  # nl
    r"[ \t]*(?:[,.][ \t]*)?(?:ale|lub|albo)[ \t]+(?:to[ \t]+)?(?:może|być[ \t]+może|prawdopodobnie)",  # pl
    r"[ \t]*(?:[,.][ \t]*)?(?:ama|fakat|ancak|veya)[ \t]+[^.\n]{0,20}?(?:olabilir|belki)",  # tr
    r"[ \t]*(?:[,.][ \t]*)?(?:nhưng|hoặc)[ \t]+(?:cũng[ \t]+)?(?:có[ \t]+thể|có[ \t]+lẽ)",  # vi
    r"[ \t]*(?:[,.][ \t]*)?(?:tetapi|tapi|namun|atau)[ \t]+(?:juga[ \t]+)?(?:mungkin|bisa[ \t]+jadi|barangkali)",  # id
    r"[ \t]*(?:[،,.][ \t]*)?(?:لكن|ولكن|أو)[ \t]+(?:ربما|قد|يمكن)",  # ar
    r"[ \t]*(?:है|हैं)?[ \t]*(?:[,.।][ \t]*)?(?:लेकिन|पर|परंतु|या)[ \t]+(?:शायद|हो[ \t]+सकता)",  # hi
    r"[ \t]*(?:[,.।][ \t]*)?(?:তবে|কিন্তু|অথবা)[ \t]+(?:হয়তো|সম্ভবত)",  # bn
    r"[ \t]*(?:แต่|หรือ)[ \t]*(?:อาจจะ|อาจเป็น|บางที)",  # th
    r"[ \t]*(?:[,.][ \t]*)?(?:lakini|au)[ \t]+(?:labda|huenda|inaweza)",  # sw
    r"[ \t]*(?:[,.][ \t]*)?(?:కానీ|లేదా)[ \t]+బహుశా",  # te
)
"""What hedges the answer right before it (matched from the end of the answer, ignoring the case)."""

TRIED_BEFORE = (
    r"\b(?:(?:let'?s|let us|let me|we|i|now)[ \t]+)?(?:try|trying|tried|test|testing|tested|plug(?:ging)?[ \t]+in|"
    r"substitut(?:e|ing)|check(?:ing)?[ \t]+(?:whether|if)|guess(?:ing)?|what about|how about)"
    r"(?:[ \t]+(?:the[ \t]+|a[ \t]+)?(?:value|number|candidate|case|guess)s?)?(?:[ \t]+(?:of|with))?",  # en
    r"\b(?:probemos(?:[ \t]+con)?|probando(?:[ \t]+con)?|prueba[ \t]+con|essayons(?:[ \t]+avec)?|"
    r"en[ \t]+essayant(?:[ \t]+avec)?|testons|versuchen[ \t]+wir(?:[ \t]+es[ \t]+mit)?|probieren[ \t]+wir|"
    r"попробуем|проверим|подставим|proviamo(?:[ \t]+con)?|vamos[ \t]+tentar|tentemos|testando)",
    r"(?:试一试|试一下|试试|尝试|试|代入|猜|試しに|代入すると|대입하면)",
)
"""Words that try a value (the answer right after them is a trial, not a conclusion), anchored at the answer."""

TURNS = (
    r"but|however",  # en
    r"pero|sin[ \t]+embargo|mais|cependant|aber|jedoch|но|однако|ma|però|mas|porém|maar|ale|jednak|ama|fakat|"
    r"ancak|nhưng|tetapi|tapi|namun|lakini",  # es fr de ru it pt nl pl tr vi id sw
    r"لكن|ولكن|लेकिन|परंतु|কিন্তু|కానీ",  # ar hi bn te
)
"""Words that turn a sentence after a comma ("..., but"): a supposition before them does not reach past them."""
TURNS_UNSPACED = r"但是|但|然而|不过|可是|しかし|でも|하지만|그러나|แต่"
"""The same in languages written without spaces (zh ja ko th): no word boundary after them."""
_TURN = re.compile(r"[,，、][ \t]*(?:(?:" + "|".join(TURNS) + r")(?![^\W\d_])|" + TURNS_UNSPACED + r")"
                   r"(?![ \t,，]*(?:then|if|in[ \t]+that[ \t]+case|suppose|assume|如果|假如|若|假设|这样|那么|那样)"
                   r"(?![^\W\d_]))", re.I)
_CONTENT = re.compile(r"[^\W_]")


def reach(before: str, words: "Union[Gate, re.Pattern[str]]") -> str:
    """The part of the sentence ``before`` an answer that the supposition or hedge ``words`` find in it reach: from
    the last turn after a comma ("..., but", "，但", "，不过") when the clause it ends holds something after the
    supposition ("我们先猜 42，但验证后答案是": the guess was 42), as a sentence end would. "Suppose, but only for now,
    that" holds nothing: the supposition reaches on."""
    turn = None
    for turn in _TURN.finditer(before):
        pass
    if turn is None:
        return before
    head = before[:turn.start()]
    found = None
    for found in words.finditer(head):
        pass
    if found is not None and not _CONTENT.search(head, found.end()):
        return before
    return before[turn.end():]


NOT_STATED = re.compile(
    r"\b(?:not|no|never|wrong|incorrect|false|isn't|wasn't|" + "|".join(HEDGE_ADVERBS) + r"|might|could|unless|"
    r"except|if|or|either|kidding|typo|meant|guess(?:ed|ing)?|hopefully|supposedly|unsure|uncertain|tentative(?:ly)?|"
    r"un(?:verified|checked|confirmed|tested))\b|n't\b|[?]|不|错|非"
    # the number is an operand, a bound or an estimate: "twice 5", "5 squared", "more than 5", "5 over ten"
    r"|\b(?:twice|double(?!-)|triple|thrice|half|squared|cubed|(?:square|cube)[ \t]+(?:root|of)|reciprocal|multiple|"
    r"factor[ \t]+of|divisor|divisible|nearly|almost|close[ \t]+to|on[ \t]+the[ \t]+order[ \t]+of|"
    r"(?:more|less|fewer|greater|smaller|larger|bigger|higher|lower)[ \t]+than[ \t]+[-$\d]|"
    r"(?:plus|minus|times|over|divided[ \t]+by|multiplied[ \t]+by)[ \t]+(?:one|two|three|four|five|six|seven|eight|"
    r"nine|ten|a[ \t]+half))\b"
    r"|的[两二三四五六七八九十几]倍|一半|平方根|立方根|的平方|的立方|倒数|倍数|大于|小于|超过|接近|不到|多于|少于|更正|打错|"
    r"写错|说错|笔误|开玩笑", re.I)
"""Words by which a sentence does not state its one number as the answer: it negates, hedges or takes it back,
or the number is an operand, a bound or an estimate (what an answer read as a sentence, "He paid $12.50 in total.",
must not hold to give its number)."""

_UNFINISHED_END = re.compile(
    r"(?:[=+\-*/^_{(\[,:&|<\\]|\b(?:the|a|an|of|to|in|on|at|by|for|from|with|and|or|but|is|are|was|were|be|that|"
    r"this|if|then|than|as|so|which|where|when|while|because|since|into|we|it|let|wait|get|gives?|check|whether|"
    r"works?)|然后|得|则|因为|所以|和|是|，)[ \t]*$", re.I)
"""How the text after an answer ends when the output stops mid-sentence right after it (cut off by a token limit):
a connective, an operator, an opening bracket."""

_ALTERNATIVE_AFTER_HEDGE = re.compile(
    r"(?:be|" + "|".join(HEDGE_ADVERBS) + r"|else|even|though|otherwise|alternatively|not|is|'s|but|or|with|"
    r"(?:answer|value|option|choice)[ \t]*[:=]|是|为|可能|"
    r"或许|也许|大概|多半|否则|不然)"
    r"[ \t]*(?:,[ \t]*)?(\$[^$\n]{1,80}\$|\\boxed\{[^{}\n]{1,80}\}|-?\d[\d.,/]*|\([A-J]\)|(?-i:[A-J])(?![A-Za-z]))",
    re.I)
"""The other value a hedge names ("but it might be 9"): it makes the answer ambiguous rather than absent."""


def _compile(parts: Tuple[str, ...], anchor_end: bool = False, anchor_start: bool = False) -> "re.Pattern[str]":
    body = "|".join(f"(?:{p})" for p in parts)
    if anchor_end:
        body = f"(?:{body})[ \t]*{_DELIMS}[ \t]*{_NAMED}?$"  # ("rule out $x = \\boxed{6}$")
    if anchor_start:
        body = f"{_CLOSING}[ \t]*(?:,[ \t]*)?(?:{body})"
    return re.compile(body, re.I)


_NEGATED = Gate(_compile(NEGATED_BEFORE, anchor_end=True))
_WITHDRAWN = Gate(_compile(WITHDRAWN_AFTER, anchor_start=True))
_SUPPOSED = Gate(_compile(SUPPOSED_BEFORE))
_TRIED = Gate(re.compile(r"(?:" + "|".join(f"(?:{p})" for p in TRIED_BEFORE) + r")[ \t]*(?:[:：=][ \t]*)?"
                         + _DELIMS + r"[ \t]*(?:[A-Za-z](?:_\{?\w+\}?)?[ \t]*=[ \t]*)?$", re.I))
_HEDGED = Gate(_compile(HEDGED_BEFORE))
_BOUNDED = Gate(_compile(BOUNDS_BEFORE, anchor_end=True))
_OPERATED_BEFORE = Gate(_compile(SPOKEN_OPERATIONS_BEFORE, anchor_end=True))
_OPERATED_AFTER = Gate(re.compile(r"[ \t]*(?:(?:\$\$?|\\\)|\\\])[ \t]*)?\(?(?:"  # (spaces once; "7 (squared)")
                                  + "|".join(f"(?:{p})" for p in SPOKEN_OPERATIONS_AFTER) + ")", re.I))
BOX_OPERATIONS_AFTER = (
    r"[ \t]*(?:[+×*^]|\\times(?![A-Za-z])|\\cdot(?![A-Za-z])|-(?=[ \t]*\d))[ \t]*(?:\$|\\\(|-?\d)",
    r"[ \t]*(?:hundred|thousand|million|billion|trillion)s?(?![A-Za-z])",
    r"[.,]?\d",
)
"""What goes on with an operation on a box, or with more of its number, right after the formula that holds it closes:
a symbol and an operand ("$\\boxed{42}$ + 1", "$\\boxed{42}$^2"), a magnitude ("$\\boxed{42}$ thousand") or more
digits ("$\\boxed{42}$0", "$\\boxed{42}$,000"). (After a phrase's answer these are the answer's own: "42 thousand".)"""
_BOX_OPERATED_AFTER = re.compile(r"[ \t]*(?:\$\$?|\\\)|\\\])(?:" + "|".join(f"(?:{p})" for p in BOX_OPERATIONS_AFTER)
                                 + ")", re.I)
_HEDGED_AFTER_RE = Gate(re.compile(r"(?:[ \t]*(?:\$\$?|\\\)|\\\]))?(?:" + "|".join(f"(?:{p})" for p in HEDGED_AFTER) + ")",
                                   re.I))
_SENTENCE_ENDS = (". ", "! ", "? ", "; ", ".\t", ".$ ", "\n", "。", "！", "？", "；", "؟", "।")
"""What ends the sentence before an answer (".$ ": a point inside a formula that ends it, "take $z = 1.$ Hence")."""
_ASCII_SENTENCE_ENDS = tuple(end for end in _SENTENCE_ENDS if end.isascii())
"""Those an ASCII text can hold (most sentences: the others need not be looked for)."""
_END_MARK = re.compile("[" + re.escape("".join(sorted({end[0] for end in _SENTENCE_ENDS}))) + "]")
"""A character each of :data:`_SENTENCE_ENDS` starts with: a line without one holds no sentence end."""
_SENTENCE_END = re.compile(r"[!?。！？؟।\n]|\.(?!\d)|;")


_ABBREVIATION = re.compile(r"(?<![A-Za-z])(?:e\.g|i\.e|cf|vs|etc|resp|approx)\. $", re.I)
"""An abbreviation whose point ends no sentence."""
_SPACES = re.compile(r"[ \t]{2,}|\t")
_LOOSE_SPACE = re.compile(r"[ \t]{2,}|\t|[ \t]*\n[ \t]*(?=[,.;:?!)，。？！；：、،؟—–]|[^\W\dA-Z_])")
"""Whitespace the word lists do not expect: runs of spaces, a tab, a line break inside a sentence ("$\\boxed{7}$\\nis
wrong", "$\\boxed{7}$\\n?"); each is one space to them."""


_ANY_SPACE = re.compile(r"\s+")
_CONTINUES = re.compile(r"\n[ \t]*(?=[,.;:?!)，。？！；：、،؟—–]|[^\W\dA-Z_])")
"""A line break that goes on with its sentence (the case :data:`_LOOSE_SPACE` joins)."""
_DISPLAYED = re.compile(r"[ \t]*(?:\$\$?|\\\(|\\\[)?[ \t]*")
"""What may open the line an answer starts (a formula's delimiter)."""
_FINISHED_LINE = ("。", "！", "？", "；", ".", "!", "?", ";", "؟", "।")
_CONTINUED_LINE = (",", "，", "、", ":", "：")
"""How a line ends that its sentence continues after (a hard-wrapped line)."""


def sentence_before(text: str, start: int) -> str:
    """The part of the answer's sentence before ``start`` (at most :data:`_WINDOW_BEFORE` characters). An answer
    displayed on a line of its own continues the line before it when that line is unfinished ("Suppose the answer
    is\\n$$\\boxed{7}$$", "答案不是\\n$\\boxed{7}$"): a line break there does not end the sentence."""
    lo = max(0, start - _WINDOW_BEFORE)
    window = text[lo:start]
    cut = _sentence_start(window)
    tail = window[cut:]
    while cut and window[cut - 1] == "\n":
        head = window[:cut - 1].rstrip(" \t")
        if head.endswith("\n"):  # (one blank line at most)
            head = head[:-1].rstrip(" \t")
        if not (head.endswith(_CONTINUED_LINE) or _DISPLAYED.fullmatch(window, cut)) or not head.strip() or \
                head.endswith(_FINISHED_LINE):
            break
        window, cut = head, _sentence_start(head)  # (a line that goes on: "Maybe,\\nthe answer is")
        tail = window[cut:] + " " + tail
    return _SPACES.sub(" ", tail) if "  " in tail or "\t" in tail else tail


_FILLER = "\x00"
"""What stands for the text past a window: no word list or delimiter matches it, and it is no whitespace."""


_WRAPPED = re.compile(r"\\(?:text|emph|math(?:rm|bf|it|sf)|[mh]box|q?quad(?![A-Za-z])|[ ,;:!])")
"""A text wrapper or a space command right after an answer: "$\\boxed{7}$\\text{ is wrong}", "\\quad (wrong)"."""
_UNWRAP = re.compile(r"\\(?:text(?:bf|it|rm|sf|tt|up|normal|sc)?|emph|math(?:rm|bf|it|sf)|[mh]box)[ \t]*"
                     r"\{([^{}$]{0,80})\}|\\q?quad(?![A-Za-z])|\\[ ,;:!]")


def _unwrapped(text: str) -> str:
    """``text`` with the wrappers of :data:`_UNWRAP` replaced by their content, and space commands by a space."""
    return _UNWRAP.sub(lambda m: m.group(1) if m.group(1) is not None else " ", text)


def _after(text: str, end: int) -> Tuple[str, int]:
    """``(text, end)`` for the checks after an answer ending at ``end``: with its whitespace as the word lists expect
    it, and text wrappers and space commands right after it read as their words (a copy of the next few hundred
    characters when it has either)."""
    reach = _WINDOW_AFTER + 40
    window = text[end: end + reach]
    wrapped = "\\" in window[:60] and _WRAPPED.search(window, 0, 60) is not None
    nl = window.find("\n")
    line = window if nl < 0 else window[:nl]
    if not wrapped and "  " not in line and "\t" not in line and (nl < 0 or _CONTINUES.match(window, nl) is None):
        return text, end  # (the checks stop at a line break that ends the sentence: what follows is not theirs)
    loose, ends = _loose_window(text, end, reach, wrapped)
    if loose == window:
        return text, end
    # a text that goes on past the window: a sentence end, then a filler no pattern reads (not spaces: a run of them
    # is what makes a pattern with several optional spaces in a row try every way of sharing it, without end)
    return (loose if ends else loose + " ." + _FILLER * (_WINDOW_AFTER - 1)), 0


def _loose_window(text: str, start: int, size: int, unwrap: bool = False) -> Tuple[str, bool]:
    """The text from ``start`` on with its whitespace as the word lists expect it (:data:`_LOOSE_SPACE`), cut at
    ``size`` characters of that, however long the runs of whitespace were ("$\\boxed{7}$", 300 spaces, "is wrong":
    the run is one space), and whether the text ends inside it; ``unwrap``: read through text wrappers too
    (:func:`_unwrapped`)."""
    def loosen(part: str) -> str:
        return _LOOSE_SPACE.sub(" ", _unwrapped(part) if unwrap else part)
    stop = start + size
    window = loosen(text[start:stop])
    while len(window) < size and stop < len(text):  # (runs were shortened: read on)
        window = loosen(window + text[stop:stop + size])
        stop += size
    return window[:size], stop >= len(text) and len(window) <= size


def _sentence_start(window: str) -> int:
    """Where the last sentence of ``window`` starts (the point of an abbreviation, "e.g. ", ends none)."""
    nl = window.rfind("\n")
    if nl >= 0:  # (a line break ends a sentence: only its last line need be searched)
        return nl + 1 + _sentence_start(window[nl + 1:])
    if _END_MARK.search(window) is None:
        return 0  # (most answers' lines: "A: ", "So the answer is ")
    ends = _ASCII_SENTENCE_ENDS if window.isascii() else _SENTENCE_ENDS
    stop = len(window)
    while True:
        cut = 0
        for end in ends:
            at = window.rfind(end, 0, stop)
            if at >= 0 and at + len(end) > cut:
                cut = at + len(end)
        if not cut or window[cut - 1] != " " or _ABBREVIATION.search(window, 0, cut) is None:
            return cut
        stop = cut - 2


def asked(text: str, end: int) -> bool:
    """The sentence the answer ends in is a question: the first sentence end after it is ``?`` (or ``？``)."""
    m = _SENTENCE_END.search(text, end, min(len(text), end + _WINDOW_AFTER))
    if m is None:
        return False
    return m.group() in "?？؟"


_NEGATED_STEMS = ("not", "n't", "snt", "dnt", "dont", "wont", "cant", "arent", "werent", "havent", "\\ne", "≠", "!=",
                  "=/=", "<>", "✗", "✘", "❌", "✖", "never", "cannot", "rul", "discard", "elimin", "reject", "exclud",
                  "wrong", "hardly",
                  "anything", "something", "far from", "other than", "differ",
                  "incorrect", "false", "invalid", "bad", "distract", "decoy", "extraneous", "non-answer", "trick",
                  "trap", "joke", "meme", "troll", "no ", "pas", "nicht", "kein", "не", "non", "não", "不", "并非",
                  "而非", "排除", "舍", "niet", "geen", "nie", "không", "bukan", "tidak", "لي", "لا", "ستبعد",
                  "न कि", "ไม่", "jibu si", "sio")
_SUPPOSED_STEMS = ("gut", "without", "unchecked", "unverified", "working", "so far", "confiden", "subject",
                   "unsure", "uncertain", "not sure", "estimat", "probabl", "speculat", "hunch", "?", "？",
                   "supp", "assum", "hypothe", "what if", "say", "had the", "going to", "almost", "one ", "tempt",
                   "draft", "rough", "old ", "previous", "initial", "partial", "intermediate", "interim", "provisional",
                   "attempt",
                   "careless", "hasty", "sloppy", "said", "claim", "believ", "think", "insist", "rather", "instead",
                   "naive", "guess",
                   "initially", "at first", "thought", "previously", "earlier",
                   "tentative", "preliminary", "approach", "mistaken", "if ", "for example", "e.g.", "for instance",
                   "had ", "common ", "students", "people", "someone", "write ", "format", "template", "sample",
                   "example", "placeholder", "coin", "toss", "eyeball", "at a glance", "skipping", "forced to",
                   "sake of", "to give", "to say", "to put", "to submit", "random", "blind", "arbitrary", "hail mary",
                   "shot in the dark", "spitball", "top of my", "my intuition", "my hunch", "my instinct", "d bet",
                   "would bet", "my money", "t solve", "dummy", "filler", "'s ", "student", "pupil", "user",
                   "teacher", "reviewer", "grader", "conjecture", "approximation", "unproven", "bound", "tutor",
                   "classmate", "friend", "opponent", "critic", "skeptic",
                   "book", "key", "other person", "other solver", "suggest", "propos", "answered", "wrote", "argue",
                   "angenommen", "nehmen", "предполож", "допуст", "假", "如果", "若", "先猜", "猜测", "初步", "暂定", "待", "试试",
                   "不妨", "比如", "例如", "猜", "随便", "蒙",
                   "学生", "同学", "老师", "用户", "别人", "他人", "有人", "他", "她", "小明", "小红", "小华", "小刚", "对方",
                   "もし", "仮", "supon", "stel", "veronderstel", "aangenomen", "neem aan",
                   "załóż", "zakładaj", "przypuść", "varsay", "farz", "diyelim", "giả", "misalkan", "andaikan",
                   "seandainya", "tuseme", "tuchukulie", "가정", "라고 하면", "فترض", "मान", "สมม", "ধর",
                   "అనుకుందాం")
SUPPOSED_AFTER = (
    r"(?<![A-Za-z])(?:(?:would|could|might)[ \t]+(?:be|have[ \t]+been)[ \t]+(?:the[ \t]+)?"
    r"(?:answer|result|correct|right)[ \t]+(?:if|had|were|only[ \t]+if|in[ \t]+case)"
    r"|is[ \t]+what[ \t]+(?:[iI]|[wW]e)(?:'?d|[ \t]+would)[ \t]+"
    r"(?:say|answer|guess|write|pick)|is[ \t]+what[ \t]+(?:[iI]|[wW]e|[yY]ou|[oO]ne)(?:'?d|[ \t]+would)[ \t]+"
    r"(?:get|obtain|find|have)[ \t]+(?:if|without|by|had|were))(?![A-Za-z])",
    # en: "$\\boxed{5}$ would be the answer if n were even", "... is what we would get if we ignored the constraint"
    r"(?:이)?라고[ \t]*(?:가정|하면|해[ \t]*보)|(?:을|를)?[ \t]*대입",  # ko
    r"(?:olduğunu|olsun|ise)[ \t]*(?:varsay|farz|düşün)|olarak[ \t]+(?:varsay|deneyelim)",  # tr
    r"(?:だ|である)?と(?:仮定|する(?:と|なら)|おく|おいて)|を代入",  # ja
    r"(?:মনে[ \t]+করি|ধরি|ধরা[ \t]+যাক)",  # bn
    r"(?:मान(?:ें|ते हैं|ा)|रखें)",  # hi
    r"(?:అనుకుందాం|అనుకుంటే)",  # te
)
"""What makes the answer right before it a supposition or a trial, in languages that put the verb after its object,
and in English a condition after it ("... would be the answer if", "... is what I'd say") (searched in the rest of
the answer's sentence, at most :data:`_WINDOW_AFTER` characters)."""
_SUPPOSED_AFTER = Gate(re.compile("|".join(f"(?:{p})" for p in SUPPOSED_AFTER)))


def _supposed_after(text: str, end: int) -> bool:
    stop = _SENTENCE_END.search(text, end, min(len(text), end + _WINDOW_AFTER))
    return _SUPPOSED_AFTER.search(text, end, stop.start() if stop is not None else min(len(text), end + 60)) \
        is not None


_HEDGED_STEMS = ("both", "either", "clue", "idea", "dunno", "knows", "beats",
                 "sure", "certain", "maybe", "perhaps", "possibl", "confident", "might", "could", "may", "second",
                 "other", "alternative", "backup", "also",
                 "probabl", "likely", "presumabl", "conceivabl", "plausibl", "potential", "arguabl", "wahrschein",
                 "vermutlich", "вероятно", "probabil", "provavel", "waarschijnlijk", "prawdopodobnie", "估计", "似乎",
                 "好像", "恐怕", "多半",
                 "quiz", "tal vez", "peut", "vielleicht", "возможно", "может", "forse", "talvez", "也许", "或许",
                 "可能", "大概", "确定", "一定", "たぶん", "かもしれ", "misschien", "wellicht", "może", "chyba",
                 "belki", "muhtemelen", "có lẽ", "có thể", "không chắc", "mungkin", "barangkali", "labda", "huenda",
                 "おそらく", "多分", "아마", "어쩌면", "확실", "ربما", "لعل", "قد يكون", "शायद", "संभवतः", "บางที",
                 "อาจ", "ไม่แน่ใจ", "হয়তো", "সম্ভবত", "బహుశా")
"""Substrings one of which each word list's matches hold (lower case): a cheap test before the regex runs."""


_STEMS: Dict[Tuple[str, ...], "re.Pattern[str]"] = {
    stems: re.compile(trie(sorted(set(stems)))) for stems in (_NEGATED_STEMS, _SUPPOSED_STEMS, _HEDGED_STEMS)}
"""A regex finding any of the stems (as a tree by first character: several times faster than their list)."""


def _holds_any(lowered: str, stems: Tuple[str, ...]) -> bool:
    return _STEMS[stems].search(lowered) is not None


RECONSIDERING_END = (
    r"(?:wait|hmm+|hold[ \t]+on|but|actually|however|no|although|though)[ \t,.…!?—–-]*",
    r"(?:(?:but|oh|hmm+)[ \t]*(?:,[ \t]*)?)?(?:wait|hold[ \t]+on)(?![A-Za-z])[^\d]{0,40}",
    r"let[ \t]+me[ \t]+(?:re-?check|double[- ]check|verify|reconsider|recompute|re-?examine|think[ \t]+again)"
    r"(?![A-Za-z])[^\d]{0,30}",  # en
    r"(?:等等|等一下|嗯+|不过|但是?|不对)[，,。.…！!？?]*",  # zh
)
"""How an output ends that stops right after its answer as it starts to reconsider it ("$\\boxed{42}$. Wait,",
"... Hmm", "... Wait, let me double-check."): the answer is being questioned, not given (nothing worked out follows:
no digit)."""
_RECONSIDERING = re.compile(r"[ \t]*(?:\$\$?|\\\)|\\\])?[ \t]*[.!。！]?\s*(?:" + "|".join(RECONSIDERING_END) + r")\s*$", re.I)
_RECONSIDERING_WHY = "the output ends as it starts to reconsider it"


def _reconsidering(text: str, end: int) -> bool:
    """The output ends, right after an answer ending at ``end``, as it starts to reconsider it."""
    return len(text) - end <= 80 and _RECONSIDERING.match(text, end) is not None


_DOUBTED_WHY = "the sentence before it says the answer is not known, or offers another value"
_UNFINISHED_WHY = "the output stops in the middle of its sentence (cut off): a value being tried, not a conclusion"


def _unfinished(text: str, end: int) -> bool:
    """The output stops in the middle of the sentence an answer ending at ``end`` belongs to: no sentence ends after
    it, and what follows it stops on a connective or an operator ("$\\boxed{15}$ if we assume that the", "works:
    $15 + 3 ="). (Only the last sentence of an output can be such: a short look at its end.)"""
    if len(text) - end > _WINDOW_AFTER or _SENTENCE_END.search(text, end) is not None:
        return False
    rest = text[end:].rstrip()
    return bool(rest.strip(" \t$)]\\")) and _UNFINISHED_END.search(rest) is not None


def _doubted_before(text: str, start: int) -> bool:
    """The sentence right before the one an answer starting at ``start`` is in says the writer does not know
    (:data:`DOUBT_SENTENCES`) or offers another value for when it is not the answer (:data:`IF_NOT_SENTENCE`), and
    nothing worked out comes between (no digit: "I'm not sure. Checking, 6 \\cdot 7 =
    42, so ..." is resolved); or it declares two values right (:data:`BOTH_RIGHT`) and the answer's sentence gives
    one with no reason for it."""
    window = text[max(0, start - _WINDOW_BEFORE): start]
    lowered = window.lower()
    if "if" not in lowered and \
            (_DOUBT_ASCII.search(lowered) if window.isascii() else _DOUBT_STEMS.search(window)) is None:
        return False  # (as below, for the whole window: most answers' windows hold none of the words)
    if "\n" in window:  # (a line break inside a sentence, before a word or a mark that goes on with it, ends none)
        window = _CONTINUES.sub(" ", window)
    cut = _sentence_start(window)
    if not cut or _DIGIT.search(window, cut) is not None:
        return False
    previous = window[:cut].rstrip()
    tail = previous[-60:]
    low = tail.lower()
    if_not = "if" in low and ("not" in low or "n't" in low)
    if (_DOUBT_ASCII.search(low) if tail.isascii() else _DOUBT_STEMS.search(tail)) is None and not if_not:
        return False  # (every match holds one of these words near its end)
    body = previous.rstrip(".!…。！;； \t\n")  # (its own end: "。" ends a sentence even without a space after it)
    sentence = previous[_sentence_start(body):].strip()
    if _DOUBT_SENTENCE.fullmatch(sentence) is not None or if_not and _IF_NOT_SENTENCE.fullmatch(sentence) is not None:
        return True
    # two values declared right, then one given with no reason for it ("Both 5 and 6 are correct. So the answer is";
    # not "Both 5 and 6 are valid. Since n is odd, the answer is")
    return _BOTH_RIGHT_SENTENCE.fullmatch(sentence) is not None and \
        _BARE_ANSWER_SENTENCE.fullmatch(window, cut) is not None


_BEFORE_GATES = (_TRIED, _NEGATED, _BOUNDED, _OPERATED_BEFORE, _SUPPOSED, _HEDGED)
_BEFORE_ANY = None if any(g.needs is None for g in _BEFORE_GATES) else re.compile(
    trie(sorted(set().union(*(g.needs or () for g in _BEFORE_GATES)))))
"""Every string one of which any match of the patterns :func:`_before_refusal` runs holds (on ASCII text): one search
for them all skips the six patterns in the answer's sentence that holds none (most sentences: "A: ", "So, ")."""


_UNBOXED_VALUE = r"(?:\$(?![^$\n]*\\(?:boxed|fbox))[^$\n]{1,40}\$|(?<![\w{\\.,/])-?\d[\d.,/]*(?![\d}])|\([A-J]\))"
"""A value before an answer that is not a box (two boxes are the box rule's: alternatives, or one answer in parts)."""
_CASE_BEFORE = re.compile(
    _UNBOXED_VALUE + r"[ \t]+" + _CASE + r"[^.!?\n]{1,80}?(?:[,;]?[ \t]*(?:and|but|while|or)[ \t]+|[,;]?[ \t]*"
    r"(?:otherwise|else|in[ \t]+which[ \t]+case|if[ \t]+not)[ \t]*(?:,[ \t]*)?(?:" + _IT_BECOMES + r"[ \t]+)?)"
    r"[ \t$]*(?:\\\(|\\\[)?[ \t]*$", re.I)
"""Another value given for one case before the answer in its sentence, the answer for another ("42 if n is even, and
$\\boxed{43}$ for odd n", "42 for even n, otherwise it is $\\boxed{43}$")."""
_CASE_BEFORE_ENDS = ("and", "or", "but", "while", "otherwise", "else", "case", "not", "is", "be", "becomes", "get",
                     "'s", ",")
"""How the sentence before such an answer ends (a cheap test before :data:`_CASE_BEFORE` runs)."""


_OR_BEFORE = re.compile(_UNBOXED_VALUE + r"[^.;!?\n]{0,40}?(?<![A-Za-z])or[ \t]*,?[ \t$]*(?:\\\(|\\\[)?[ \t]*$", re.I)
"""Another value offered before the answer in its sentence, joined by "or" ("#### 5 (excluding 0) or $\\boxed{6}$")."""


_MARKUP = re.compile(
    r"\\(?:text(?:bf|it|rm|sf|tt|up|normal|sc)?|emph|math(?:rm|bf|it|sf)|[mh]box)[ \t]*\{([^{}$]{0,80})\}"
    r"|</?(?:b|i|u|em|strong|mark|ins)>|(?<![*\w])\*{1,2}(?=[^\W\d_])|(?<=[^\W\d_])\*{1,2}(?![*\w])"
    r"|(?<![\w\\])_{1,2}(?=[A-Za-z])|(?<=[A-Za-z])_{1,2}(?![\w{])|\\[ ,;]")
"""Emphasis and text wrappers around the words of an answer's sentence ("is **not**", "is <b>not</b>", "is
$\\text{not}$"): the word lists read the words inside them."""
_MARKED = re.compile(r"[*_]|<[/a-z]|\\(?:text|emph|math|[mh]box|[ ,;])")
"""Where :data:`_MARKUP` may match (a quick search: most sentences hold none, and a box's backslash is no mark)."""


def _marked(text: str) -> bool:
    return ("*" in text or "_" in text or "<" in text or "\\" in text) and _MARKED.search(text) is not None


def _unmarked(before: str) -> str:
    """``before`` without the markup of :data:`_MARKUP` (a wrapper gives its content; ``\\ `` is a space)."""
    return _MARKUP.sub(lambda m: m.group(1) if m.group(1) is not None else (" " if m.group().startswith("\\") else ""),
                       before)


def _before_refusal(before: str) -> Optional[Refusal]:
    """A refusal found in the answer's sentence before it (its words read without emphasis and text wrappers)."""
    if before.rstrip(" \t$([\\").lower().endswith(_CASE_BEFORE_ENDS):
        if _CASE_BEFORE.search(before):
            return "answer.hedged", "the sentence gives another value for another case"
        if _OR_BEFORE.search(before):
            return "answer.hedged", "the sentence offers another value before it"
    if _marked(before):  # (after the values: "\\boxed{2} \\text{ or } \\boxed{3}" are
        # the box rule's alternatives)
        before = _unmarked(before)
    if _BEFORE_ANY is not None and _gate.ENABLED and before.isascii() and _BEFORE_ANY.search(before.lower()) is None:
        return None
    if _TRIED.search(before[-60:]):
        return "answer.supposed", "it is a value being tried, not a conclusion"
    lowered = before.lower()
    if _holds_any(lowered[-80:], _NEGATED_STEMS) and _NEGATED.search(before, max(0, len(before) - 80)):
        return "answer.withdrawn", "the text negates it or rules it out"
    if _BOUNDED.search(before, max(0, len(before) - 60)):
        return "answer.hedged", "the words before it make it a bound or an estimate, not the value"
    if _OPERATED_BEFORE.search(before, max(0, len(before) - 60)):
        return "answer.partial_expression", "the words before it apply an operation to it (\"twice\", \"minus\")"
    if _holds_any(lowered, _SUPPOSED_STEMS) and _SUPPOSED.search(before) and _SUPPOSED.search(
            reach(before, _SUPPOSED)):
        return "answer.supposed", "it is a supposition or a trial, not a conclusion"
    if not _holds_any(lowered, _HEDGED_STEMS):
        return None
    hedge = _HEDGED.search(before)
    if hedge is not None:
        before = reach(before, _HEDGED)
        hedge = _HEDGED.search(before)
    if hedge is not None and "\\boxed" not in before[:hedge.start()]:  # ("\\boxed{2} or maybe \\boxed{3}": the
        return "answer.hedged", "the sentence hedges it"                 # box rule's alternatives)
    return None


_BOX_INSIDE = re.compile(r"\\(?:boxed|fbox)(?![A-Za-z])")
_BOX_NEXT = re.compile(r"\s*(?:\$\$?|\\\(|\\\[)?\s*\\(?:boxed|fbox)(?![A-Za-z])")


def hedged_within(answer: str) -> Optional[Tuple[str, str]]:
    """An answer region holding a value and a hedge after it ("42，也许是 43", "42，大概": a language written without
    spaces, whose phrase's answer runs on to the end of the sentence): the value before the hedge and the one it names
    ("" when it names none); None when there is no such hedge."""
    hedged = None
    for m in _HEDGED_AFTER_RE.finditer(answer):
        head = answer[:m.start()].strip(" \t,，")
        if not head or m.end() == m.start():
            continue
        found = _hedge(answer, m)
        if found is not None and found[1]:
            return head, found[1]
        if found is not None and hedged is None and not answer[m.end():].strip(" \t。.!！，,"):
            hedged = head, ""  # (a hedge that ends the answer: "42，大概")
    return hedged


_JOIN_REST = re.compile(r"[^.!?。！？\n]{0,30}")
"""What may lie between a hedge and the box it offers (a delimiter, "it is", a particle): short, no sentence end."""


def hedge_joins(text: str, end: int, next_start: int) -> bool:
    """A hedge right after an answer ending at ``end`` offers the box starting at ``next_start`` as an alternative
    ("$\\boxed{7}$, o quizás $\\boxed{9}$", "$\\boxed{7}$ ですが、$\\boxed{9}$ かもしれません"), in any language of
    :data:`HEDGED_AFTER`."""
    between = text[end:next_start]
    if "\n" in between or "  " in between or "\t" in between:  # ("$\\boxed{7}$,\no quizás\n$\\boxed{9}$")
        between = _ANY_SPACE.sub(" ", between)
        text, end, next_start = between + _LOOSE_SPACE.sub(" ", text[next_start: next_start + 80]), 0, len(between)
    m = _HEDGED_AFTER_RE.match(text, end)
    if m is None:
        return False
    if m.end() >= next_start:
        return True
    rest = _JOIN_REST.match(text, m.end(), next_start)
    return rest is not None and rest.end() == next_start


def hedged_after(text: str, end: int) -> Optional[Tuple[Refusal, str]]:
    """A hedge right after an answer ending at ``end``: the refusal and the other value it names (or "")."""
    return _hedge(text, _HEDGED_AFTER_RE.match(text, end))


def _same_value_before(text: str, end: int, value: str) -> bool:
    """The answer ending at ``end`` (a box or a phrase's value) is ``value`` ("\\boxed{42}" and "42"; not "142")."""
    head = text[max(0, end - len(value) - 12): end].rstrip(" \t}$")
    return head.endswith(value) and not head[:len(head) - len(value)][-1:].isalnum()


def _hedge(text: str, m: "Optional[re.Match[str]]") -> Optional[Tuple[Refusal, str]]:
    """:func:`hedged_after` for the match ``m`` of :data:`HEDGED_AFTER` (or None) at the answer's end."""
    if m is None:
        return None
    end = m.start()
    named = next((v for v in m.groupdict().values() if v), None)  # (a case split names the other case's value)
    if (_BOX_NEXT.match(text, m.end()) or _BOX_INSIDE.search(text, end, m.end())) and \
            (not named or _BOX_INSIDE.search(text, max(0, end - 200), end)):
        return None  # (two boxes joined by a hedge, "\\boxed{2} or maybe \\boxed{3}": the box rule's alternatives;
        # not a phrase's answer before a box: "The answer is 42 if n is even, and $\\boxed{43}$ otherwise")
    if named and _same_value_before(text, end, named.strip("$ ")):
        return None  # (the same value in both cases: "42 if n is even, 42 otherwise")
    # (read to where the longest value the pattern names can end when it starts by m.end() + 2: a box or a formula
    # of 80 characters after "alternatively,"; a shorter reach cut such a value off, which was then not named)
    alt = None if named else _ALTERNATIVE_AFTER_HEDGE.search(text, max(end, m.end() - 12),
                                                               min(len(text), m.end() + 120))
    if alt is None and not named:  # (the longest word a value is named after, "alternatively, ", starts further back:
        # then only a value right after the hedge is its, not one inside it, "not 100% sure")
        alt = _ALTERNATIVE_AFTER_HEDGE.search(text, max(end, m.end() - 16), min(len(text), m.end() + 120))
        if alt is not None and alt.start(1) < m.end() - 1:
            alt = None
    value = named.strip("$ ") if named else ""
    if alt is not None and alt.start() <= m.end() + 2:
        value = alt.group(1).strip("$ ")
    if value.startswith("\\boxed{") and value.endswith("}"):
        value = value[len("\\boxed{"):-1]
    return ("answer.hedged", "a hedge follows it" + (f" naming another value ({value})" if value else "")), value


_HIDDEN = re.compile(r"\\[hv]?phantom(?![A-Za-z])|\\(?:text|math)?color\s*\{\s*(?:white(?:![0-9.]+)?|#?f{3}(?:f{3})?|"
                     r"#?F{3}(?:F{3})?|bg|background|none|transparent|[A-Za-z]+!0*(?:\.0*)?)\s*\}", re.I)
"""What hides a box's content when rendered: a phantom, or a colour that is the page's (white, ``#FFF``, xcolor's
``white!80`` or ``black!0``, which is 0% black: white)."""
CONTINUING_AFTER = ("pi", "sqrt", "frac", "dfrac", "tfrac", "over", "choose", "atop", "bmod", "log", "ln", "exp", "sin",
                    "cos", "tan", "cdot", "times", "div", "pm", "mp")
"""LaTeX commands after a box that make it a factor or an operand of a longer expression ("$\\boxed{21}\\pi$",
"$\\boxed{21} \\over 2$", "$\\boxed{21} \\bmod 5$"); ``\\pmod`` and ``\\mod`` are not among them (a congruence
"$x \\equiv \\boxed{21} \\pmod{35}$" states its answer)."""
FUNCTIONS_BEFORE = ("sqrt", "log", "ln", "lg", "exp", "sin", "cos", "tan", "sec", "csc", "cot", "arcsin", "arccos",
                    "arctan", "sinh", "cosh", "tanh", "det", "gcd", "lcm", "max", "min", "binom", "lfloor", "lceil",
                    "lvert", "vert")
"""LaTeX commands before a box that apply a function to it ("$\\log \\boxed{21}$", "$\\sqrt\\boxed{21}$",
"$\\lfloor \\boxed{21.5} \\rfloor$")."""
_OPERATOR_AFTER = re.compile(
    r"[ \t]*\n?[ \t]*(?:[-+*/=×÷·]|\\(?:times|cdot|div|pm|mp)(?![A-Za-z])|!(?!=)|\^(?![ \t]*\{?[ \t]*\\circ))"
    r"[ \t]*(?:[\d(\[{\\]|[A-Za-z](?![A-Za-z]))"
    r"|[ \t]*\}[ \t]*[{^_]|[ \t]*\^[ \t]*\{?[ \t]*[\dA-Za-z]"
    r"|[ \t]*\\(?:" + "|".join(CONTINUING_AFTER) + r")(?![A-Za-z])"
    r"|(?:\d|[.,]\d|\{,\}\d|\\[,;!]?[ \t]*\d{3}(?!\d)|[A-Za-z](?![A-Za-z])|[ \t]*_[ \t]*\{?[ \t]*\w)"
    r"|[ \t]*(?:\\right[ \t]*)?[)\]][ \t]*(?:[\^!_]|\\(?:times|cdot)(?![A-Za-z]))"
)
"""What continues an expression after a box: ``- 12``, ``+ 3``, ``^2``, ``}{2}`` (the box was a numerator), a command
of :data:`CONTINUING_AFTER`, a glued digit, decimal or group of digits (``\\boxed{21}0``, ``.5``, ``,000``,
``\\,000``), a glued letter (``\\boxed{21}x``), a subscript (a base: ``\\boxed{21}_8``), a bracket closed around the
box and raised to a power (``(\\boxed{21})^2``)."""
_OPERATOR_BEFORE = re.compile(
    r"(?:(?:[+*/×÷·]|\\(?:times|cdot|div|pm|mp)|-)[ \t]*(?:(?:\\left[ \t]*)?[(\[][ \t]*)?"
    r"|(?:\\(?:d|t)?frac|\\sqrt(?:\[[^\]]*\])?|[\^_]|\})[ \t]*\{[ \t]*|[\^_][ \t]*"
    r"|\\(?:" + "|".join(FUNCTIONS_BEFORE) + r")(?:_\{?\w+\}?)?[ \t]*(?:(?:\\left[ \t]*)?[(\[][ \t]*)?"
    r"|\d(?:(?:\\left)?\()?)$"
)
"""What precedes a box in a longer expression: ``3 \\times``, ``2`` (glued), ``-``, ``-(``, ``\\frac{``, ``\\sqrt{``,
``10^``, a function of :data:`FUNCTIONS_BEFORE`."""
_IN_FORMULA_BEFORE = re.compile(r"(?<![\\A-Za-z])[A-Za-z]$|(?:\||\\left[ \t]*\||\\[lL]vert)[ \t]*$")
"""What makes a box a piece of an expression only inside a formula (elsewhere it is a word's letter or a table's rule):
a glued letter before it (``$x\\boxed{21}$``), a bar before it (``$|\\boxed{-21}|$``). (So does a factorial after it,
``$\\boxed{21}!$``, where elsewhere it is an exclamation mark.)"""
_NAMED_AFTER = re.compile(r"[ \t]*=[ \t]*[A-Za-z](?:_\{?\w+\}?)?[ \t]*(?:[.,][ \t]*)?(?:\$\$?|\\\)|\\\])")
"""A name the boxed value is given to, ending the formula ("$36 - 7 - 2 - 10 = \\boxed{17} = x$"): the chain states the
value of ``x``, no operation on the box."""
_DASH_AS_PUNCTUATION = re.compile(r"(?:^[ \t]*[-*+•]|[A-Za-z:,.][ \t]+-)[ \t]+(?:[(\[][ \t]*)?$")
_LIST_ITEM = re.compile(r"[ \t]*[-*+•][ \t]+")
"""A Markdown list item's marker at a line's start (``- ``, ``* ``): not an operator outside a formula."""

Formula = Callable[[], Optional[Tuple[int, int, int, int]]]
"""The math environment holding a box, found when it is needed: (start, end, inner start, inner end), or None."""


def _no_formula() -> None:
    return None


def _partial(text: str, start: int, end: int, formula: Formula = _no_formula) -> bool:
    """The box at ``text[start:end]`` is a piece of a longer expression (see :data:`_OPERATOR_AFTER`). A line break
    inside the formula holding the box does not end the expression ("$2 \\times\\n\\boxed{21}$"); outside one, a
    list item's marker on the next line is no operator."""
    after = _OPERATOR_AFTER.match(text, end)
    if after is not None and _NAMED_AFTER.match(text, end) is None:
        tail = text[end: after.end()]
        nl = tail.find("\n")
        if nl >= 0 and _LIST_ITEM.match(text, end + nl + 1) and not _holds(formula, after.end()):
            pass  # ("$\\boxed{42}$\\n- next item")
        elif not (tail.strip().startswith("-") and _word_follows(text, after.end() - 1)):
            return True
    if text.startswith("!", end) and not text.startswith("!=", end) and _holds(formula, end + 1):
        return True  # a factorial ("$\\boxed{21}!$"; not "The answer is \\boxed{21}!")
    lo = max(0, start - 40)
    line = text.rfind("\n", lo, start)
    before = text[(line + 1 if line >= 0 else lo): start]
    if before.endswith("$") or before.rstrip().endswith("$"):
        return False
    held: Optional[bool] = None
    if line >= 0 and not before.strip():  # (the box opens its line: the formula may go on from the line before)
        env = formula()
        held = env is not None
        if env is not None and env[2] <= line:
            before = text[max(lo, env[2]): start].replace("\n", " ")
    if _OPERATOR_BEFORE.search(before):
        return not _DASH_AS_PUNCTUATION.search(before) and not before.rstrip().endswith(("=", ":"))
    if _IN_FORMULA_BEFORE.search(before):
        return held if held is not None else _holds(formula, end)
    return False


def _holds(formula: Formula, pos: int) -> bool:
    """The formula holding the box (if any) goes on to ``pos``."""
    env = formula()
    return env is not None and pos <= env[3]


def _word_follows(text: str, pos: int) -> bool:
    """A word (two letters or more) starts at ``pos``: "- this matches" is punctuation, not a subtraction."""
    return bool(re.match(r"[A-Za-z]{2,}", text[pos: pos + 3]))


# -- another value offered in a remark after the answer ----------------------------------------------------------------
_REMARK_BREAK = re.compile(r"[.!?。！？](?!\d)|;|\n(?![ \t]*[a-z,;:)])")
"""What ends a sentence of the remark after an answer (a line break before a word in lower case goes on with it)."""
_CJK = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"
"""Kana, CJK ideographs and Hangul: scripts written without spaces, whose words may touch a number ("是43", "43일")."""
_REMARK_NUMBER = re.compile(r"(?<!(?![" + _CJK + r"])[\w.,^_{}\\/])-?\d+(?:\.\d+)?(?:/\d+)?"
                            r"(?!(?![" + _CJK + r"])[\w^_/]|[.,]\d)")
"""A number in the remark after an answer: not part of a word, a decimal, a script or a fraction (a word of a script
written without spaces may touch it)."""
_ANSWER_NUMBER = re.compile(r"[ \t$]*(-?\d+(?:\.\d+)?(?:/\d+)?|\\[dt]?frac\{(-?\d+)\}\{(\d+)\})[ \t$.]*")
"""A plain number as an answer's content: "42", "-0.5", "3/4", "\\frac{3}{4}" (the only answers this check reads)."""
_LEADING_NUMBER = re.compile(r"[ \t$]*(?:\\boxed[ \t]*\{[ \t]*(-?\d+(?:\.\d+)?(?:/\d+)?)[ \t]*\}[ \t$]*"
                             r"|(-?\d+(?:\.\d+)?(?:/\d+)?)(?![\w^_/]|[.,]\d)|(\([A-J]\)|[A-J](?![\w'’(]))\**"
                             r"(?![ \t]*(?:,|or|and)[ \t]*\(?[A-J]\)?(?!\w)))")
"""The number or the option's letter a phrase's answer starts with (the value that :func:`offered_after` reads a
remark after); not a letter that starts a list of letters ("(A) or (B)": the phrase's own alternatives)."""
_ADVERBS_THEN = r"(?:[ \t]+(?:actually|really|instead|then|also|probably|likely|just|maybe|perhaps|possibly))?"
_OFFERED_BEFORE = re.compile(
    r"(?:(?<![A-Za-z])(?:or|also|alternatively|instead|otherwise|else|vary|(?:would|could|might|should)[ \t]+"
    r"(?:also[ \t]+)?be"
    r"|(?:we|you|one|i)[ \t]+(?:would[ \t]+|could[ \t]+|might[ \t]+)?get|gives?|yields?|becomes|convention|"
    r"interpretation|reading|answers?[ \t]+(?:would[ \t]+be|becomes|could[ \t]+be|might[ \t]+be)"
    r"|(?P<stated>answers?(?:[ \t]+is)?|(?:(?<![^\n])[ \t]*(?:q?[ \t]*\d*[ \t]*a|####|答)|(?<![A-Za-z])(?:ans\.?|final|"
    r"result|solution|sol\.?))[ \t]*(?:[*_]{1,2}[ \t]*)?[:：]|(?<![^\n])[ \t]*####|∴)"
    r"|it(?:'s|[ \t]+is|[ \t]+would[ \t]+be|[ \t]+becomes)"
    r"|(?:alternative|second|other|another|backup|fallback)[ \t]+answer|answer[ \t]*\([ \t]*(?:alternative|alt\.?|"
    r"second|other|backup|fallback)[ \t]*\)|failing[ \t]+that|plan[ \t]+b|"
    r"(?:also[ \t]+)?consider(?:ing)?"
    r"|(?:wouldn'?t|would[ \t]+not|can'?t|cannot|can[ \t]+not|couldn'?t)[ \t]+rule[ \t]+out"
    r"|(?:scratch|rough|earlier|other)[ \t]+(?:work|calculation|method|approach)[ \t]+"
    r"(?:said|says|gave|gives|suggests?)"
    r"|(?:in|for|under)[ \t]+(?:the|a|an)[ \t]+(?:other|second|alternative|different)[ \t]+(?:case|reading|"
    r"interpretation|convention|scenario)"
    r"|(?:possibilit(?:y|ies)|option|choice|alternative|alt|fallback|backup|guess|pick|runner-up|"
    r"other[ \t]+candidates?|"
    r"(?:close|strong|distant)[ \t]+second|equivalently|aka|that[ \t]+is)(?:[ \t]+(?:is|would[ \t]+be))?"
    r"|(?<![A-Za-z])(?:alt|i\.e|e\.g|a\.k\.a)\.?,?"
    r"|(?:sources?|some|others|many)[ \t]+(?:would[ \t]+)?(?:say|give|argue[ \t]+for)|argued?[ \t]+for|made[ \t]+for"
    r"|lean(?:ing|s)?[ \t]+(?:more[ \t]+)?(?:towards?|to)|(?:gut|instinct|intuition|hunch)[ \t]+(?:says|said|"
    r"tells[ \t]+me|suggests)|(?:might|may|would|could|will)[ \t]+(?:also[ \t]+)?accept|(?:also|equally)[ \t]+"
    r"(?:valid|possible|correct|"
    r"acceptable|plausible|fine|good|right)"
    r"|(?:exact|true|actual|real|precise|correct|right)[ \t]+(?:value|answer|result)[ \t]+(?:is|would[ \t]+be)"
    r"|(?:corrected|changed|revised|updated|amended)(?:[ \t]+to)?|in[ \t]+fact|really|rather|(?<![A-Za-z])(?:er|uh|um)"
    r"|make[ \t]+(?:that|it)|change[ \t]+(?:that|it|this)[ \t]+to|replace[ \t]+(?:(?:that|it|this)[ \t]+)?with)"
    + _ADVERBS_THEN +
    r"|(?<![^\W\d_])(?:if|si|wenn|falls|se|als|indien|jeśli|если|eğer|were|had)(?![^\W\d_])[^.;()\n]{1,40},"
    r"|['’]d[ \t]+(?:also[ \t]+)?accept"
    r"|(?<![^\W\d_])(?:wenn|falls|ohne|mit)(?![^\W\d_])[^.;()\n]{1,40}?(?:sind|ist|wäre|wären)[ \t]+es"
    r"|아니면|또는|혹은|则(?:是|为)?|或(?:者|是)?(?:说)?|其实(?:是|为)|实际上(?:是|为)|"
    r"(?:再算一遍|重新计算|重算|验算|检验|另一种(?:方法|算法|思路)|方法二|换一种方法|换个方法)[^。，,\n\d]{0,8}?"
    r"(?:得到?|得出|算出|为|是|[:：])|(?:仔细(?:想想|一想|检查)|再想想|重新考虑|想了想)[，,]?[ \t]*(?:应该)?(?:是|为)?|"
    r"有人(?:认为|说|觉得)(?:是|为)?|"
    r"应该(?:是|为)|应为|改成|改为|更正为?|订正为|备选(?:答案)?|备用答案|换言之|(?:如果|若|假如|要是)[^，。；\n]{1,20}?(?:的话[，,]?|[，,])[ \t]*"
    r"(?:就|则|那么)?(?:是|为)|(?:时|的时候)[，,]?[ \t]*(?:就|则)?(?:是|为)|(?:también|tambien)[ \t]+(?:podría|puede)[ \t]+ser|"
    r"pourrait[ \t]+(?:aussi|également)[ \t]+être|"
    r"könnte[ \t]+(?:auch|ebenso)[ \t]+sein)[ \t]*(?:[,:：][ \t]*)?(?:\$[ \t]*)?$", re.I)
"""Words right before a number in the remark after an answer that offer it as a value: "or 6", "also, 6", "the answer
would be 6", "we get 6", "(depending on the convention, 6)", "if it does, 6", "were 0 excluded, 6" (and in other
languages: "wenn ..., 6", "ohne die Null sind es 6", "아니면 6", "如果包括 0 的话是 6", "不计 0 时为 6")."""
_OFFERED_AFTER = re.compile(
    r"[ \t]*\([ \t]*(?:also|equally)[ \t]+(?:possible|valid|correct|plausible|acceptable|works?)(?![A-Za-z])"
    r"|(?:[ \t]*\$)?[ \t]*\**[ \t]*(?:[,)][ \t]*)?(?:(?:if|when|unless|otherwise|instead|also|too|as[ \t]+well|works?|"
    r"depending|(?:with(?:out)?|(?:not[ \t]+)?counting|including|excluding)[ \t]+(?:zero|0)|rounded[ \t]+(?:up|down)|"
    r"(?:under|with|for|in)[ \t]+(?:the|a|an)[ \t]+(?:other|alternative|second|different|looser|stricter|"
    r"broader|narrower)|is[ \t]+(?:the[ \t]+runner-up|(?:my|the|a|our)[ \t]+(?:(?:close|strong|distant|possible|"
    r"likely)[ \t]+)?(?:second|next|backup|fallback|alternative|other)))(?![A-Za-z])"
    r"|(?:is|are|(?:would|might|could)(?:[ \t]+also)?[ \t]+be)[ \t]+(?:(?:just|equally)[ \t]+as[ \t]+(?:good|valid|"
    r"likely|plausible|correct|right)|no[ \t]+(?:worse|less[ \t]+(?:valid|likely|correct|plausible)))"
    r"(?=[ \t]*(?:[.,;:!?)\n]|$))"
    r"|(?:is|are|(?:would|might|could)(?:[ \t]+also)?[ \t]+be)[ \t]+(?:also[ \t]+|equally[ \t]+)?(?:valid|correct|"
    r"possible|acceptable|accepted|right|an?[ \t]+(?:valid[ \t]+|possible[ \t]+|acceptable[ \t]+|alternative[ \t]+)?"
    r"answer)"
    r"(?![A-Za-z])|(?:(?:is|are|would[ \t]+(?:also[ \t]+)?be|remains?)[ \t]+(?:also[ \t]+|still[ \t]+)?(?:defensible|"
    r"plausible|possible)|(?:(?:is|are|would[ \t]+(?:also[ \t]+)?be|remains?)[ \t]+(?:also[ \t]+|still[ \t]+)?)?a[ \t]+"
    r"(?:close[ \t]+|strong[ \t]+|real[ \t]+)?(?:contender|possibility|candidate)|"
    r"(?:is|are)[ \t]+(?:also[ \t]+|very[ \t]+)?"
    r"close(?=[ \t]*(?:[.,;:!?)\n]|$|(?:too|behind|second)(?![A-Za-z])))|as[ \t]+(?:the[ \t]+|a[ \t]+)?(?:runner-up|"
    r"backup|"
    r"fallback|alternative|second[ \t]+choice))(?![A-Za-z])|(?:如果|若|则|也|同样(?:正确|可以|成立)|的?可能性)"
    r"|[ \t]*(?:(?:est|ist|es|é)[ \t]+(?:aussi|également|auch|también|também)[ \t]+(?:possible|möglich|posible|"
    r"possível)|тоже[ \t]+возможно|также[ \t]+возможно|かもしれ|(?:일|이)[ \t]*(?:수도|지도))"
    r"|[^.,;!?\n]{0,30}?(?<![A-Za-z])(?:too(?![ \t]*[A-Za-z])|as[ \t]+well(?![ \t]+as)))", re.I)
"""Words right after such a number that offer it: "6 if 0 counts", "6 also works", "6 is also a valid answer", "6
fits as well", "6 satisfies it too" (not "6 is too big")."""
_CORRECTED_BEFORE = re.compile(
    r"(?:^|[.!?;(\n>]|[,—–][ \t]*(?=i[ \t]+mean))[ \t]*(?:(?:no|oh|oops|hmm+|wait|sorry|well|but|or)[ \t]*"
    r"(?:[,.!…]+[ \t]*)?)*(?<![A-Za-z])"
    r"(?:actually|wait|oops|sorry|correction|i[ \t]+meant?|rather|make[ \t]+(?:that|it)|scratch[ \t]+that|no|"
    r"on[ \t]+(?:second|further)[ \t]+thought|on[ \t]+reflection|second[ \t]+thoughts|"
    r"(?:actually[ \t]+)?(?:maybe|perhaps|possibly))"
    r"[ \t]*(?:[,:!.…—–-]+[ \t]*)?"
    r"(?:(?:it'?s|it[ \t]+is|the[ \t]+answer[ \t]+is)[ \t]+)?(?:\$[ \t]*)?$", re.I)
"""Words that open a correction right before a number in the remark after an answer ("$\\boxed{42}$. Actually, 43.",
"#### 42\\nWait, 43."): with the number ending its clause, the remark gives another value."""
_APPROXIMATED_BEFORE = re.compile(r"(?:≈|~|\\approx|\\sim|(?<![A-Za-z])(?:roughly|approximately|about|around|nearly|"
                                  r"almost|rounded[ \t]+(?:up|down)(?:[ \t]+(?:to|is|gives))?))"
                                  r"[ \t]*(?:[:=][ \t]*)?\$?[ \t]*$", re.I)
"""Words that give an approximation of the answer right before a number in the remark ("(≈ 0.33)", "roughly 43",
"rounded up: 43"): a number that is not the answer rounded or truncated to its places is another value."""
_CLAUSE_END = re.compile(r"[ \t]*\$?[ \t]*(?:[.!;)\n]|$)")
_ASKED_ALONE = re.compile(r"[ \t$]*(?:(?:hmm+|or|maybe|perhaps|possibly|probably|and|so|wait|well|oh|but|actually)"
                          r"[ \t,.…!]*)*", re.I)
_ASKED_AFTER = re.compile(r"[ \t$]*\?(?![ \t]*(?:no|not|nope)(?![A-Za-z]))", re.I)
"""A number asked about alone in its sentence ("Hmm, 6?", "Or 6?"; not "Is x 2?", nor "6? No: ...")."""
_OPERATOR_SIGN = r"[-+*/=<>×÷·^]"
_OPERATOR_COMMAND = r"\\(?:cdot|times|div|le|ge|leq|geq|ne|neq|approx|pm)"
_OPERAND = re.compile(_OPERATOR_SIGN + "|" + _OPERATOR_COMMAND + r"(?![A-Za-z])")
"""What makes a number after it a term of a calculation ("2 + 3 = 5")."""
_OPERAND_BEFORE = re.compile(r"(?:" + _OPERATOR_SIGN + "|" + _OPERATOR_COMMAND + r")[ \t$]*$")
_NAMED_BEFORE = re.compile(r"(?<![\w\\])[A-Za-z](?:_\{?\w+\}?)?[ \t]*=[ \t]*\$?[ \t]*$")
_LISTED_BEFORE = re.compile(r"=[ \t]*\$?[ \t]*-?\d[-\d.,/ \t]*(?:(?:and|or)[ \t]+)?\$?[ \t]*$")
"""A number that goes on a list of values given to a name ("holds for n = 1, 2 and 3 when k = 0")."""
_WORKED_CLAUSE = re.compile(r"(?:\d|[-+*/=×÷·]|\\(?:cdot|times))(?:(?!的话|时|则|那么)[^,;:(\n\d，；：（])*$")
"""A number in the clause before it: the number is the result of a calculation told in words ("3 boxes × 6 apples
give 18"), not a value offered. A condition's end ends the clause ("如果包括 0 的话是 43": 0 is the condition's)."""
_CONDITION_BEFORE = re.compile(r"(?<![A-Za-z])(?:if|when|whenever|for|with|at|where|assuming)[ \t]*\$?[ \t]*$", re.I)
"""A value given to a name in a condition ("if n = 2, the formula gives 1 as well"): the case, not an answer."""
_COUNTERFACTUAL = re.compile(r"(?<![A-Za-z])if[ \t]+[^.;!?\n]{0,30}?(?<![A-Za-z])(?:had|were)(?![A-Za-z])"
                             r"(?![ \t]+to(?![A-Za-z]))", re.I)
"""A condition contrary to fact before the number ("if we had included 0, we would get 6"): the remark says why the
other value is not the answer."""
_TRIED_BEFORE = re.compile(r"(?<![A-Za-z])(?:check(?:ing)?|try(?:ing)?|test(?:ing)?|plug(?:ging)?[ \t]+in|"
                           r"substitut(?:e|ing)|not|except|than)[ \t]+(?:\$[ \t]*)?$", re.I)
_NOT_REJECTED = re.compile(
    r"[ \t]*\**[ \t]*(?:[,)][ \t]*)?(?:is[ \t]+|are[ \t]+|would[ \t]+(?:also[ \t]+)?be[ \t]+)?(?:not[ \t]+(?:y"
    r"et[ \t]+)?"
    r"(?:ruled[ \t]+out|excluded|unreasonable|impossible)|(?:cannot|can'?t|can[ \t]+not)[ \t]+be[ \t]+(?:excluded|"
    r"ruled[ \t]+out))(?![A-Za-z])", re.I)
"""Words after a number in the remark that keep it possible ("43 is not ruled out", "43 cannot be excluded", "43 is not
unreasonable"): the rejecting words in them reject nothing, and the number is offered."""
_REJECTED_AFTER = re.compile(r"(?:(?!(?<![A-Za-z])(?:if|when|unless|provided|assuming)(?![A-Za-z]))"
                             r"(?:[^.;!?\n]|\n(?=[ \t]*[a-z]))){0,40}?(?<![A-Za-z])"
                             r"(?:fails?|wrong|incorrect|invalid|not|doesn't|isn't|"
                             r"cannot|can't|impossible|rejects?|rejected|excludes?|excluded|discards?|discarded|"
                             r"rules?[ \t]+out|ruled[ \t]+out|too[ \t]+(?:big|small|large))(?![A-Za-z])", re.I)
"""Words by which the remark rejects the number it names ("43 too, which fails"); not past a condition, whose words are
about the case ("43 if zero is excluded" offers 43)."""
_LABEL_BEFORE = re.compile(r"(?<![A-Za-z])(?:step|part|problem|question|case|equation|eq\.|figure|line|item|page|"
                           r"method|approach|solution|attempt|version|round|"
                           r"chapter|section|exercise|example|option|choice|no\.|(?<!#)#)[ \t]*\(?$", re.I)
_UNIT_AFTER = re.compile(r"[ \t]*(?:%|\\%|(?!(?:though|tho|too|instead|also|then|anyway|maybe|perhaps|probably|"
                         r"possibly|actually|really|either|however|still|again|rather)(?![A-Za-z]))[A-Za-z]{2,})")
"""A word after a number (its unit, or what it counts: "12 hours", "3 boxes"); not a word of the sentence around it
("43 though", "43 instead")."""
_REMARK_REACH = 250


_TWO_ALNUM = re.compile(r"[^\W_][^\n]*?[^\W_]")
"""Two letters or digits: a sentence, not "$" or the "P" of "P.S."."""
_CHECKED_BEFORE = re.compile(
    r"(?<![A-Za-z])(?:re-?check(?:ing)?|cross-?check(?:ing)?|sanity[ \t]+check|double-?check(?:ing)?|verification|"
    r"(?:second|another|other|alternative|different)[ \t]+(?:method|approach|way|derivation|computation|calculation)|"
    r"(?:method|approach|solution|way)[ \t]+(?:2|two|ii|b))[ \t]*(?:[:=]|(?:says|said|gives|gave|yields|shows|returns|"
    r"produces|suggests)(?![A-Za-z]))[ \t]*\$?[ \t]*$", re.I)
"""Words before a number that ends its clause in the remark after an answer, giving it as what a check or a second
way of solving found ("Cross-check: 43.", "Method 2 yields 43."): another value for the same question (a number in
a calculation goes on: "Check: 6 × 7 = 42")."""
_OPENED_BY_CONDITION = re.compile(r"[ \t]*\**[ \t]*(?:(?:not[ \t]+)?counting|including|excluding|with(?:out)?|for|"
                                  r"under|in)(?![A-Za-z])[^.;()\n\d$]{1,40}[,:][ \t]*\$?[ \t]*", re.I)
"""A sentence of the remark that opens with a condition and goes on with the number ("With zero: 43", "Counting zero,
43", "For positive integers only, 43"): the number is offered for that case."""
_CONDITION_IN = re.compile(r"(?<![A-Za-z])(?:if|when|unless|under|with|assuming|otherwise)(?![A-Za-z])", re.I)


def _last_break(text: str) -> int:
    """Where the last sentence of ``text`` starts."""
    m = None
    for m in _REMARK_BREAK.finditer(text):
        pass
    return m.end() if m is not None else 0


def _plain_value(plain: "re.Match[str]") -> Optional[Fraction]:
    """The value of a match of :data:`_ANSWER_NUMBER` ("3/4", "\\frac{3}{4}")."""
    if plain.group(2) is None:
        return _fraction(plain.group(1))
    return _fraction(f"{plain.group(2)}/{plain.group(3)}")


def _fraction(text: str) -> Optional[Fraction]:
    if text.isdigit():
        return Fraction(int(text))  # (several times faster than parsing the text)
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


_REMARK_MARKUP = re.compile(r"\*\*|</?answer>|(?<![\w)}\]*])\*(?=[A-Za-z])|(?<=[\w.!?])\*(?![\w({\[$*])"
                            r"|(?<=\n)[ \t]*[-*+](?=[ \t])", re.I)
"""Markup in the remark after an answer that is neither an operator nor text: bold marks, answer tags, the marks of
italics ("*Or maybe 43*": a star that opens before a letter, or closes after a word, not one between two operands),
a list item's marker ("\\n- 43 (also possible)")."""
_CLOSING_AT = re.compile(r"[ \t]*(?:\$\$?|\\\)|\\\])")
_LETTER_ANSWER = re.compile(r"[ \t$]*\(?([A-J])\)?[ \t$.]*")
_REMARK_VALUE = re.compile(r"\$(?![^$\n]*\\(?:boxed|fbox))[^$\n]{1,60}\$|\([A-J]\)|" + _REMARK_NUMBER.pattern)
"""A value in the remark after an answer: a formula, an option's letter in brackets, or a number outside one."""
WORD_ANSWERS: Tuple[Tuple[str, ...], ...] = (
    ("yes", "no"), ("true", "false"), ("even", "odd", "neither"), ("always", "never", "sometimes"),
    ("possible", "impossible"), ("finite", "infinite"), ("converges", "diverges"), ("convergent", "divergent"),
    ("increasing", "decreasing", "constant"), ("rational", "irrational"), ("prime", "composite"),
    ("positive", "negative"), ("acute", "obtuse", "right"), ("first", "second"), ("win", "lose"), ("wins", "loses"),
    ("是", "否"), ("偶数", "奇数"), ("正确", "错误"), ("能", "不能"), ("存在", "不存在"), ("可能", "不可能"), ("收敛", "发散"),
    ("有理数", "无理数"), ("质数", "合数"), ("素数", "合数"),
)
"""Word answers and the other answers of their question ("even" against "odd"): after a word answer, one of its
rivals in the remark is read as another value offered, as a number is after a number ("$\\boxed{\\text{even}}$ (or
odd)"). A capitalized name is read against any other capitalized word ("Alice" against "Bob")."""
_RIVALS: Dict[str, FrozenSet[str]] = {
    w: frozenset(r for group in WORD_ANSWERS if w in group for r in group if r != w)
    for group in WORD_ANSWERS for w in group}
_WORD_ANSWER = re.compile(r"[ \t$]*(?:\\text(?:bf|it|rm|normal)?[ \t]*\{[ \t]*)?([A-Za-z][a-z]+)[ \t]*\}?[ \t$.]*")
"""A one-word answer: "Yes", "$\\text{even}$", "Alice"."""
_REMARK_WORD = re.compile(r"(?<![A-Za-z'’\\])[A-Za-z][a-z]+(?=[ \t]*(?:\}[ \t]*)?(?:[.,;:!?)]|$|(?:if|when|unless|"
                          r"also|too|instead|otherwise|works?|is|as|remains?|would|could|might|seems|wins?|loses?|"
                          r"does|did|has|gets)(?![A-Za-z])))")
"""A word ending its clause in the remark after a word answer (or followed by what offers it: "Bob is also
possible"): a rival of the answer's is another value offered."""
_REMARK_LETTER = re.compile(r"\(([A-J])\)|(?<![A-Za-z'’])([A-HJ])(?=[ \t]*(?:[.,;:!?)]|$|(?:if|when|unless|also|too|"
                            r"under|instead|otherwise|works?|is|as|remains?|would|could|might|seems)(?![A-Za-z])))")
"""An option's letter in the remark after a letter answer: "(C)", or "C" ending its clause ("I" only in brackets)."""
_ASSIGNED = re.compile(r"[ \t]*[A-Za-z](?:_\{?\w+\}?)?[ \t]*=[ \t]*(.+)")
_SPACE_IN_FORMULA = re.compile(r"\s+|\\[,;:! ]")


def _named_value(token: str) -> Optional[str]:
    """The value a token of the remark names: a number or letter as it is, a formula without its dollars, the value a
    formula gives a name ("$x = 6$": 6); None for a formula that states a calculation ("$2 + 3 = 5$")."""
    if token.startswith("(") and token.endswith(")"):
        return token[1:-1]
    if not token.startswith("$"):
        return token
    inner = token.strip("$ ")
    if "=" in inner or "<" in inner or ">" in inner or "\\le" in inner or "\\ge" in inner:
        assigned = _ASSIGNED.fullmatch(inner)
        if assigned is None or "=" in assigned.group(1):
            return None
        inner = assigned.group(1).strip()
    return inner or None


def _answer_kind(answer: str, letter: "Optional[re.Match[str]]") -> "Optional[Union[Fraction, str]]":
    """What :func:`_same_value` compares a remark's value with: the answer as a fraction when it is a plain number, its
    letter, or its text without spaces (a formula); None when it is too long to be one value."""
    if letter is not None:
        return letter.group(1)
    value = _named_value("$" + answer.strip("$ ") + "$")  # ("x = 3": 3)
    if value is None:
        return None
    plain = _ANSWER_NUMBER.fullmatch(value)
    if plain is not None:
        return _plain_value(plain)
    squeezed = _SPACE_IN_FORMULA.sub("", value)
    return squeezed if 0 < len(squeezed) <= 60 else None


_DECIMAL = re.compile(r"-?\d*\.\d+")


_HEDGED_BEFORE = re.compile(r"(?<![A-Za-z])(?:" + "|".join(HEDGE_ADVERBS) + r")[ \t]*$", re.I)
"""A hedge adverb right before a word of the remark ("maybe odd")."""
_NEGATED_BEFORE = re.compile(r"(?<![A-Za-z])(?:not|never|isn't|no[ \t]+longer)[ \t]*$", re.I)


_CJK_OFFER = re.compile(r"(?:或者?|或是|还是|亦或|抑或|(?<!不)也?(?:可能|或许|也许)(?:是|为)?)[ \t]*$")
"""Chinese words right before a rival that offer it ("（或奇数）", "，也可能是否"; not "不可能是")."""
_WORD_IN_BOX = re.compile(r"[ \t$]*(?:\\text(?:bf|it|rm|normal)?[ \t]*\{[ \t]*)?([^\x00-\x7f]{1,4})[ \t]*\}?[ \t$.。]*")


def _cjk_rival(window: str, word: str) -> str:
    """A rival of the Chinese word answer ``word`` that the remark ``window`` offers after one of :data:`_CJK_OFFER`,
    or ""."""
    for rival in _RIVALS[word]:
        at = window.find(rival)
        while at >= 0:
            if _CJK_OFFER.search(window, max(0, at - 6), at):
                return rival
            at = window.find(rival, at + 1)
    return ""


def _word_answer(answer: str) -> Optional[str]:
    """The word of a one-word answer that has rivals (:data:`WORD_ANSWERS`) or is a capitalized name, lowercased for a
    rival's test; None for any other answer."""
    first = answer.lstrip(" \t$")[:1]
    if not (first.isalpha() or first == "\\"):
        return None  # (most answers: a number or a formula)
    cjk = _WORD_IN_BOX.fullmatch(answer) if not answer.isascii() else None
    if cjk is not None:
        return cjk.group(1) if cjk.group(1) in _RIVALS else None
    m = _WORD_ANSWER.fullmatch(answer)
    if m is None:
        return None
    found = m.group(1)
    return found.lower() if found.lower() in _RIVALS or found[0].isupper() else None


_NOT_NAMES = frozenset("""or and but so the a an it this that these those then thus hence therefore also alternatively
    maybe perhaps possibly probably though although however otherwise else instead yes no true false note answer final
    i we you he she they is are was were be wait check""".split())
"""Capitalized words of a remark that name no one (sentence openers, connectives)."""


def _rival(word: str, other: str) -> bool:
    """``other``, a word of the remark after the word answer ``word``, is another answer to the same question: a rival
    of it (:data:`WORD_ANSWERS`), or, after a capitalized name, another capitalized word that names something."""
    lower = other.lower()
    if word in _RIVALS:
        return lower in _RIVALS[word]
    return other[0].isupper() and lower != word and lower not in _NOT_NAMES


def _same_value(kind: "Union[Fraction, str]", other: str) -> bool:
    """The remark's value ``other`` is the answer's: as fractions when the answer is a plain number; else as text, and
    a decimal is taken for the formula's approximation ("$\\boxed{2\\pi}$, or 6.28")."""
    if not isinstance(kind, Fraction):
        return _SPACE_IN_FORMULA.sub("", other) == kind or _DECIMAL.fullmatch(other) is not None
    plain = _ANSWER_NUMBER.fullmatch(other)
    if plain is None:
        return False
    return _plain_value(plain) == kind


def _rounds_to(kind: Fraction, other: str) -> bool:
    """The decimal ``other`` is ``kind`` rounded or truncated to its places (within one unit of its last place)."""
    if _DECIMAL.fullmatch(other) is None and not other.lstrip("-").isdigit():
        return False
    places = len(other) - other.index(".") - 1 if "." in other else 0
    scaled = kind * 10 ** places
    return Fraction(other) * 10 ** places in (math.floor(scaled), math.ceil(scaled))


def offered_after(text: str, end: int, answer: str, stated: bool = True) -> str:
    """Another value the remark after an answer ending at ``end`` offers (in the rest of its sentence and the next
    one, up to a line break's next paragraph): "$\\boxed{5}$ (6 if 0 counts)", "... Also, 6.", "P.S. 6 also works.",
    "(If zero is allowed, the answer would be 6.)", "Under the other reading it would be $\\frac{1}{3}$", "$\\boxed{B}$
    (C if the graph is directed)"; "" when there is none. A value is a number, a formula, or (for a letter ``answer``)
    an option's letter; another value equal to the answer ("or 5.0"), a number in a calculation ("2 + 3 = 5"), a label
    ("Step 6"), a value tried or rejected, and a conversion to another unit ("12 hours, or 720 minutes") offer none.
    ``stated=False`` leaves out another answer stated ("The answer is 6", "Answer: 6"): after a phrase's answer, the
    phrase rules rank the two (the last phrase wins, a final phrase beats a plain one)."""
    stop = min(len(text), end + _REMARK_REACH)
    closing = _CLOSING_AT.match(text, end, stop)  # (the answer's formula closes: the remark starts after it)
    begin = closing.end() if closing is not None else end
    if begin >= stop:
        return ""  # (most answers end their output)
    box = text.find("\\boxed", begin, stop)  # (a later box is the box rule's)
    stop = box if box >= 0 else stop
    letter = _LETTER_ANSWER.fullmatch(answer)
    word = _word_answer(answer) if letter is None else None
    if letter is None and word is None and _DIGIT.search(text, begin, stop) is None and \
            text.find("$", begin, stop) < 0 and text.find("(", begin, stop) < 0:
        return ""  # (most remarks: no value in them: no digit, formula or bracketed letter)
    kind: "Optional[Union[Fraction, str]]" = None  # (what the answer is compared as: found at the first value)
    sentences, pos = 0, end
    while pos < stop and sentences < 2:
        m = _REMARK_BREAK.search(text, pos, stop)
        cut = m.start() if m is not None else stop
        if _TWO_ALNUM.search(text, pos, cut) is not None:
            sentences += 1  # ("$." or "P" of "P.S." is no sentence)
        pos = cut + 1 if m is not None else stop
    window = text[begin:pos]
    if "*" in window or "</" in window or "\n" in window:  # (markup, blanked to its length: no operator, no sentence
        # of its own)
        window = _REMARK_MARKUP.sub(lambda m: " " * len(m.group()), window)
    if word is not None and not word.isascii():
        return _cjk_rival(window, word)  # ("$\\boxed{偶数}$（或奇数）")
    unit = _UNIT_AFTER.match(text, end)  # (the answer's own unit word, if any: "12 hours")
    tokens = _REMARK_LETTER if letter is not None else _REMARK_WORD if word is not None else _REMARK_VALUE
    for n in tokens.finditer(window):
        other = _named_value(n.group())
        if other is None:
            continue
        if word is not None:
            if not _rival(word, other) or _NEGATED_BEFORE.search(window, 0, n.start()):
                continue  # (a word that answers nothing, or a rival denied: "(or, equivalently, not odd)")
            if _HEDGED_BEFORE.search(window, 0, n.start()) or _CORRECTED_BEFORE.search(window, 0, n.start()):
                return other  # ("$\\boxed{\\text{even}}$, maybe odd", "Actually, Bob wins.")
            kind = word
        elif kind is None:
            kind = _answer_kind(answer, letter)
            if kind is None:
                return ""
        if _same_value(kind, other):
            continue
        before, after = window[max(0, n.start() - 40): n.start()], window[n.end():]
        approximated = _APPROXIMATED_BEFORE.search(before) \
            if _ANSWER_NUMBER.fullmatch(other) else None  # (a number only: "~$\\text{...}$" is a tie)
        if approximated is not None and isinstance(kind, Fraction) and _rounds_to(kind, other):
            continue  # (the answer rounded: "$\\boxed{\\frac{1}{3}}$ (≈ 0.333)")
        kept = _NOT_REJECTED.match(after)  # ("43 is not ruled out": the rejecting words reject nothing)
        sentence = window[_last_break(window[:n.start()]): n.start()]  # (the sentence before it, in the remark)
        named = _NAMED_BEFORE.search(before)  # ("or x = 6": a value given to a name)
        if named is not None:
            before = before[:named.start()]
        checked = _CHECKED_BEFORE.search(before) if _CLAUSE_END.match(after) else None  # ("Method 2 gives 43.")
        if _OPERAND_BEFORE.search(before) or _OPERAND.match(after.lstrip(" \t$")) or _LABEL_BEFORE.search(before) \
                or _LISTED_BEFORE.search(before) or _TRIED_BEFORE.search(before) \
                or not kept and _REJECTED_AFTER.match(after) \
                or _COUNTERFACTUAL.search(sentence) or checked is None and _WORKED_CLAUSE.search(before) \
                or named is not None and _CONDITION_BEFORE.search(before):
            continue  # (a calculation, a label, a list of values, a value tried or rejected)
        offered_after_it = kept or checked or _OFFERED_AFTER.match(after) or (_ASKED_AFTER.match(after) and
                                                           _ASKED_ALONE.fullmatch(sentence)) \
            or (_CORRECTED_BEFORE.search(before) or approximated) and _CLAUSE_END.match(after)
        cue = _OFFERED_BEFORE.search(before)
        words = _UNIT_AFTER.match(after) if letter is None and word is None else None
        if words is not None and not offered_after_it and not _OFFERED_AFTER.match(after, words.end()):
            same_unit = unit is not None and unit.group().strip().lower() == words.group().strip().lower()
            if not same_unit and (cue is None or unit is None):
                continue  # (a number with another unit: a conversion, "12 hours, or 720 minutes"; or a count)
        if offered_after_it or _OPENED_BY_CONDITION.fullmatch(sentence) or cue is not None and (
                stated or cue.group("stated") is None or _CONDITION_IN.search(sentence)):
            return other  # (another answer stated under a condition is offered: "If 0 counts, the answer is 6")
    return ""


_BLANK_RUN = re.compile(r"[ \t]{2,}|\t")
_CLOSES = re.compile(r"[ \t]{0,8}(?:\$|\\[)\]])")
"""The formula holding a box closes right after it (then :data:`BOX_OPERATIONS_AFTER` may follow)."""


def _operated_after(text: str, end: int) -> bool:
    """Words after the box ending at ``end`` go on with an operation on it (:data:`_OPERATED_AFTER`, read in the next
    80 characters), each run of blanks read as one space: hidden text (a comment, a phantom) is blanked before the
    rules read it, and "$\\boxed{5}$<!-- ... --> times 2" renders "5 times 2"."""
    if _OPERATED_AFTER.match(text, end, end + 80) is not None or (
            _CLOSES.match(text, end) is not None and _BOX_OPERATED_AFTER.match(text, end, end + 80) is not None):
        return True
    window = text[end:end + 80]
    if "  " not in window and "\t" not in window:
        return False  # (most boxes: the 80 characters were read as they are)
    stop = end + 80
    loose = _BLANK_RUN.sub(" ", window)
    while len(loose) < 80 and stop < len(text):  # (runs were shortened: read on)
        loose = _BLANK_RUN.sub(" ", loose + text[stop:stop + 80])
        stop += 80
    return _OPERATED_AFTER.match(loose, 0, 80) is not None


def box_refusal(text: str, start: int, end: int, content_start: int, content_end: int,
                formula: Formula = _no_formula) -> Optional[Tuple[Refusal, str]]:
    """Why the box ``text[start:end]`` (content ``text[content_start:content_end]``; ``formula`` finds the math
    environment holding it) is not a committed answer, and the other value a hedge names (or ""); None when it is
    committed."""
    if _HIDDEN.search(text, content_start, content_end):
        return ("answer.hidden", "its content is hidden when rendered (\\phantom, white text)"), ""
    if text[content_start:content_end].rstrip(" \t}$)）").endswith(("?", "？")):
        return ("answer.question", "it is asked, not stated (a question mark ends it)"), ""
    rest, rest_end = _after(text, end)  # (every check after the box reads this copy: "$\\boxed{7}$\nsquared")
    if _partial(text, start, end, formula) or _operated_after(rest, rest_end):
        return ("answer.partial_expression", "the box is a piece of a longer expression, not the whole answer"), ""
    found = _before_refusal(sentence_before(text, start))
    if found is None and _doubted_before(text, start):
        found = "answer.hedged", _DOUBTED_WHY
    if found is None and _reconsidering(text, end):
        found = "answer.hedged", _RECONSIDERING_WHY
    text, end = rest, rest_end
    if _WITHDRAWN.match(text, end) is not None:
        return ("answer.withdrawn", "the text calls it wrong"), ""
    if found is not None:
        return found, ""
    if asked(text, end):
        return ("answer.question", "it is asked, not stated"), ""
    if _supposed_after(text, end):
        return ("answer.supposed", "it is a supposition or a trial, not a conclusion"), ""
    if _unfinished(text, end):
        return ("answer.supposed", _UNFINISHED_WHY), ""
    return hedged_after(text, end)


_VALUE_TAIL = re.compile(r"(?:[.,]?\d)*[ \t]*(?:\$\$?|\\\)|\\\])?[)）\]]*")
"""The rest of a value read up to ``value_end`` ("42" of "42.0"), and what closes it (a formula, a bracket)."""


def refused_after_value(text: str, value_end: int) -> Optional[Tuple[Refusal, int]]:
    """A withdrawal, or a doubt naming no value, right after a second value offered after an answer (the value ends at
    ``value_end``): "$\\boxed{42}$ or 42.0. Wait, that's wrong.", "..., or maybe 42.0 (a guess)"; with where the value
    and what closes it end. A second value equal to the answer does not shield the words after it."""
    tail = _VALUE_TAIL.match(text, value_end)
    value_end = tail.end() if tail is not None else value_end
    rest, rest_end = _after(text, value_end)
    if _WITHDRAWN.match(rest, rest_end) is not None:
        return ("answer.withdrawn", "the text calls it wrong"), value_end
    hedge = hedged_after(rest, rest_end)
    return (hedge[0], value_end) if hedge is not None and not hedge[1] else None



_DOUBT_WITHIN = re.compile(r"[(\[][^()\[\]\n]{0,40}?(?<![A-Za-z])" + _DOUBT + r"|[,;—–][ \t]*" + _CONCEDED_DOUBT, re.I)
"""A phrase of doubt inside the answer taken after a phrase, in brackets or after a comma ("42 (I could be wrong)",
"42, just a guess")."""
_LABELLED_WRONG = Gate(re.compile(
    r"\b(?:wrong|incorrect|false|invalid|rejected|not the)[ \t]*$|(?:错误|错误的|不正确的?)[ \t]*$", re.I))
_NEGATED_ANSWER = re.compile(
    r"(?:not|isn't|n't|nicht|kein|no[ \t]+es|n'est[ \t]+pas|не|não)(?![^\W\d_])|不是|并非|不为|不等于|ではない", re.I)
"""An answer region that starts by negating itself ("the answer is not 7", "die Antwort ist nicht 7")."""


_INNER_STOP = re.compile(r"[(,（，]")
_LEADING_FORMULA = re.compile(r"[ \t]*\$[^$\n]{1,80}\$")
"""Where words about an answer may start inside its region ("7 (just kidding)", "7, which is wrong")."""


def _inner_stops(text: str, answer_start: int, answer: str, end: int) -> List[int]:
    """Where words about an answer may start inside its region: right after its value, and at each bracket or
    comma ("7 squared", "7 (just kidding)", read as 7)."""
    value = answer.strip().rstrip(",;:.")
    at = text.find(value, answer_start, end) if value else -1
    stops = [at + len(value)] if 0 <= at and at + len(value) < end else []
    formula = _LEADING_FORMULA.match(text, answer_start, end)  # ("$42$ isn't correct": the words after the formula)
    if formula is not None and formula.end() < end:
        stops.append(formula.end())
    return stops + [m.start() for m in _INNER_STOP.finditer(text, answer_start, end)]


def _called_off_within(text: str, stops: List[int]) -> Optional[Refusal]:
    """:func:`_called_off` inside the answer's region, at each of its :func:`_inner_stops`."""
    for pos in stops:
        found = _called_off(*_after(text, pos))  # (read as the checks after an answer read: runs of blanks once)
        if found is not None:
            return found
    return None


def _hedged_inside(text: str, stops: List[int]) -> Optional[Refusal]:
    """A hedge naming no other value at one of the answer region's :func:`_inner_stops` ("7 (placeholder)", "7 (I
    think)"). (One naming another value, "7, or perhaps 9", makes a phrase's answer two: see ``_rules.phrases``.)"""
    for pos in stops:
        hedge = hedged_after(*_after(text, pos))
        if hedge is not None and not hedge[1]:
            return hedge[0]
    return None


def _called_off(text: str, end: int) -> Optional[Refusal]:
    """What the words right after an answer ending at ``end`` do to it: take it back ("7, which is wrong", "7, just
    kidding", "7. Scratch that.") or apply an operation to it ("7 squared", "7 minus one"); None when neither."""
    if _WITHDRAWN.match(text, end):
        return "answer.withdrawn", "the text calls it wrong"
    if _OPERATED_AFTER.match(text, end, end + 80):
        return "answer.partial_expression", "the words after it apply an operation to it"
    return None


def phrase_refusal(text: str, phrase_start: int, answer_start: int, answer: str,
                   end: int, stated: bool = True) -> Optional[Tuple[Refusal, str]]:
    """Why the answer after a final-answer phrase (the phrase starts at ``phrase_start``; the answer ``answer``
    spans ``answer_start`` to ``end``) is not a committed answer; None when it is. ``stated=False`` (for the phrase
    rules) leaves another answer stated later to the ranking of the rules (see :func:`offered_after`)."""
    if _HIDDEN.search(answer):  # (as for a box: "The answer is $\color{white}{7}$" shows no 7)
        return ("answer.hidden", "its content is hidden when rendered (\\phantom, white text)"), ""
    if _LABELLED_WRONG.search(text, max(0, phrase_start - 20), phrase_start):
        return ("answer.withdrawn", "the phrase labels it wrong"), ""
    original = text  # (the checks after the answer may read a copy)
    if _NEGATED_ANSWER.match(_unmarked(answer) if _marked(answer) else answer):
        return ("answer.withdrawn", "the text negates it"), ""  # ("the answer is not 7", "is **not** 7")
    if _HEDGE_LEAD.match(answer) or _HEDGE_TAIL.search(text, answer_start, end):
        return ("answer.hedged", "the sentence hedges it"), ""
    before = sentence_before(text, answer_start)
    doubted_before = _doubted_before(text, phrase_start)
    last = end == len(text) or (len(text) - end <= 8 and text[end:].isspace())  # (nothing after it to read)
    reconsidering = not last and _reconsidering(text, end)
    # (both read from the answer's start, so before _after, whose copy starts at the answer's end: in a language
    # written without spaces the answer runs on to the end of its sentence, so "答えは 7 と仮定する" holds its verb
    # of supposing; "The answer is 42 (I could be wrong).")
    supposed = _supposed_after(text, answer_start)
    doubted = _DOUBT_WITHIN.search(text, answer_start, end) is not None
    stops = _inner_stops(text, answer_start, answer, end)
    taken_back = _called_off_within(text, stops)
    hedged_inside = _hedged_inside(text, stops)
    if not last:
        text, end = _after(text, end)  # (made once: every check after the answer reads this copy)
        taken_back = taken_back or _called_off(text, end)
    if taken_back is not None:
        return taken_back, ""
    if not last and asked(text, end):
        return ("answer.question", "it is asked, not stated"), ""
    found = _before_refusal(before)
    if found is not None:
        return found, ""
    if doubted_before:
        return ("answer.hedged", _DOUBTED_WHY), ""
    if reconsidering:
        return ("answer.hedged", _RECONSIDERING_WHY), ""
    if supposed:
        return ("answer.supposed", "it is a supposition or a trial, not a conclusion"), ""
    if not last and _unfinished(text, end):
        return ("answer.supposed", _UNFINISHED_WHY), ""
    if doubted:
        return ("answer.hedged", "a hedge follows it"), ""
    if hedged_inside is not None:
        return hedged_inside, ""
    hedge = None if last else hedged_after(text, end)
    if hedge is not None and hedge[1]:  # (a value named: the words after it are read too, as after a box's)
        at = text.find(hedge[1], end)
        later = refused_after_value(text, at + len(hedge[1])) if at >= 0 else None
        if later is not None:
            return later[0], ""
    lead = None if hedge is not None else _LEADING_NUMBER.match(original, answer_start)
    other = offered_after(original, lead.end(), lead.group(1) or lead.group(2) or lead.group(3), stated) if lead else ""
    if other:  # ("The answer is 5 (6 if 0 counts)", "#### 5\n\nP.S. 6 also works.")
        return ("answer.hedged", f"another value is offered after it ({other})"), other
    return hedge
