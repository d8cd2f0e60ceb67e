# gesturectl: build, test and install.
#
#   make build     release build
#   make test      debug build and every test, warnings as errors, then the trace corpus check
#   make bench     release build, generated 100 MB traces and a 10,000-trace corpus, timings (docs/performance.md)
#   make install   release binary to $(PREFIX)/bin, its manual page and bash, zsh and fish completions
#                  under $(PREFIX)/share (PREFIX=/usr/local by default; DESTDIR honoured)
#   make man       the manual page, $(SCRATCH)/gesturectl.1 (view it: man -l .build/gesturectl.1)
#   make examples  build and test the example package of UIKit-style recognizers (Examples/)
#   make clean     remove the build directory
#
# SCRATCH chooses the build directory (swift's --scratch-path), e.g. `make test SCRATCH=.build-ci`.

SWIFT    ?= swift
PREFIX   ?= /usr/local
SCRATCH  ?= .build
FLAGS    := --scratch-path $(SCRATCH) -Xswiftc -warnings-as-errors
# The release build takes the README's flags (`swift run -c release gesturectl …`), so that `make install`
# after it reuses its build instead of rebuilding everything (different compiler flags are a new build).
# Warnings are errors in `make test` and in CI, which build in debug.
RELEASE_FLAGS := --scratch-path $(SCRATCH)

.PHONY: build test corpus accuracy bench install man clean examples

build:
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product gesturectl

test:
	$(SWIFT) build $(FLAGS)
	$(SWIFT) test $(FLAGS) --disable-xctest
	$(MAKE) corpus

# Every trace in traces/ must analyze exactly as its golden file says (docs/ci.md).
corpus:
	"$$($(SWIFT) build $(FLAGS) --show-bin-path)/gesturectl" check traces

# The example package (Examples/): three recognizers written in UIKit's API, built against this
# package by path, their tests, and the team gesturectl checking its traces (docs/your-recognizers.md).
examples:
	cd Examples && $(SWIFT) build --scratch-path $(SCRATCH) -Xswiftc -warnings-as-errors
	cd Examples && $(SWIFT) test --scratch-path $(SCRATCH) -Xswiftc -warnings-as-errors --disable-xctest
	cd Examples && "$$($(SWIFT) build --scratch-path $(SCRATCH) --show-bin-path)/team-gesturectl" check Traces

# Speed and memory, side by side with jq and Python+orjson when installed (BENCH_MB, BENCH_RUNS, BENCH_CORPUS).
bench:
	SWIFT=$(SWIFT) scripts/bench.sh

# Template and checkmark accuracy on ../shared/data/dollar1 (or $GESTURECTL_DOLLAR1): prints the tables of docs/custom-gestures.md.
accuracy:
	GESTURECTL_ACCURACY_REPORT=1 $(SWIFT) test $(FLAGS) --filter DollarAccuracyTests

BIN = "$$($(SWIFT) build -c release $(RELEASE_FLAGS) --show-bin-path)/gesturectl"

# The manual page and completion scripts come from the binary's option tables (docs/cli.md).
man: build
	$(BIN) help --man > $(SCRATCH)/gesturectl.1

install: build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 $(BIN) "$(DESTDIR)$(PREFIX)/bin/gesturectl"
	$(BIN) help --man > "$(DESTDIR)$(PREFIX)/share/man/man1/gesturectl.1"
	$(BIN) completions bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/gesturectl"
	$(BIN) completions zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_gesturectl"
	$(BIN) completions fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/gesturectl.fish"

clean:
	rm -rf $(SCRATCH)

# Robustness (docs/reliability.md).
#   make fuzz            build the libFuzzer targets of Fuzz/ and run each for FUZZ_SECONDS (60) seconds;
#                        FUZZ_TARGETS="FuzzCSV FuzzJSON" for some of them
#   make test-sanitize   every test under AddressSanitizer, then under ThreadSanitizer (own build directories)
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=

.PHONY: fuzz test-sanitize

fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) Fuzz/fuzz.sh $(FUZZ_TARGETS)

test-sanitize:
	GESTURECTL_SANITIZED=address SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
		$(SWIFT) test --scratch-path .build-asan -Xswiftc -warnings-as-errors --sanitize=address --disable-xctest
	GESTURECTL_SANITIZED=thread SWIFT_BACKTRACE=enable=no \
		$(SWIFT) test --scratch-path .build-tsan -Xswiftc -warnings-as-errors --sanitize=thread --disable-xctest
	# The threaded commands on the whole corpus with the ThreadSanitizer binary (a race fails the run).
	TSAN_OPTIONS=halt_on_error=1 "$$($(SWIFT) build --scratch-path .build-tsan --sanitize=thread --show-bin-path)/gesturectl" \
		check --jobs 4 traces >/dev/null
	TSAN_OPTIONS=halt_on_error=1 "$$($(SWIFT) build --scratch-path .build-tsan --sanitize=thread --show-bin-path)/gesturectl" \
		analyze --deliveries $$(find traces -name '*.jsonl' ! -name '*.expected.jsonl' | sort) >/dev/null
