# gesturectl: build, test and install.
#
#   make build     release build
#   make test      debug build and every test, warnings as errors, then the trace corpus check
#   make install   release binary to $(PREFIX)/bin (PREFIX=/usr/local by default; DESTDIR honoured)
#   make clean     remove the build directory
#
# SCRATCH chooses the build directory (swift's --scratch-path), e.g. `make test SCRATCH=.build-ci`.

SWIFT    ?= swift
PREFIX   ?= /usr/local
SCRATCH  ?= .build
FLAGS    := --scratch-path $(SCRATCH) -Xswiftc -warnings-as-errors
CORPUS   := $(wildcard traces/*.json traces/*.jsonl traces/*.csv)

.PHONY: build test corpus accuracy install clean

build:
	$(SWIFT) build -c release $(FLAGS)

test:
	$(SWIFT) build $(FLAGS)
	$(SWIFT) test $(FLAGS)
	$(MAKE) corpus

# Every trace in traces/ must be valid (the golden-file comparison joins here once `gesturectl check` exists).
corpus:
ifneq ($(CORPUS),)
	"$$($(SWIFT) build $(FLAGS) --show-bin-path)/gesturectl" validate $(CORPUS) >/dev/null
endif

# Template and checkmark accuracy on ../shared/data/dollar1 (or $GESTURECTL_DOLLAR1): prints the tables of docs/custom-gestures.md.
accuracy:
	GESTURECTL_ACCURACY_REPORT=1 $(SWIFT) test $(FLAGS) --filter DollarAccuracyTests

install: build
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$$($(SWIFT) build -c release $(FLAGS) --show-bin-path)/gesturectl" "$(DESTDIR)$(PREFIX)/bin/gesturectl"

clean:
	rm -rf $(SCRATCH)
