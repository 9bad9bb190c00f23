"""What a workspace that builds @sdfconv//cli:sdfconv must declare.

sdfconv builds offline against Debian's packages (../shared/BUILD_ENV.md):
its WORKSPACE declares local stand-ins and the system libraries. A user's
WORKSPACE declares the same by calling, after its own
`local_repository(name = "sdfconv", path = PATH)`:

    load("@sdfconv//bazel:deps.bzl", "sdfconv_dependencies")
    sdfconv_dependencies(path = PATH)

`path` is the same path given to local_repository (relative paths are
taken from the user's workspace root, as Bazel takes local_repository's).
A repository the user already declared (its own rules_cc, say) is left as
it is.
"""

load("@sdfconv//third_party/corpus:corpus.bzl", "corpus_repository")
load("@sdfconv//third_party/system:system.bzl", "system_repository")

def _declare(rule, name, **kwargs):
    if not native.existing_rule(name):
        rule(name = name, **kwargs)

def sdfconv_dependencies(path):
    """Declares the repositories @sdfconv//cli:sdfconv needs.

    Args:
      path: where the sdfconv checkout is, as given to local_repository.
    """
    _declare(native.local_repository, "rules_cc", path = path + "/third_party/rules_cc")
    _declare(native.local_repository, "rules_java", path = "/usr/share/bazel/rules/java")
    _declare(
        native.local_repository,
        "remote_coverage_tools",
        path = path + "/third_party/remote_coverage_tools",
    )
    _declare(system_repository, "system")

    # converters/BUILD.bazel loads @corpus//:defs.bzl (its corpus tests).
    _declare(corpus_repository, "corpus")
