# retromesh: the two commands of the README, and a few helpers.
#   make demo   install what is missing, build, convert and print the examples
#   make test   install what is missing, build twice (plain and with
#               AddressSanitizer + UBSan) and run every test in both;
#               skipped tests are listed with their reason
#   make fuzz   the same set-up plus clang, then every libFuzzer target
# Everything else is plain CMake: cmake -B build && cmake --build build.

MAKEFLAGS += --no-print-directory
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build
BUILD_SAN ?= build-san
BUILD_FUZZ ?= build-fuzz
FUZZ_SECONDS ?= 20
OUT ?= $(BUILD)/demo

.PHONY: all deps build build-san demo test test-plain test-san fuzz bench install clean

all: build

deps:
	@sh scripts/deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

build-san: deps
	@cmake -S . -B $(BUILD_SAN) -DCMAKE_BUILD_TYPE=Debug -DRM_SANITIZE=ON >/dev/null
	@cmake --build $(BUILD_SAN) -j $(JOBS)

demo: build
	@sh scripts/demo.sh $(BUILD)/retromesh $(OUT) $(BUILD)/tests/oni/oni_make

# After ctest, scripts/skipped.sh names each skipped test and its reason
# (ctest itself only says "Skipped"); ctest's exit status is kept.
CTEST_RUN = st=0; rm -f Testing/junit.xml; ctest --output-on-failure -j $(JOBS) --output-junit "$$PWD/Testing/junit.xml" || st=$$?; \
	sh "$(CURDIR)/scripts/skipped.sh" Testing/junit.xml; exit $$st

test-plain: build
	@cd $(BUILD) && $(CTEST_RUN)

test-san: build-san
	@cd $(BUILD_SAN) && export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 && $(CTEST_RUN)

test: test-plain test-san

# Each libFuzzer target for FUZZ_SECONDS seconds (CI runs this after make test).
# Only this target needs clang.
fuzz:
	@sh scripts/deps.sh fuzz
	@sh scripts/fuzz.sh $(BUILD_FUZZ) $(FUZZ_SECONDS)

# The bench's peers (assimp, libimagequant, tinyobjloader, valgrind, GNU
# time) are installed before the configure step, so that bench_quantize and
# bench_tinyobj are found and built. make bench BENCH_ARGS=--quick: no
# callgrind, fewer runs (docs/bench.md).
bench:
	@sh scripts/deps.sh bench
	@$(MAKE) build
	@sh bench/run.sh $(BENCH_ARGS) $(BUILD)/retromesh

install: build
	@cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) $(BUILD_SAN) $(BUILD_FUZZ)
