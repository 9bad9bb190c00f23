"""@system: Debian's -dev packages as cc_library targets, found by pkg-config.

Each target's include folders, defines and link options are what
`pkg-config --cflags --libs PACKAGE` says, so that releases which move
their headers (urdfdom 4.0 puts urdf_model under
/usr/include/urdfdom_headers) build unchanged. An include folder other
than the compiler's default ones is linked into this repository as
`include/<n>`; the target declares its headers (a glob) and passes it as
`includes`, so Bazel tracks them. Headers in /usr/include itself need no
folder. A required package that pkg-config does not know stops the build
with the name of the Debian package to install.

libsdformat 12 (`sdformat12`, Debian's libsdformat-dev: in Debian 12, not
in Debian 13) is optional, for tests only. `@system//:defs.bzl` says
whether it was found:

    SDFORMAT_INSTALLED = True or False

and `@system//:sdformat_testonly` is the library, or an empty target when
it is absent (//testing then builds its stand-in, whose tests skip).
SDFCONV_WITHOUT_SDFORMAT=1 in the environment of the `bazel` command makes
the rule act as if it were absent (to try the Debian 13 path where it is
installed).

When it is re-evaluated (as @corpus, third_party/corpus/corpus.bzl): at the
first command after a server start (`local = True`), when
SDFCONV_WITHOUT_SDFORMAT or PKG_CONFIG_PATH changes value, and on
`bazel sync --configure`. After installing or removing a -dev package, run
`bazel sync --configure` (or `bazel shutdown`).
"""

# Where compilers look without -I, and linkers without -L.
_DEFAULT_INCLUDES = ["/usr/include", "/usr/local/include"]

# target name -> (pkg-config modules, Debian package, extra linkopts).
# Order matters only for readability of the generated BUILD.
_REQUIRED = [
    ("eigen", ["eigen3"], "libeigen3-dev", []),
    ("libxml2", ["libxml-2.0"], "libxml2-dev", []),
    # urdfdom and console_bridge (whose output handler sdfconv sets).
    ("urdfdom", ["urdfdom", "urdfdom_headers", "console_bridge"], "liburdfdom-dev", []),
    ("spdlog", ["spdlog", "fmt"], "libspdlog-dev and libfmt-dev", []),
    ("cli11", ["CLI11"], "libcli11-dev", []),
    ("nlohmann_json", ["nlohmann_json"], "nlohmann-json3-dev", []),
    ("gtest", ["gmock", "gtest"], "libgtest-dev and libgmock-dev", ["-pthread"]),
    ("benchmark", ["benchmark"], "libbenchmark-dev", ["-pthread"]),
]

def _pkg_config(rctx, args):
    """Runs pkg-config; returns its stdout split into words, or None."""
    result = rctx.execute(["pkg-config"] + args)
    if result.return_code != 0:
        return None
    words = result.stdout.replace("\t", " ").replace("\n", " ").split(" ")
    return [w for w in words if w]

def _normalize(rctx, path):
    """/usr/lib/x86_64-linux-gnu/pkgconfig/../../../include -> /usr/include."""
    p = rctx.path(path)
    return str(p.realpath) if p.exists else path

def _is_default_lib_dir(path):
    return path in ["/lib", "/usr/lib", "/usr/local/lib"] or (
        path.startswith("/usr/lib/") and path.count("/") == 3
    ) or (path.startswith("/lib/") and path.count("/") == 2)

def _flags(rctx, modules):
    """pkg-config's answer for modules: include dirs, defines, linkopts."""
    cflags = _pkg_config(rctx, ["--cflags"] + modules)
    libs = _pkg_config(rctx, ["--libs"] + modules)
    if cflags == None or libs == None:
        return None
    includes = []
    defines = []
    for flag in cflags:
        if flag.startswith("-I"):
            path = _normalize(rctx, flag[2:])
            if path not in _DEFAULT_INCLUDES and path not in includes:
                includes.append(path)
        elif flag.startswith("-D"):
            if flag[2:] not in defines:
                defines.append(flag[2:])
    linkopts = []
    for flag in libs:
        if flag.startswith("-L"):
            path = _normalize(rctx, flag[2:])
            if _is_default_lib_dir(path):
                continue
            flag = "-L" + path
        if flag not in linkopts:
            linkopts.append(flag)
    return struct(includes = includes, defines = defines, linkopts = linkopts)

def _library(rctx, name, flags, extra_linkopts, folders, testonly = False):
    """The cc_library text; links each include folder into the repository."""
    includes = []
    for path in flags.includes:
        if path not in folders:
            short = path[len("/usr/include/"):] if path.startswith("/usr/include/") else path[1:]
            folders[path] = "include/" + short.replace("/", "_")
            rctx.symlink(path, folders[path])
        includes.append(folders[path])
    lines = ["cc_library(", "    name = %s," % repr(name)]
    if testonly:
        lines.append("    testonly = True,")
    if includes:
        lines.append("    hdrs = glob(%s)," % repr([i + "/**" for i in includes]))
        lines.append("    includes = %s," % repr(includes))
    if flags.defines:
        lines.append("    defines = %s," % repr(flags.defines))
    linkopts = flags.linkopts + [o for o in extra_linkopts if o not in flags.linkopts]
    if linkopts:
        lines.append("    linkopts = %s," % repr(linkopts))
    lines.append(")")
    return "\n".join(lines) + "\n"

def _system_repository_impl(rctx):
    if rctx.which("pkg-config") == None:
        fail("@system needs pkg-config: apt-get install pkg-config")
    folders = {}
    targets = []
    for name, modules, package, extra in _REQUIRED:
        flags = _flags(rctx, modules)
        if flags == None:
            fail("@system//:%s: pkg-config does not know %s; install %s (tools/setup.sh)" %
                 (name, " ".join(modules), package))
        targets.append(_library(rctx, name, flags, extra, folders))
    main = _flags(rctx, ["gtest_main"])
    if main == None:
        fail("@system//:gtest_main: pkg-config does not know gtest_main; install libgtest-dev")
    targets.append("\n".join([
        "cc_library(",
        "    name = \"gtest_main\",",
        "    linkopts = [\"-lgtest_main\"],",
        "    deps = [\":gtest\"],",
        ")",
        "",
    ]))

    without = rctx.os.environ.get("SDFCONV_WITHOUT_SDFORMAT", "") not in ["", "0"]
    sdformat = None if without else _flags(rctx, ["sdformat12", "ignition-utils1"])
    if sdformat != None:
        targets.append(_library(rctx, "sdformat_testonly", sdformat, [], folders, testonly = True))
    else:
        targets.append("\n".join([
            "# libsdformat 12 is %s: nothing to link (defs.bzl)." %
            ("left out (SDFCONV_WITHOUT_SDFORMAT)" if without else "not installed"),
            "cc_library(",
            "    name = \"sdformat_testonly\",",
            "    testonly = True,",
            ")",
            "",
        ]))

    rctx.file("BUILD.bazel", "\n".join([
        "# Generated by //third_party/system:system.bzl from pkg-config.",
        "package(default_visibility = [\"//visibility:public\"])",
        "",
        "exports_files([\"defs.bzl\"])",
        "",
    ] + targets))
    rctx.file("defs.bzl", "\n".join([
        "# Generated by //third_party/system:system.bzl: whether libsdformat 12",
        "# (pkg-config sdformat12) is installed and used by //testing.",
        "SDFORMAT_INSTALLED = %s" % (sdformat != None),
        "",
    ]))

system_repository = repository_rule(
    implementation = _system_repository_impl,
    environ = ["SDFCONV_WITHOUT_SDFORMAT", "PKG_CONFIG_PATH"],
    local = True,
    configure = True,
    doc = "Debian's -dev packages through pkg-config; see the file's docstring.",
)
