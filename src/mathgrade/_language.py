"""Which convention for decimals an output's language follows: ``2,74`` is 2.74 in French, German, Russian, Spanish
(and most of continental Europe and Latin America), and the list 2, 74 (or 274, with a thousands comma) in English.

:func:`uses_decimal_comma` counts the common words of each language in the prose of the output (math removed), and
a few typographic habits (French puts a space before ``:``; Cyrillic script): the output uses decimal commas when
those of decimal-comma languages outnumber English ones. It is called only when an answer or gold holds a number
with a comma, and reads at most the last :data:`_WINDOW` characters.
"""

from __future__ import annotations

import re

__all__ = ["uses_decimal_comma"]

_WINDOW = 3000
_MATH = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|\\\(.*?\\\)|\\\[.*?\\\]|\\boxed\s*\{[^{}]*\}", re.S)
_ENGLISH = re.compile(r"\b(?:the|is|are|and|we|so|of|to|answer|therefore|thus|that|with|for|this|then|which|"
                      r"final|total|each|has|have|get|find)\b", re.I)
_DECIMAL_COMMA_WORDS = re.compile(
    r"\b(?:le|les|est|donc|nous|une|des|réponse|alors|avec|pour|sont|c'est|"  # fr
    r"der|die|das|ist|und|wir|nicht|mit|für|antwort|also|eine|den|dem|ergibt|"  # de
    r"el|los|las|es|por|una|respuesta|entonces|con|para|luego|"  # es
    r"il|della|risposta|quindi|allora|sono|"  # it
    r"os|resposta|então|são|não|"  # pt
    r"het|een|antwoord|dus|"  # nl
    r"jest|wynosi|odpowiedź|więc)\b", re.I)  # pl
_ACCENTED = re.compile(r"[àâçéèêëîïôûùüÿñáíóúãõäößœ]", re.I)
_FRENCH_SPACING = re.compile(r"\w [:;!?](?:\s|$)")
_CYRILLIC = re.compile(r"[а-яА-ЯёЁ]")


def uses_decimal_comma(output: str) -> bool:
    """Whether the prose of ``output`` is in a language that writes decimals with a comma."""
    prose = _MATH.sub(" ", output[-_WINDOW:])
    if len(_CYRILLIC.findall(prose)) >= 3:
        return True
    english = len(_ENGLISH.findall(prose))
    other = len(_DECIMAL_COMMA_WORDS.findall(prose)) + len(_FRENCH_SPACING.findall(prose))
    other += min(2, len(_ACCENTED.findall(prose)))
    return other > english
