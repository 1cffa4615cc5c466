#!/bin/sh
# Installs the Debian packages a make target needs when some are missing.
# Run as root it calls apt-get (update first, once); otherwise it only says
# what is missing. Nothing is done when everything is present.
#   scripts/deps.sh            build + tests (make demo, make test; the SuperH
#                              cross tools and qemu-user run engine/ on a big-endian CPU)
#   scripts/deps.sh fuzz       also clang, for the libFuzzer targets (make fuzz)
#   scripts/deps.sh bench      also the benchmark's peers (make bench)
set -eu
pkgs="cmake make gcc pkg-config libc6-dev libcmocka-dev libjansson-dev libspng-dev libstb-dev zlib1g-dev libgif-dev libdeflate-dev libmeshoptimizer-dev libxxhash-dev gcc-sh4-linux-gnu binutils-sh-elf qemu-user python3"
case "${1:-}" in
  "") ;;
  # clang is half of the whole set-up (258 MiB): only make fuzz needs it.
  fuzz) pkgs="$pkgs clang" ;;
  bench) pkgs="$pkgs assimp-utils bc libimagequant-dev libtinyobjloader-dev g++ valgrind time" ;;
  *) echo "usage: scripts/deps.sh [fuzz|bench]" >&2; exit 2 ;;
esac
missing=""
for p in $pkgs; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "deps: installing:$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $missing >/dev/null
else
  echo "deps: missing Debian packages:$missing" >&2
  echo "deps: install them with: sudo apt-get install$missing" >&2
  exit 1
fi
