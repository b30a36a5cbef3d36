# shellcheck shell=bash
# Sourced by scripts/run and scripts/test: the one set-up of .venv, for a new user's machine.
#
# - Needs only Python >= 3.11 with its venv module (python3-venv on Debian): no compiler, no
#   -dev package. Flatpak support uses the distribution's own PyGObject (`gi`, with libflatpak's
#   typelib): the venv sees the system's `gi` package and nothing else of the system's
#   site-packages (a .pth file naming a folder that holds one link, `gi`). PyPI's PyGObject
#   (`pip install -e '.[flatpak]'`, needs a compiler and -dev packages) is used instead when the
#   venv has it, since the venv's own packages come first on sys.path.
# - A venv is ready when its stamp (.venv/.appcenter-ready) names this pyproject.toml and the
#   extras asked for, and its python still runs; a later run checks that without starting
#   Python. A .venv without a stamp was left half-made (an interrupted first run): it is made
#   again, never reused broken.
# - pip's output goes to .venv/setup.log and is shown only when it fails.

VENV=.venv
STAMP=$VENV/.appcenter-ready
PYTHON=${PYTHON:-python3}

_say() { printf '%s\n' "$*" >&2; }

# One line and exit 2 when the Python or its venv module is not there.
venv_require_python() {
    local who=$1 version
    if ! command -v "$PYTHON" >/dev/null 2>&1; then
        _say "$who: no $PYTHON on PATH; appcenter-qt needs Python 3.11 or newer (set PYTHON=…)."
        exit 2
    fi
    version=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        _say "$who: appcenter-qt needs Python 3.11 or newer; $PYTHON is $version" \
            "(set PYTHON=python3.11 or newer)."
        exit 2
    fi
    if ! "$PYTHON" -c 'import ensurepip, venv' 2>/dev/null; then
        _say "$who: $PYTHON $version has no venv module; install it (Debian: sudo apt install" \
            "python3-venv)."
        exit 2
    fi
}

_venv_stamp() {  # what a ready venv's stamp says for EXTRAS
    printf 'pyproject %s\nextras %s\npython %s\n' "$(sha256sum pyproject.toml | cut -d' ' -f1)" \
        "$1" "$("$PYTHON" -c 'import sys; print(sys.version.split()[0], sys.prefix)')"
}

_venv_quick_stamp() {  # the stamp's first two lines, without starting Python
    printf 'pyproject %s\nextras %s\n' "$(sha256sum pyproject.toml | cut -d' ' -f1)" "$1"
}

# The venv sees the system's `gi` (PyGObject) and nothing else of the system's packages.
venv_link_system_gi() {
    local site gi_dir
    # Linked already and still there: nothing to do (no Python started on a later run).
    [ -f "$VENV/system-gi/gi/__init__.py" ] && return 0
    site=$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    gi_dir=$("$VENV/bin/python" -I -S scripts/lib/find_system_gi.py 2>/dev/null || true)
    if [ -n "$gi_dir" ]; then
        mkdir -p "$VENV/system-gi"
        ln -sfn "$gi_dir" "$VENV/system-gi/gi"
        printf '%s\n' "$PWD/$VENV/system-gi" >"$site/appcenter-system-gi.pth"
    else
        rm -f "$VENV/system-gi/gi" "$site/appcenter-system-gi.pth"
    fi
}

# Make .venv ready for EXTRAS (comma-separated), quietly; set up again what is missing.
venv_ensure() {
    local who=$1 extras=$2 want have=""
    [ -f "$STAMP" ] && have=$(cat "$STAMP")
    # A later run: the stamp covers what is wanted, checked without starting Python (the
    # venv's python is a link to the interpreter that made it: gone when that one is).
    if [ -x "$VENV/bin/python" ] && { [ "${APPCENTER_SKIP_INSTALL:-0}" = 1 ] ||
        _venv_covers "$have" "$(_venv_quick_stamp "$extras")"; }; then
        venv_link_system_gi
        return 0
    fi
    venv_require_python "$who"
    want=$(_venv_stamp "$extras")
    if [ -e "$VENV" ] && [ -z "$have" ]; then
        _say "$who: .venv was left half-made (an interrupted first run?); making it again."
        rm -rf "$VENV"
    elif [ -e "$VENV" ] && ! "$VENV/bin/python" -c '' 2>/dev/null; then
        _say "$who: .venv's Python no longer runs (the system's Python changed?); making it again."
        rm -rf "$VENV"
    fi
    if [ ! -e "$VENV" ]; then
        _say "Setting up appcenter-qt in .venv (first run, about a minute)…"
        "$PYTHON" -m venv "$VENV"
    else
        _say "Updating .venv (pyproject.toml or the extras changed)…"
    fi
    rm -f "$STAMP"  # interrupted from here on: made again next time
    if ! "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input \
        -e ".[$extras]" >"$VENV/setup.log" 2>&1; then
        _say "$who: installing appcenter-qt into .venv failed; the last lines of $VENV/setup.log:"
        tail -n 20 "$VENV/setup.log" >&2
        exit 1
    fi
    venv_link_system_gi
    printf '%s\n' "$want" >"$STAMP"
}

# A stamp covers what is wanted when Python and pyproject.toml are the same and its extras
# include every wanted one (a test venv serves scripts/run too).
_venv_covers() {
    local have=$1 want=$2 extra have_extras
    [ -n "$have" ] || return 1
    [ "$(printf '%s\n' "$have" | head -n 1)" = "$(printf '%s\n' "$want" | head -n 1)" ] || return 1
    have_extras=",$(printf '%s\n' "$have" | sed -n 's/^extras //p'),"
    for extra in $(printf '%s\n' "$want" | sed -n 's/^extras //p' | tr ',' ' '); do
        case $have_extras in *",$extra,"*) ;; *) return 1 ;; esac
    done
}

# Compiled translations (.qm) are build products the app loads: make the ones older than
# their .ts (an editable install does not build them).
venv_build_translations() {
    local ts qm
    mkdir -p appcenter_qt/translations
    for ts in translations/*.ts; do
        qm="appcenter_qt/translations/$(basename "${ts%.ts}").qm"
        if [ "$ts" -nt "$qm" ]; then
            # renamed into place: a running window maps the .qm it loaded (update-translations)
            "$VENV/bin/pyside6-lrelease" -silent "$ts" -qm "$qm.new"
            mv -f "$qm.new" "$qm"
        fi
    done
}
