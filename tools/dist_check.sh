#!/bin/sh
# Build the sdist and the wheel (the wheel from the sdist, as installers do), install the
# wheel into a fresh virtual environment outside the checkout, and try it there with
# tools/smoke_installed.py: as the user nobody with HOME=/nonexistent when run as root, so
# that nothing can be written next to the package or in a home directory.
#
#     PYTHON=.venv/bin/python sh tools/dist_check.sh
set -eu
PYTHON=${PYTHON:-python3}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-dist.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

rm -rf "$root/dist"
if ! "$PYTHON" -m build --outdir "$root/dist" "$root" >"$work/build.log" 2>&1; then
    cat "$work/build.log"
    exit 1
fi
echo "built: $(cd "$root/dist" && echo *)"

# The environment's interpreter must be one the user nobody may run: the build's own may
# live in root's home, Debian's python3 (with python3-venv) is everyone's.
venv_python=$PYTHON
if [ "$(id -u)" = 0 ] && ! runuser -u nobody -- "$PYTHON" -c "" 2>/dev/null; then
    venv_python=/usr/bin/python3
fi
"$venv_python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "$root"/dist/grundy-*.whl
mkdir "$work/dist"
cp "$root"/dist/* "$root/tools/smoke_installed.py" "$work/dist/"
chmod -R a+rX "$work"

cd "$work"
if [ "$(id -u)" = 0 ]; then
    as_user="runuser -u nobody --"
else
    as_user=""
fi
# A clean environment: no variable of the caller's (a cache directory, a PYTHONPATH) helps.
$as_user env -i PATH="$work/venv/bin:/usr/local/bin:/usr/bin:/bin" HOME=/nonexistent \
    LANG=C.UTF-8 "$work/venv/bin/python" -I "$work/dist/smoke_installed.py" "$work/dist"
