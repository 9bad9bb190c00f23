"""Bazel rules that run sdfconv at build time (docs/bazel.md).

    load("@sdfconv//bazel:defs.bzl", "sdf_check_test", "sdf_convert", "sdf_upgrade")

    sdf_convert(name = "robot_urdf", src = "robot.sdf", to = "urdf")
    sdf_check_test(name = "models_check", srcs = glob(["**/*.sdf"]), models = [":models"])
    sdf_upgrade(name = "legacy_1_8", srcs = glob(["legacy/**"]), strip_prefix = "legacy")

Hermetic: an action reads only the files it declares (`src`/`srcs` and
`models`), finds `model://` URIs only in folders of declared `models`
(each folder holding a declared `model.config` is a model; the folder
above it is passed as --model-path), never reads SDF_PATH,
GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH or GAZEBO_MODEL_PATH (the
environment is empty), and writes only its declared outputs, by relative
paths. So the actions cache, and run on remote executors (mnemonics
SdfConvert, SdfUpgrade).
"""

# Every rule here runs sdfconv of the exec configuration, tests too (they
# run on the execution platform): one configuration, so a workspace
# compiles sdfconv once. A dependency in the target configuration (a
# test's `data` on //cli:sdfconv) would compile it a second time:
# @sdfconv//bazel:sdfconv (sdfconv_binary) is this same binary for that.
_SDFCONV = attr.label(
    default = Label("//cli:sdfconv"),
    executable = True,
    cfg = "exec",
    doc = "The sdfconv binary.",
)

_MODELS = attr.label_list(
    allow_files = True,
    doc = "Model folders and files the inputs include (model:// and " +
          "relative URIs): every folder holding a model.config listed here " +
          "is a model, found from the folder above it.",
)

_EXTENSIONS = {"sdf": ".sdf", "urdf": ".urdf", "flat": ".json"}

def _model_paths(files, short = False):
    """The --model-path folders of the declared model files, in order."""
    paths = []
    for f in files:
        if f.basename != "model.config":
            continue
        path = f.short_path if short else f.path
        folder = path.rpartition("/")[0]
        root = folder.rpartition("/")[0] or "."
        if root not in paths:
            paths.append(root)
    return paths

def _model_files(ctx):
    return [f for target in ctx.attr.models for f in target.files.to_list()]

def _convert_impl(ctx):
    to = ctx.attr.to
    out = ctx.outputs.out
    if out == None:
        extension = _EXTENSIONS[to]
        if to == "flat" and ctx.attr.format == "csv":
            extension = ".csv"
        out = ctx.actions.declare_file(ctx.attr.name + extension)
    models = _model_files(ctx)
    args = ctx.actions.args()
    args.add_all(["convert", ctx.file.src, "--to", to, "-o", out])
    if to == "flat":
        args.add("--format", ctx.attr.format)
    if ctx.attr.sdf_version:
        args.add("--sdf-version", ctx.attr.sdf_version)
    if ctx.attr.expand_includes:
        args.add("--expand-includes")
    if ctx.attr.strict:
        args.add("--strict")
    for path in _model_paths(models):
        args.add("--model-path", path)
    args.add_all(ctx.attr.args)
    ctx.actions.run(
        executable = ctx.executable._sdfconv,
        arguments = [args],
        inputs = [ctx.file.src] + models,
        outputs = [out],
        env = {},
        mnemonic = "SdfConvert",
        progress_message = "Converting %s to %s" % (ctx.file.src.short_path, to),
    )
    return [DefaultInfo(
        files = depset([out]),
        runfiles = ctx.runfiles(files = [out]),
    )]

sdf_convert = rule(
    implementation = _convert_impl,
    doc = "`sdfconv convert SRC --to TO -o OUT`: one file to SDFormat, URDF " +
          "or flat world poses.",
    attrs = {
        "src": attr.label(allow_single_file = True, mandatory = True),
        "to": attr.string(mandatory = True, values = ["sdf", "urdf", "flat"]),
        "out": attr.output(doc = "Default: NAME.sdf, NAME.urdf, NAME.json or NAME.csv."),
        "format": attr.string(default = "json", values = ["json", "csv"], doc = "to = flat: the encoding."),
        "sdf_version": attr.string(doc = "to = sdf: the version written (--sdf-version)."),
        "expand_includes": attr.bool(doc = "to = sdf: one self-contained file."),
        "strict": attr.bool(doc = "Read to the letter of each version (--strict)."),
        "args": attr.string_list(doc = "More sdfconv options, e.g. [\"--root-link\", \"base\"]."),
        "models": _MODELS,
        "_sdfconv": _SDFCONV,
    },
)

def _relative(f, package, strip_prefix):
    """Where `f` goes under the output folder: its path in the package."""
    path = f.short_path
    if package and path.startswith(package + "/"):
        path = path[len(package) + 1:]
    if strip_prefix:
        prefix = strip_prefix.rstrip("/") + "/"
        if not path.startswith(prefix):
            fail("%s is not under strip_prefix '%s'" % (f.short_path, strip_prefix))
        path = path[len(prefix):]
    return path

def _upgrade_impl(ctx):
    out = ctx.actions.declare_directory(ctx.attr.name)
    models = _model_files(ctx)
    common = []
    if ctx.attr.sdf_version:
        common += ["--sdf-version", ctx.attr.sdf_version]
    for path in _model_paths(models):
        common += ["--model-path", path]

    # `upgrade FILE... -o DIR` writes each FILE as DIR/<its name>: one run
    # per folder keeps the tree.
    by_folder = {}
    for f in ctx.files.srcs:
        folder = _relative(f, ctx.label.package, ctx.attr.strip_prefix).rpartition("/")[0]
        by_folder.setdefault(folder, []).append(f.path)
    runs = []
    for folder in sorted(by_folder):
        target = out.path + ("/" + folder if folder else "")
        runs.append(" ".join(
            ["\"$1\"", "upgrade", "-j", "1"] +
            ["'%s'" % p for p in by_folder[folder]] +
            ["-o", "'%s'" % target] + ["'%s'" % a for a in common],
        ))
    ctx.actions.run_shell(
        tools = [ctx.executable._sdfconv],
        arguments = [ctx.executable._sdfconv.path],
        command = "set -e\n" + "\n".join(runs) + "\n",
        inputs = ctx.files.srcs + models,
        outputs = [out],
        env = {},
        mnemonic = "SdfUpgrade",
        progress_message = "Upgrading %d files of %s" % (len(ctx.files.srcs), ctx.label),
    )
    return [DefaultInfo(
        files = depset([out]),
        runfiles = ctx.runfiles(files = [out]),
    )]

sdf_upgrade = rule(
    implementation = _upgrade_impl,
    doc = "`sdfconv upgrade ... -o DIR`: a tree of SDFormat files and " +
          "model.config manifests upgraded, as the folder NAME holding " +
          "each file at its path in the package (less strip_prefix).",
    attrs = {
        "srcs": attr.label_list(allow_files = [".sdf", ".world", ".config"], mandatory = True),
        "sdf_version": attr.string(doc = "The version written (default: 1.8)."),
        "strip_prefix": attr.string(doc = "Left off each file's path in the package."),
        "models": _MODELS,
        "_sdfconv": _SDFCONV,
    },
)

def _check_test_impl(ctx):
    models = _model_files(ctx)
    command = ["\"$SDFCONV\"", "check"]
    for path in _model_paths(models, short = True):
        command += ["--model-path", "'%s'" % path]
    if ctx.attr.strict:
        command.append("--strict")
    command += ["'%s'" % f.short_path for f in ctx.files.srcs]
    if ctx.attr.expect_codes:
        body = "\n".join([
            "out=$(" + " ".join(command) + " 2>&1); status=$?",
            "printf '%s\\n' \"$out\"",
            "[ \"$status\" -eq 1 ] || { echo \"expected invalid input (exit 1), got $status\"; exit 1; }",
        ] + [
            "printf '%%s' \"$out\" | grep -qF '[%s]' || { echo 'expected a %s diagnostic'; exit 1; }" % (c, c)
            for c in ctx.attr.expect_codes
        ] + ["exit 0"])
    else:
        body = "exec " + " ".join(command)
    script = ctx.actions.declare_file(ctx.attr.name + ".sh")
    ctx.actions.write(
        output = script,
        is_executable = True,
        content = "\n".join([
            "#!/usr/bin/env bash",
            "# Generated by sdf_check_test (@sdfconv//bazel:defs.bzl).",
            "unset SDF_PATH GZ_SIM_RESOURCE_PATH IGN_GAZEBO_RESOURCE_PATH GAZEBO_MODEL_PATH",
            "SDFCONV='%s'" % ctx.executable._sdfconv.short_path,
            body,
            "",
        ]),
    )
    runfiles = ctx.runfiles(files = ctx.files.srcs + models + [ctx.executable._sdfconv])
    runfiles = runfiles.merge(ctx.attr._sdfconv[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = script, runfiles = runfiles)]

sdf_check_test = rule(
    implementation = _check_test_impl,
    test = True,
    doc = "A test that runs `sdfconv check` on srcs: it fails, with the " +
          "diagnostics in its log, when a file is invalid; with " +
          "expect_codes it passes only when the files are invalid with " +
          "each of those codes (fixtures of invalid input).",
    attrs = {
        "srcs": attr.label_list(allow_files = True, mandatory = True),
        "strict": attr.bool(doc = "--strict"),
        "expect_codes": attr.string_list(doc = "Diagnostic codes the files must be invalid with."),
        "models": _MODELS,
        "_sdfconv": _SDFCONV,
    },
)

def _binary_impl(ctx):
    out = ctx.actions.declare_file(ctx.attr.name)
    ctx.actions.symlink(output = out, target_file = ctx.executable._sdfconv, is_executable = True)
    runfiles = ctx.runfiles(files = [ctx.executable._sdfconv])
    runfiles = runfiles.merge(ctx.attr._sdfconv[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = out, files = depset([out]), runfiles = runfiles)]

sdfconv_binary = rule(
    implementation = _binary_impl,
    executable = True,
    doc = "The sdfconv binary the rules run (exec configuration), for the " +
          "`data` of a test: @sdfconv//bazel:sdfconv.",
    attrs = {"_sdfconv": _SDFCONV},
)
