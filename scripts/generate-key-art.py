#!/usr/bin/env python3
"""Writes the built-in tour's key art, Assets/art/keys.txt and one keys.LANG.txt per language the
deck speaks, which Assets/default-deck.json names under its second page's "image":

    python3 scripts/generate-key-art.py

Each key is a box with its label centred under it; a label wider than its box widens its column,
so every language lines up however long its words are. Right to left (ar, he) the Left arrow
turns to the next page and the Right arrow to the one before, as in the app, so their labels
swap; the boxes keep their places, as the keys on a keyboard do. The English art is the one the
deck had before it spoke other languages, byte for byte.
"""

import os
import sys
import unicodedata

ASSETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "art")

ENGLISH = dict(
    left="back", right="next", space="next", home="first", end="last", jump="jump to a page", help="help",
    quit="quit")

LANGUAGES = {
    "de": dict(
        left="zurück", right="weiter", space="weiter", home="erste", end="letzte", jump="direkt zu einer Seite",
        help="Hilfe", quit="beenden"),
    "fr": dict(
        left="retour", right="suivant", space="suivant", home="première", end="dernière", jump="aller à une page",
        help="aide", quit="quitter"),
    "es": dict(
        left="atrás", right="siguiente", space="siguiente", home="primera", end="última", jump="ir a una página",
        help="ayuda", quit="salir"),
    "it": dict(
        left="indietro", right="avanti", space="avanti", home="prima", end="ultima", jump="vai a una pagina",
        help="aiuto", quit="esci"),
    "pt-BR": dict(
        left="voltar", right="próximo", space="próximo", home="primeira", end="última", jump="ir para uma página",
        help="ajuda", quit="sair"),
    "pl": dict(
        left="wstecz", right="dalej", space="dalej", home="pierwsza", end="ostatnia", jump="skok do strony",
        help="pomoc", quit="zakończ"),
    "ru": dict(
        left="назад", right="далее", space="далее", home="первая", end="последняя", jump="переход к странице",
        help="справка", quit="выход"),
    "ja": dict(left="戻る", right="次へ", space="次へ", home="最初", end="最後", jump="ページへ移動", help="ヘルプ", quit="終了"),
    "ko": dict(left="이전", right="다음", space="다음", home="처음", end="마지막", jump="페이지로 이동", help="도움말", quit="종료"),
    "zh-Hans": dict(
        left="上一步", right="下一步", space="下一步", home="首页", end="末页", jump="跳到某一页", help="帮助", quit="退出"),
    # Right to left: Left turns to the next page, Right to the one before.
    "ar": dict(
        left="التالي", right="رجوع", space="التالي", home="الأولى", end="الأخيرة", jump="انتقل إلى صفحة",
        help="مساعدة", quit="إنهاء"),
    "he": dict(left="הבא", right="חזרה", space="הבא", home="ראשון", end="אחרון", jump="מעבר לדף", help="עזרה", quit="יציאה"),
}


def width(text):
    """Columns a terminal gives the text: wide East Asian characters take two, marks none."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1
               for c in text)


def box(key, inner=None):
    inner = width(key) + 2 if inner is None else inner
    pad = inner - width(key)
    return ["╭" + "─" * inner + "╮", "│" + " " * (pad // 2) + key + " " * (pad - pad // 2) + "│",
            "╰" + "─" * inner + "╯"]


def centred(text, columns, bias):
    pad = columns - width(text)
    left = (pad + bias) // 2
    return " " * left + text + " " * (pad - left)


def column(lines, label, bias=0):
    """A key (or a group of keys) over its label, as wide as the wider of the two."""
    columns = max(width(lines[0]), width(label))
    return [centred(line, columns, bias) for line in lines] + [centred(label, columns, bias)], columns, width(lines[0])


def joined(columns, gaps):
    """Columns side by side, two labels always at least two spaces apart: a single space would
    make two right-to-left labels one phrase, which the app would read as such."""
    rows = ["", "", "", ""]
    for index, (lines, _, _) in enumerate(columns):
        for row in range(4):
            rows[row] += lines[row]
        if index < len(gaps):
            label, following = lines[3], columns[index + 1][0][3]
            apart = len(label) - len(label.rstrip()) + gaps[index] + len(following) - len(following.lstrip())
            gap = gaps[index] + max(0, 2 - apart)
            for row in range(4):
                rows[row] += " " * gap
    return [row.rstrip() for row in rows]


def art(labels):
    first = joined(
        [column(box("←"), labels["left"], 1), column(box("→"), labels["right"], 1),
         column(box("Space", 9), labels["space"]), column(box("Home"), labels["home"]),
         column(box("End"), labels["end"])],
        [1, 3, 3, 1])
    one, two, nine = box("1"), box("2"), box("9")
    group = [one[row] + " " + two[row] + (" ··· " if row == 1 else "     ") + nine[row] for row in range(3)]
    second = joined(
        [column(group, labels["jump"]), column(box("?"), labels["help"]), column(box("q"), labels["quit"])], [7, 1])
    return "\n".join(first + [""] + second) + "\n"


def main():
    files = {"keys.txt": art(ENGLISH)}
    files.update({"keys.%s.txt" % language: art(labels) for language, labels in LANGUAGES.items()})
    for name, text in files.items():
        with open(os.path.join(ASSETS, name), "w", encoding="utf-8") as out:
            out.write(text)
    print("wrote %d files into %s" % (len(files), os.path.normpath(ASSETS)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
