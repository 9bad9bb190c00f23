#!/usr/bin/env python3
"""Write every readable corpus file as other SDFormat versions; check with libsdformat 12.

Issue 13's evidence. For every .sdf/.world file under the corpus folders
that sdfconv reads for conversion (`sdfconv convert F --to flat` exits 0:
no error, or only values kept as written; the selection of
testdata/corpus_conformance_test.cc, out-of-scope custom-parser includes
left out), and for each version V (default 1.6 1.4 1.11):

  sdfconv convert F --to sdf --sdf-version V --model-path ... -o OUT

is classified as written, refused (some error VERSION_CONSTRUCT_UNSUPPORTED:
the codes and first message of each are kept) or failed otherwise (exit
non-zero without such an error: its error codes are kept). Every written
OUT is then loaded by libsdformat 12 (//testing:sdformat_oracle_dump
--resolve-loaded, frames whenever sdf::Root::Load succeeds: what Gazebo
loads) as the input is, and the two readings are compared frame by frame,
by kind and scoped name: world pose (translation and quaternion distance)
and joint axes in the world, within --tolerance (default 1e-9; the largest
difference met is printed too). An input frame absent from the output is
a difference unless a VERSION_CONSTRUCT_DROPPED warning of that file names
it (the last name segment of the first name quoted), and an element renamed
by a DUPLICATE_NAME warning ("renamed to 'B'") is looked for under its
new name. In a 1.4 output (no nested models: they are flattened, and
libsdformat invents their frames when it unflattens the names) a nested
model's own frame is not compared; both are counted as "dropped on
purpose". A joint axis the input leaves to its default (libsdformat lists
none) and the output writes is compared with the default, z of the joint
frame. An output libsdformat aborts on (an
uncaught sdf::AssertionInternalError) or hangs on (60 s) is counted apart
and listed with the refusals, code LIBSDFORMAT_12_FAILS_ON_OUTPUT. Output frames the input lacks (massless
links of --frames links) are counted, not differences.

libsdformat 12 reads 1.4-1.9 (1.4-1.7 by converting them up itself) and
refuses 1.10 and later. A 1.10-1.12 output is therefore loaded from a
temporary copy whose <sdf version> says 1.9, and the table says so. This
is sound for world poses: no frame-semantics rule changed from 1.9 to 1.12
except world joints (1.10, which libsdformat 12 then refuses, shown as
"libsdformat refuses the output") and merge-include (1.9/1.10, the same
frames); 1.11's mimic and automatic inertia and 1.12's state names move no
frame (../shared/spec/VERSIONS.md). A 1.2 <gazebo version="1.2"> input,
which libsdformat 12 no longer reads, is loaded under an <sdf> root, as
corpus_conformance_test does.

Model paths per file follow corpus_conformance_test.cc (ModelPaths):
gazebo_models/ -> gazebo_models; sdformat-tests/ -> integration/model (and
nested_include/ itself for its files); --model-path adds folders for all.
SDF_PATH and the Gazebo resource variables are cleared.

  bazel build --disk_cache=/work/.bazel-disk-cache --jobs=2 \\
      //cli:sdfconv //testing:sdformat_oracle_dump
  tools/version_survey.py                       # table per version
  tools/version_survey.py --tsv refusals.tsv    # + every refusal
  tools/version_survey.py --write-refusals      # regenerate
      testdata/corpus_version_refusals.txt (1.6 and 1.4 and 1.11), the list
      testdata/corpus_version_write_test.cc checks

The refusal lists (TSV and --write-refusals) have one line per file,
version and error code, or for a written file LIBSDFORMAT_12_FAILS_ON_OUTPUT
(above), OUTPUT_REFUSED_BY_LIBSDFORMAT_12 or OUTPUT_DIFFERS_IN_LIBSDFORMAT_12
(known bugs of the writing, each to fix):
version<TAB>file<TAB>code<TAB>reason, the file
relative to the corpus and the reason the first message with that code.
Exit status: 0, or 1 when libsdformat finds a written output differing
from its input or refuses an output whose input it loads.
"""
import argparse
import collections
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

import survey  # tools/survey.py: the batched libsdformat oracle

RENAMED = re.compile(r"(.*)_(joint|frame)[0-9]*$")
DIAG = re.compile(r"^(.*?):(?:[0-9]+:)? (error|warning)\[([A-Z0-9_]+)\]: (.*)$")
OUT_OF_SCOPE = re.compile(r"<uri>\s*[^<]*\.(toml|nonce_[0-9]+)\s*</uri>")
SDF_ROOT = re.compile(r"<(sdf|gazebo)[^>]*version\s*=\s*[\"']1\.[0-9]+[\"']")
GAZEBO_ROOT = re.compile(r"<gazebo(\s+version\s*=\s*[\"']1\.2[\"'])")
NEWER = re.compile(r"(<sdf[^>]*version\s*=\s*[\"'])1\.1[0-9]([\"'])")
ENV_PATHS = ("SDF_PATH", "GZ_SIM_RESOURCE_PATH", "IGN_GAZEBO_RESOURCE_PATH",
             "GAZEBO_MODEL_PATH")


def slurp(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def corpus_files(corpus, folders):
    """Relative paths of the corpus files the other corpus tests select."""
    files = []
    for folder in folders:
        for root, _, names in os.walk(os.path.join(corpus, folder)):
            for n in names:
                if not n.endswith((".sdf", ".world")):
                    continue
                p = os.path.join(root, n)
                text = slurp(p)
                if SDF_ROOT.search(text) and not OUT_OF_SCOPE.search(text):
                    files.append(os.path.relpath(p, corpus))
    return sorted(files)


def model_paths(corpus, rel, extra):
    """corpus_conformance_test.cc's ModelPaths, then --model-path."""
    nested = "sdformat-tests/integration/model/nested_include/"
    if rel.startswith("gazebo_models/"):
        paths = [os.path.join(corpus, "gazebo_models")]
    elif rel.startswith(nested):
        paths = [os.path.join(corpus, nested),
                 os.path.join(corpus, "sdformat-tests/integration/model")]
    elif rel.startswith("sdformat-tests/"):
        paths = [os.path.join(corpus, "sdformat-tests/integration/model")]
    else:
        paths = []
    return paths + list(extra)


def clean_env():
    env = dict(os.environ)
    for k in ENV_PATHS:
        env.pop(k, None)
    return env


def run_sdfconv(binary, args, env):
    r = subprocess.run([binary] + args, capture_output=True, text=True,
                       timeout=600, env=env)
    diags = []
    for line in r.stderr.splitlines():
        m = DIAG.match(line)
        if m:
            diags.append((m.group(2), m.group(3), m.group(4)))
    return r.returncode, diags


def oracle_batch(binary, paths_of, files, env):
    """libsdformat 12's reading of each file: {file: json}, each group of
    files with the same model paths in one survey.oracle call."""
    out = {}
    groups = collections.defaultdict(list)
    for f in files:
        groups[tuple(paths_of[f])].append(f)
    for mps, group in groups.items():
        out.update(survey.oracle(binary, list(mps), group, env=env,
                                 single_timeout=60))
    return out


def oracle_copy(src, dst, relabel_newer):
    """A copy libsdformat 12 can read: <gazebo> root as <sdf>, and (for a
    1.10+ output) its version said as 1.9. Returns whether it relabelled."""
    text = slurp(src)
    relabelled = False
    if GAZEBO_ROOT.search(text):
        text = GAZEBO_ROOT.sub(r"<sdf\1", text, count=1)
        close = text.rfind("</gazebo>")
        if close >= 0:
            text = text[:close] + "</sdf>" + text[close + len("</gazebo>"):]
    if relabel_newer and NEWER.search(text):
        text = NEWER.sub(r"\g<1>1.9\2", text, count=1)
        relabelled = True
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    with open(dst, "w", encoding="utf-8") as f:
        f.write(text)
    return relabelled


def quat_distance(a, b):
    return min(math.dist(a, b), math.dist(a, [-x for x in b]))


def rotate_z(q):
    """The unit z axis rotated by the quaternion q = [w, x, y, z]."""
    w, x, y, z = q
    return [2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)]


def frame_index(reading):
    idx = {}
    for fr in reading.get("frames", []):
        idx.setdefault((fr["kind"], fr["name"]), fr)
    return idx


def find(idx, kind, name):
    fr = idx.get((kind, name))
    if fr is None:
        m = RENAMED.match(name)
        if m and m.group(2) == kind:
            fr = idx.get((kind, m.group(1)))
    if fr is None and kind in ("joint", "frame"):
        for k in (kind, "frame" if kind == "joint" else "joint"):
            fr = fr or idx.get((kind, "%s_%s" % (name, k)))
    return fr


def compare(before, after, dropped_names, flattened, renamed):
    """(differences, largest distance, frames compared, frames dropped,
    extra output frames). `flattened`: the output holds no nested model
    (1.4), so a nested model's own frame is not looked for (its links and
    joints are, by their scoped names)."""
    theirs = frame_index(after)
    diffs, worst, compared, dropped = [], 0.0, 0, 0
    for fr in before.get("frames", []):
        if flattened and fr["kind"] == "model" and "::" in fr["name"]:
            dropped += 1  # no element in the output: nothing to compare
            continue
        o = find(theirs, fr["kind"], fr["name"])
        scope, _, last = fr["name"].rpartition("::")
        for new in sorted(renamed.get(last, ())):
            o = o or find(theirs, fr["kind"],
                          (scope + "::" if scope else "") + new)
        if o is None:
            if last in dropped_names:
                dropped += 1
            else:
                diffs.append("missing %s %s" % (fr["kind"], fr["name"]))
            continue
        compared += 1
        d = max(math.dist(o["xyz"], fr["xyz"]),
                quat_distance(o["quat_wxyz"], fr["quat_wxyz"]))
        a1, a2 = list(fr.get("axes", [])), o.get("axes", [])
        # An axis the input leaves to its default (no <axis>/<axis2>:
        # libsdformat lists none) that the output writes: the default,
        # 0 0 1 in the joint frame.
        while fr["kind"] == "joint" and len(a1) < len(a2):
            a1.append(rotate_z(fr["quat_wxyz"]))
        if len(a1) != len(a2):
            diffs.append("%s: %d axes, then %d" % (fr["name"], len(a1), len(a2)))
        else:
            for x, y in zip(a1, a2):
                d = max(d, math.dist(x, y))
        worst = max(worst, d)
        if not d <= TOLERANCE:
            diffs.append("%s %s off by %.3g" % (fr["kind"], fr["name"], d))
    extra = max(0, len(after.get("frames", [])) - compared)
    return diffs, worst, compared, dropped, extra


TOLERANCE = 1e-9
# The list's code for a file written whose output libsdformat 12 aborts or
# hangs on (its own bugs); corpus_version_write_test checks it still does.
ORACLE_FAILS = "LIBSDFORMAT_12_FAILS_ON_OUTPUT"
# Known bugs, listed so that they are seen and the test says when one is
# fixed: a written output libsdformat 12 refuses while it loads the input,
# or reads with other world poses or axes than the input's.
OUTPUT_REFUSED = "OUTPUT_REFUSED_BY_LIBSDFORMAT_12"
OUTPUT_DIFFERS = "OUTPUT_DIFFERS_IN_LIBSDFORMAT_12"


def main():
    global TOLERANCE
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus",
                    default=os.path.join(here, "..", "shared", "corpus"))
    ap.add_argument("--folders", nargs="+",
                    default=["sdformat-tests", "gazebo_models"],
                    help="corpus folders to walk (default: %(default)s)")
    ap.add_argument("--versions", nargs="+", default=["1.6", "1.4", "1.11"])
    ap.add_argument("--model-path", action="append", default=[],
                    help="added to every file's model paths")
    ap.add_argument("--sdfconv",
                    default=os.path.join(here, "bazel-bin/cli/sdfconv"))
    ap.add_argument("--oracle", default=os.path.join(
        here, "bazel-bin/testing/sdformat_oracle_dump"))
    ap.add_argument("--tolerance", type=float, default=1e-9)
    ap.add_argument("--tsv", help="write every refusal here")
    ap.add_argument("--write-refusals", action="store_true",
                    help="write testdata/corpus_version_refusals.txt")
    ap.add_argument("--keep", help="keep the outputs under this folder")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="one line per file that is not written or differs")
    a = ap.parse_args()
    TOLERANCE = a.tolerance
    corpus = os.path.realpath(a.corpus)
    env = clean_env()
    work = a.keep or tempfile.mkdtemp(prefix="version_survey.")
    os.makedirs(work, exist_ok=True)

    rels = corpus_files(corpus, a.folders)
    paths_of = {}
    readable = []
    for rel in rels:
        mps = model_paths(corpus, rel, a.model_path)
        args = ["convert", os.path.join(corpus, rel), "--to", "flat"]
        for m in mps:
            args += ["--model-path", m]
        args += ["-o", os.path.join(work, "flat.json")]
        if run_sdfconv(a.sdfconv, args, env)[0] == 0:
            readable.append(rel)
            paths_of[rel] = mps
    print("%d corpus files (%s), %d read by sdfconv for conversion"
          % (len(rels), " ".join(a.folders), len(readable)))

    # libsdformat's reading of every input, through a copy it can read.
    inputs = {}
    for rel in readable:
        inputs[rel] = os.path.join(work, "in", rel)
        oracle_copy(os.path.join(corpus, rel), inputs[rel], False)
    input_paths = {inputs[r]: paths_of[r] for r in readable}
    before = oracle_batch(a.oracle, input_paths, list(input_paths), env)

    refusals = []  # (version, rel, code, reason)
    bad = False
    for v in a.versions:
        counts = collections.Counter()
        by_code = collections.Counter()
        failed_by_code = collections.Counter()
        worst = 0.0
        written = {}
        dropped_of = {}
        renamed_of = {}
        relabelled = 0
        frames_compared = frames_dropped = frames_extra = 0
        for rel in readable:
            out = os.path.join(work, v, rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            args = ["convert", os.path.join(corpus, rel), "--to", "sdf",
                    "--sdf-version", v, "-o", out]
            for m in paths_of[rel]:
                args += ["--model-path", m]
            rc, diags = run_sdfconv(a.sdfconv, args, env)
            errors = collections.OrderedDict()
            for sev, code, msg in diags:
                if sev == "error":
                    errors.setdefault(code, msg)
            if rc == 0 and os.path.exists(out):
                counts["written"] += 1
                copy = os.path.join(work, v + ".oracle", rel)
                relabelled += oracle_copy(out, copy, True)
                written[rel] = copy
                # Each warning names the element first ("frame 'F2' of
                # model 'm', ..."); renames say "...; renamed to 'B'".
                dropped_of[rel] = {
                    m.group(1).split("::")[-1] for m in (
                        re.match(r"[^']*'([^']+)'", msg) for _, c, msg in diags
                        if c == "VERSION_CONSTRUCT_DROPPED") if m}
                renamed_of[rel] = collections.defaultdict(set)
                for _, c, msg in diags:
                    m = re.match(r"[^']*'([^']+)'.*renamed to '([^']+)'", msg)
                    if c == "DUPLICATE_NAME" and m:
                        renamed_of[rel][m.group(1)].add(m.group(2))
                continue
            if "VERSION_CONSTRUCT_UNSUPPORTED" in errors:
                counts["refused"] += 1
                for code in errors:
                    by_code[code] += 1
            else:
                counts["failed otherwise"] += 1
                for code in errors or {"(no error code)": ""}:
                    failed_by_code[code] += 1
            for code, msg in (errors or {"(no error code)": ""}).items():
                refusals.append((v, rel, code, msg))
            if a.verbose:
                print("  %s NOT WRITTEN %s: %s" % (v, rel, ",".join(errors)))

        after = oracle_batch(a.oracle, {written[r]: paths_of[r]
                                        for r in written},
                             list(written.values()), env)
        for rel, copy in written.items():
            b = before.get(inputs[rel], {})
            o = after.get(copy, {})
            if not b.get("loaded"):
                counts["libsdformat does not load the input" +
                       (" (loads the output)" if o.get("loaded") else "")] += 1
                continue
            failed = [e for e in o.get("errors", [])
                      if e.get("code") == "ORACLE_FAILED"]
            if failed:
                counts["libsdformat aborts or hangs on the output "
                       "(not compared)"] += 1
                why = failed[0].get("message", "")
                refusals.append((v, rel, ORACLE_FAILS,
                                 "written; libsdformat 12 " + why))
                if a.verbose:
                    print("  %s LIBSDFORMAT FAILS %s: %s" % (v, rel, why))
                continue
            if not o.get("loaded"):
                counts["libsdformat refuses the output, loads the input"] += 1
                refusals.append((v, rel, OUTPUT_REFUSED, "written; "
                                 "libsdformat 12 loads the input, not the "
                                 "output: " + "; ".join(
                                     "%s: %s" % (e.get("code"), e.get("message"))
                                     for e in o.get("errors", [])[:2])))
                bad = True
                if a.verbose:
                    print("  %s OUTPUT REFUSED %s: %s" % (v, rel, ",".join(
                        e["code"] for e in o.get("errors", []))))
                continue
            diffs, w, c, d, x = compare(b, o, dropped_of[rel], v == "1.4",
                                       renamed_of[rel])
            worst = max(worst, w)
            frames_compared += c
            frames_dropped += d
            frames_extra += x
            if diffs:
                counts["libsdformat: output differs"] += 1
                refusals.append((v, rel, OUTPUT_DIFFERS,
                                 "written; libsdformat 12: " +
                                 "; ".join(diffs[:3])))
                bad = True
                if a.verbose:
                    print("  %s DIFFERS %s: %s" % (v, rel, "; ".join(diffs[:4])))
            else:
                counts["libsdformat: same world poses and axes"] += 1

        print("\nSDFormat %s: %d files" % (v, len(readable)))
        for k in ("written", "refused", "failed otherwise"):
            print("  %5d  %s" % (counts.pop(k, 0), k))
        for code, n in by_code.most_common():
            print("         %5d  refused with %s" % (n, code))
        for code, n in failed_by_code.most_common():
            print("         %5d  failed with %s" % (n, code))
        for k, n in sorted(counts.items()):
            print("  %5d  %s" % (n, k))
        print("  frames compared %d (tolerance %g, largest difference %.3g), "
              "dropped on purpose %d, only in the output %d"
              % (frames_compared, TOLERANCE, worst, frames_dropped,
                 frames_extra))
        if relabelled:
            print("  NOTE: libsdformat 12 refuses versions after 1.9; these "
                  "%d outputs were read from copies relabelled 1.9 (sound "
                  "for world poses: 1.9-1.12 changed no frame rule but world "
                  "joints; see the tool's doc)" % relabelled)

    lines = ["%s\t%s\t%s\t%s" % (v, rel, code, " ".join(msg.split()))
             for v, rel, code, msg in refusals]
    if a.tsv:
        with open(a.tsv, "w", encoding="utf-8") as f:
            f.write("version\tfile\tcode\treason\n")
            f.write("".join(l + "\n" for l in lines))
    if a.write_refusals:
        target = os.path.join(here, "testdata/corpus_version_refusals.txt")
        with open(target, "w", encoding="utf-8") as f:
            f.write(
                "# Corpus files sdfconv does not write as a version, with the\n"
                "# error codes it gives: version<TAB>file<TAB>code<TAB>reason\n"
                "# Three codes are not sdfconv's, for files it writes:\n"
                "# LIBSDFORMAT_12_FAILS_ON_OUTPUT (libsdformat aborts or hangs\n"
                "# on the output: its bug), OUTPUT_REFUSED_BY_LIBSDFORMAT_12 and\n"
                "# OUTPUT_DIFFERS_IN_LIBSDFORMAT_12 (known bugs of the writing:\n"
                "# each line is one to fix).\n"
                "# (the file relative to ../shared/corpus, the reason the "
                "first\n# message with that code). Checked by "
                "corpus_version_write_test;\n# regenerate with: "
                "tools/version_survey.py --write-refusals\n")
            f.write("".join(l + "\n" for l in lines))
        print("\nwrote %s (%d lines)" % (target, len(lines)))
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
