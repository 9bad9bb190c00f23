"""sdfconv_fuzz_target: one fuzz target, its smoke test and its fuzzer."""

load("@corpus//:defs.bzl", "CORPUS_ENV")
load("//bazel:cc.bzl", "cc_binary", "cc_library", "cc_test")

def sdfconv_fuzz_target(name, srcs, deps, seeds, seed_data = [], extensions = "", seconds = "10"):
    """Declares NAME_target, NAME_smoke and NAME.

    NAME_target: the library defining LLVMFuzzerTestOneInput.
    NAME_smoke: a test running it over `seeds` (paths, or @corpus/SUB) and
      deterministic variants of them for `seconds`, without libFuzzer
      (testing/fuzz/fuzz_main.cc).
    NAME: the libFuzzer binary; built only by tools/fuzz.sh (--config=fuzz,
      clang), hence manual.
    """
    cc_library(
        name = name + "_target",
        testonly = True,
        srcs = srcs,
        deps = deps + ["//testing/fuzz:fuzz_input"],
        alwayslink = True,
    )
    args = ["--seconds", seconds]
    if extensions:
        args += ["--ext", extensions]
    cc_test(
        name = name + "_smoke",
        size = "medium",
        args = args + seeds,
        data = seed_data,
        env = CORPUS_ENV,
        deps = [
            ":" + name + "_target",
            "//testing/fuzz:fuzz_main",
        ],
    )
    cc_binary(
        name = name,
        testonly = True,
        tags = ["manual"],
        deps = [":" + name + "_target"],
    )
