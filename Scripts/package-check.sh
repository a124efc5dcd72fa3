#!/usr/bin/env bash
# Proves the package on a new Debian 12: a minimal root made by debootstrap (kept as a tarball in
# .build/package-check, made again when missing) with the apt sources of Debian's slim image, the
# Containerfile's steps run in it (COPY from dist/, RUN in a chroot with /proc mounted, USER and
# WORKDIR honoured; FROM is the root itself), then the image's entry point: `--version`, the
# cars example converted to MIDI, a mix and stems, each file checked, and `serve` answering on
# loopback. Runs as root.
set -euo pipefail
cd "$(dirname "$0")/.."
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=.build/package-check
base=$cache/bookworm-minbase.tar
debs=(dist/chart2midi_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || { echo "dist/ must hold one chart2midi .deb: run make deb" >&2; exit 1; }
deb=${debs[0]}
mkdir -p "$cache"
if [ ! -f "$base" ]; then
  echo "== a minimal Debian 12 root (debootstrap --variant=minbase bookworm, $mirror)"
  rm -rf "$cache/bootstrap"
  debootstrap --variant=minbase bookworm "$cache/bootstrap" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
    { tail -20 "$cache/debootstrap.log" >&2; exit 1; }
  tar -C "$cache/bootstrap" -cf "$base.tmp" . && mv "$base.tmp" "$base"
  rm -rf "$cache/bootstrap"
fi
root=$(mktemp -d "$PWD/$cache/root.XXXXXX")
server=
cleanup() {
  [ -z "$server" ] || kill $(cat "/proc/$server/task/$server/children" 2>/dev/null) 2>/dev/null || true
  umount "$root/proc" 2>/dev/null || true
  rm -rf "$root"
}
trap cleanup EXIT
tar -C "$root" -xf "$base"
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# The sources of Debian's bookworm-slim image: the release, its updates and security.
rm -f "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${mirror%/debian}/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES

# The Containerfile's steps, one instruction at a time (continued lines joined).
user=0:0
home=/root
workdir=/
entrypoint='[]'
command='[]'
in_root() {
  chroot --userspec="$user" "$root" /usr/bin/env -i HOME="$home" PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    /bin/sh -c "cd '$workdir' && $1"
}
while IFS= read -r instruction; do
  keyword=${instruction%% *}
  argument=${instruction#* }
  case "$keyword" in
    FROM) echo "== FROM $argument: the debootstrap root" ;;
    COPY)
      read -r -a parts <<<"$argument"
      target=${parts[-1]}
      for source in "${parts[@]:0:${#parts[@]}-1}"; do
        # shellcheck disable=SC2086 # the source is a glob in the build context, dist/
        cp dist/$source "$root$target"
      done
      echo "== COPY $argument" ;;
    RUN)
      echo "== RUN $argument"
      in_root "$argument" >"$cache/run.log" 2>&1 || { tail -30 "$cache/run.log" >&2; exit 1; }
      grep -h "newly installed" "$cache/run.log" || true ;;
    USER)
      ids=$(awk -F: -v name="$argument" '$1 == name { print $3 ":" $4 ":" $6 }' "$root/etc/passwd")
      [ -n "$ids" ] || { echo "USER $argument: no such user in the root" >&2; exit 1; }
      user=${ids%:*}
      home=${ids##*:}
      echo "== USER $argument ($user)" ;;
    WORKDIR) workdir=$argument; mkdir -p "$root$workdir"; echo "== WORKDIR $argument" ;;
    ENTRYPOINT) entrypoint=$argument ;;
    CMD) command=$argument ;;
    *) echo "the Containerfile's $keyword is not run here" >&2; exit 1 ;;
  esac
done < <(sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' Containerfile | sed -e ':a' -e '/\\$/N; s/\\\n//; ta')
entry=$(python3 -c 'import json, shlex, sys; print(shlex.join(json.loads(sys.argv[1])))' "$entrypoint")
[ -n "$entry" ] || { echo "the Containerfile has no ENTRYPOINT" >&2; exit 1; }

echo "== installed"
in_root "dpkg-query -W -f='\${Package} \${Version}, Depends: \${Depends}\n' chart2midi"
missing=$(in_root "ldd /usr/bin/chart2midi" | grep 'not found' || true)
[ -z "$missing" ] || { echo "libraries not found: $missing" >&2; exit 1; }
version=$(in_root "$entry --version")
expected=$(dpkg-deb -f "$deb" Version)
echo "$entry --version: $version"
[ "$version" = "$expected" ] || { echo "--version says $version, the package $expected" >&2; exit 1; }

# One SOURCE_DATE_EPOCH for both renders compared below: a WAV file's bext is otherwise dated by
# its render.
epoch=1700000000
echo "== SOURCE_DATE_EPOCH=$epoch $entry convert cars.json -o cars.mid --wav cars.wav --stems stems"
cp Examples/cars.json "$root$workdir/cars.json"
chown "$user" "$root$workdir/cars.json"
in_root "SOURCE_DATE_EPOCH=$epoch $entry convert cars.json -o cars.mid --wav cars.wav --stems stems" 2>&1 | tee "$cache/convert.log"
grep -qx "soundfont: /usr/share/chart2midi/chart2midi.sf2" "$cache/convert.log" ||
  { echo "the installed program did not render with its installed soundfont" >&2; exit 1; }
python3 - "$root$workdir" Examples/cars.json <<'PY'
import json, os, struct, sys
folder, chart = sys.argv[1], json.load(open(sys.argv[2]))

def wav(path):
    """Channels, rate, bits, seconds and the largest sample of a PCM or float WAV file."""
    data = open(path, "rb").read()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE", f"{path} is not a WAV file"
    position, fmt, body = 12, None, None
    while position + 8 <= len(data):
        tag, size = data[position:position + 4], struct.unpack("<I", data[position + 4:position + 8])[0]
        if tag == b"fmt ":
            fmt = struct.unpack("<HHIIHH", data[position + 8:position + 24])
        if tag == b"data":
            body = data[position + 8:position + 8 + size]
        position += 8 + size + size % 2
    assert fmt and body, f"{path} has no fmt or data chunk"
    kind, channels, rate, _, align, bits = fmt
    samples = len(body) // (bits // 8)
    if kind == 3 or (kind == 0xFFFE and bits == 32):
        values = struct.unpack(f"<{samples}f", body[:samples * 4])
    elif bits == 16:
        values = [v / 32768 for v in struct.unpack(f"<{samples}h", body[:samples * 2])]
    else:
        values = [int.from_bytes(body[i:i + 3], "little", signed=True) / 2**23 for i in range(0, len(body) - 2, 3)]
    return channels, rate, bits, len(body) / align / rate, max(abs(v) for v in values)

midi = open(os.path.join(folder, "cars.mid"), "rb").read()
assert midi[:4] == b"MThd" and midi[14:18] == b"MTrk", "cars.mid is not a Standard MIDI File"
form, tracks, division = struct.unpack(">HHH", midi[8:14])
print(f"cars.mid: format {form}, {tracks} tracks, {division} ticks a quarter note, {len(midi)} bytes")
channels, rate, bits, seconds, peak = wav(os.path.join(folder, "cars.wav"))
print(f"cars.wav: {channels} channels, {rate} Hz, {bits}-bit, {seconds:.2f} s, peak {peak:.3f}")
assert channels == 2 and seconds > 5 and 0.01 < peak <= 0.9, "the mix is not the chart's sound"
# The folder's own list of what chart2midi wrote there (`.chart2midi-files`) lies beside the stems.
stems = sorted(name for name in os.listdir(os.path.join(folder, "stems"))
               if not name.startswith("."))
listed = open(os.path.join(folder, "stems", ".chart2midi-files"), encoding="utf-8").read().splitlines()
assert listed == stems, f"the stems folder lists {listed}, holds {stems}"
names = [series["name"] for series in chart["series"]]
print(f"stems: {', '.join(stems)}")
assert len(stems) >= len(names), f"{len(stems)} stems for {len(names)} series"
for stem in stems:
    s_channels, _, _, s_seconds, s_peak = wav(os.path.join(folder, "stems", stem))
    assert s_channels == 2 and abs(s_seconds - seconds) < 1e-6 and s_peak > 0.01, f"{stem} is silent or of another length"
PY
# The packaged program writes what the release build in the tree writes.
tree=$(mktemp -d)
trap 'cleanup; rm -rf "$tree"' EXIT
(cd "$tree" && SOURCE_DATE_EPOCH=$epoch "$OLDPWD/.build/release/chart2midi" convert \
  "$OLDPWD/Examples/cars.json" -o cars.mid --wav cars.wav --stems stems >/dev/null 2>&1)
for file in cars.mid cars.wav stems/Cars.wav stems/Gridlines.wav; do
  cmp -s "$tree/$file" "$root$workdir/$file" ||
    { echo "$file differs from the release build's in the tree" >&2; exit 1; }
done
echo "the files are byte for byte those of the release build in the tree"

# The image as a service: `serve` answers /health and renders the cars example, then SIGTERM ends it
# with status 0.
echo "== $entry serve --port 0"
in_root "exec $entry serve --port 0" 2>"$cache/serve.log" &
server=$!
for _ in $(seq 100); do grep -q "listening on" "$cache/serve.log" && break; sleep 0.1; done
url=$(sed -n 's/.*listening on //p' "$cache/serve.log")
[ -n "$url" ] || { cat "$cache/serve.log" >&2; echo "serve did not start" >&2; exit 1; }
python3 - "$url" Examples/cars.json "$root$workdir/cars.mid" <<'PY'
import json, sys, urllib.request
url, chart, midi = sys.argv[1], open(sys.argv[2], "rb").read(), open(sys.argv[3], "rb").read()
health = json.load(urllib.request.urlopen(f"{url}/health"))
assert health["status"] == "ok", health
request = urllib.request.Request(f"{url}/v1/render?format=mid", data=chart,
                                 headers={"Content-Type": "application/json"})
with urllib.request.urlopen(request) as response:
    body, kind, tag = response.read(), response.headers["Content-Type"], response.headers["ETag"]
assert kind == "audio/midi" and tag, (kind, tag)
assert body == midi, "the service's MIDI file is not the one convert wrote"
print(f"{url}/health: ok; POST /v1/render?format=mid: {len(body)} bytes, {kind}, the MIDI file convert wrote")
PY
# The background job is a shell running chroot, which became the program: its one child.
kill -TERM $(cat "/proc/$server/task/$server/children")
status=0
wait "$server" || status=$?
server=
[ "$status" = 0 ] || { echo "serve ended with status $status on SIGTERM" >&2; exit 1; }
echo "serve ended with status 0 on SIGTERM"
echo "package-check: the package installs on a new Debian 12, converts the cars example and serves it"
