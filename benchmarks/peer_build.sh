#!/bin/sh
# Builds the Rust octal solver of rogalski-wmii-uni-lodz-pl/octal (the peer of
# benchmarks/peer_ratio.py) without crates.io: its dependencies come from Debian's
# packaged crate sources, and bitvec (not packaged) with its own dependencies funty,
# radium and wyz from their git repositories at the released versions.
#
#   sh benchmarks/peer_build.sh            # the solver at $PEER/target/release/octal
#
# PEER (default /tmp/peer): where the solver is cloned and built; DEPS (default
# /tmp/peer-deps): the four crates taken from git.  The *_REPO variables name git
# repositories (local mirrors or URLs) of the solver and of those crates.
set -eu
PEER=${PEER:-/tmp/peer}
DEPS=${DEPS:-/tmp/peer-deps}
MIRROR=${MIRROR:-/work/.mirror}
OCTAL_REPO=${OCTAL_REPO:-$MIRROR/rogalski-wmii-uni-lodz-pl+octal/repo}
BITVEC_REPO=${BITVEC_REPO:-$MIRROR/ferrilab+bitvec/repo}
FUNTY_REPO=${FUNTY_REPO:-$MIRROR/ferrilab+funty/repo}
RADIUM_REPO=${RADIUM_REPO:-$MIRROR/ferrilab+radium/repo}
WYZ_REPO=${WYZ_REPO:-$MIRROR/myrrlyn+wyz/repo}
HERE=$(cd "$(dirname "$0")" && pwd)

# The crates Debian packages (sources under /usr/share/cargo/registry).
apt-get install -y librust-cfg-if-dev librust-glob-dev librust-phf-dev \
    librust-phf-macros-dev librust-serde-dev librust-serde-derive-dev \
    librust-serde-json-dev librust-tap-dev >/dev/null

rm -rf "$PEER" "$DEPS"
git clone -q "$OCTAL_REPO" "$PEER"
git -C "$PEER" checkout -q 9841c1e
mkdir -p "$DEPS/bitvec" "$DEPS/funty" "$DEPS/radium" "$DEPS/wyz"
# bitvec 1.0.1 wants funty ^2, radium 0.7 and wyz 0.5: these commits are those releases.
git -C "$BITVEC_REPO" archive 440f4e6 | tar -x -C "$DEPS/bitvec"
git -C "$FUNTY_REPO" archive 25ca048 | tar -x -C "$DEPS/funty"
git -C "$RADIUM_REPO" archive 723bed5 | tar -x -C "$DEPS/radium"
git -C "$WYZ_REPO" archive refs/tags/v0.5.1 | tar -x -C "$DEPS/wyz"

cd "$PEER"
# Debian's versions where they differ from the solver's (all semver-compatible but
# phf, 0.10 for 0.11: phf_map! is the same there); bitvec's chain from the paths above.
sed -i \
    -e "s|^bitvec = \"1\"|bitvec = { path = \"$DEPS/bitvec\" }|" \
    -e 's|^glob = "0.3.1"|glob = "0.3.0"|' \
    -e 's|version = "0.11.1", features|version = "0.10.1", features|' \
    -e 's|version = "1.0.154", features|version = "1.0.152", features|' \
    -e 's|^serde_json = "1.0.94"|serde_json = "1.0.87"|' \
    Cargo.toml
cat >> Cargo.toml <<TOML

[patch.crates-io]
funty = { path = "$DEPS/funty" }
radium = { path = "$DEPS/radium" }
wyz = { path = "$DEPS/wyz" }
TOML
mkdir -p .cargo
cat > .cargo/config.toml <<'TOML'
[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "/usr/share/cargo/registry"

[net]
offline = true
TOML
# One addition, outside the computation: OCTAL_VALUES=FILE writes the values it computed
# (heaps 0..N-1, little-endian u16) after its run, so they can be compared heap by heap.
git apply "$HERE/peer/values.patch"
cargo build --release
echo "built: $PEER/target/release/octal"
