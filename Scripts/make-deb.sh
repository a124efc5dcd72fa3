#!/usr/bin/env bash
# Builds dist/chart2midi_VERSION_ARCH.deb from the release build (`make deb` makes it first): the
# program with the Swift runtime linked in, its soundfont, man page and completions, installed as
# `make install PREFIX=/usr` puts them, with Depends found from the binary by dpkg-shlibdeps.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/chart2midi
version=$("$bin" --version)
arch=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-"chart2midi <chart2midi@example.org>"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
make --no-print-directory -s install-files DESTDIR="$root" PREFIX=/usr CONFIG=release >/dev/null
# Debian's way: a stripped binary, a compressed man page, a copyright file.
strip --strip-unneeded "$root/usr/bin/chart2midi"
gzip -9n "$root/usr/share/man/man1/chart2midi.1"
install -d "$root/usr/share/doc/chart2midi"
cat > "$root/usr/share/doc/chart2midi/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: chart2midi

Files: *
Copyright: the chart2midi authors
License: not stated by the project yet

Files: usr/share/chart2midi/chart2midi.sf2
Copyright: the chart2midi authors
License: CC0-1.0
 The project's soundfont is made by the project's own code and dedicated to the public domain.
COPYRIGHT
gzip -9n -c CHANGELOG.md > "$root/usr/share/doc/chart2midi/changelog.gz"
# The libraries the binary loads, as Debian packages with their versions.
mkdir -p "$work/src/debian"
printf 'Source: chart2midi\n\nPackage: chart2midi\nArchitecture: any\n' > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$root/usr/bin/chart2midi" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "dpkg-shlibdeps found no dependencies of $bin" >&2; exit 1; }
install -d "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<CONTROL
Package: chart2midi
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: sound
Priority: optional
Description: turn charts into sound: MIDI, audio stems, captions
 chart2midi maps a chart (a chart descriptor as JSON, a CSV file or a
 Vega-Lite specification) to music: x to time, y to pitch, a numeric
 axis to note length and a categorical axis to instrument. It writes a
 Standard MIDI File, renders it through FluidSynth to a mix and one stem
 per series, and makes captions, narration, sessions, web pages and
 listening exercises.
CONTROL
mkdir -p dist
deb=dist/chart2midi_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb.tmp" >/dev/null
mv "$deb.tmp" "$deb"
echo "wrote $deb ($(du -h "$deb" | cut -f1)), Depends: $depends"
