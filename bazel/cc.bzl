"""sdfconv's C++ rules: Bazel's, with the project's compile options.

Every BUILD file of sdfconv loads cc_library, cc_binary and cc_test from
here, never from @rules_cc, so that the options travel with the code into
every configuration and every workspace that builds it (the exec
configuration of a user's workspace, through @sdfconv//bazel:defs.bzl),
and nobody's .bazelrc has to carry them:

- C++17 (Bazel's default toolchain passes -std=c++0x);
- built as the main repository: -Wall -Wextra, the project's warnings;
- built as another workspace's dependency (@sdfconv): -w, so that the
  user's log holds the user's warnings only (is_main_repository() tells
  the two apart; converters/sdf's generator keeps quiet there too).

A target's own `copts` come after these.
"""

load("@rules_cc//cc:defs.bzl", _cc_binary = "cc_binary", _cc_library = "cc_library", _cc_test = "cc_test")

def is_main_repository():
    """Whether the package being loaded is sdfconv's own workspace's."""
    return native.repository_name() == "@"

def _copts(srcs, copts):
    flags = []
    if not srcs or [s for s in srcs if not s.endswith(".c")]:
        flags.append("-std=c++17")  # not for a target of C sources only
    if is_main_repository():
        flags += ["-Wall", "-Wextra"]
    else:
        flags.append("-w")
    return flags + copts

def cc_library(srcs = [], copts = [], **kwargs):
    _cc_library(srcs = srcs, copts = _copts(srcs, copts), **kwargs)

def cc_binary(srcs = [], copts = [], **kwargs):
    _cc_binary(srcs = srcs, copts = _copts(srcs, copts), **kwargs)

def cc_test(srcs = [], copts = [], **kwargs):
    _cc_test(srcs = srcs, copts = _copts(srcs, copts), **kwargs)
