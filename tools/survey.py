#!/usr/bin/env python3
"""Survey a collection of SDFormat files against libsdformat 12.

For every .sdf/.world file under the given folders: libsdformat 12 (the
test oracle, //testing:sdformat_oracle_dump --resolve-loaded) loads it, and
sdfconv converts it --to flat. A file libsdformat loads without an error
must be converted by sdfconv with every frame at the same world pose
(1e-9); the survey prints one line per file that does not, and counts.

  bazel build //cli:sdfconv //testing:sdformat_oracle_dump
  tools/survey.py --model-path /path/to/models DIR_OR_FILE...

Frames are matched by scoped name, following libsdformat's renamings (a
legacy joint or frame sharing a name becomes NAME_joint / NAME_frame) and
its unflattening of 1.7 models (frame M::__model__ is model M), as
testdata/corpus_conformance_test.cc does (docs/conformance.md).
"""
import argparse
import collections
import json
import math
import os
import re
import subprocess
import sys

RENAMED = re.compile(r"(.*)_(joint|frame)[0-9]*$")


def files_under(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for root, _, names in os.walk(p):
            for n in sorted(names):
                if n.endswith((".sdf", ".world")):
                    yield os.path.join(root, n)


def oracle(binary, model_paths, files, env=None, single_timeout=120):
    """libsdformat 12's reading of each file: {file: json}. Files go in
    batches of 50; a batch that crashes or hangs is run one file at a time,
    and a file that still fails gets loaded False and an ORACLE_FAILED
    error saying how (aborts, with its exit status, or hangs)."""
    args = [binary, "--compact", "--resolve-loaded"]
    for m in model_paths:
        args += ["--model-path", m]
    out = {}
    for i in range(0, len(files), 50):
        batch = files[i:i + 50]
        try:
            r = subprocess.run(args + batch, capture_output=True, text=True,
                               timeout=600, env=env)
            data = json.loads(r.stdout)
        except (subprocess.TimeoutExpired, json.JSONDecodeError):
            data = None
        if isinstance(data, dict):
            data = [data]
        if data is None:  # one at a time, to isolate a crash or hang
            data = []
            for f in batch:
                why = "hangs (no answer in %d s)" % single_timeout
                try:
                    r = subprocess.run(args + [f], capture_output=True,
                                       text=True, timeout=single_timeout,
                                       env=env)
                    why = "aborts (exit status %d: %s)" % (
                        r.returncode, r.stderr.strip()[-200:])
                    data.append(json.loads(r.stdout))
                except (subprocess.TimeoutExpired, json.JSONDecodeError):
                    data.append({"file": f, "loaded": False, "valid": False,
                                 "frames": [],
                                 "errors": [{"code": "ORACLE_FAILED",
                                             "message": why}]})
        for d in data:
            out[d["file"]] = d
    return out


def sdfconv(binary, model_paths, f):
    args = [binary, "convert", f, "--to", "flat"]
    for m in model_paths:
        args += ["--model-path", m]
    r = subprocess.run(args, capture_output=True, text=True, timeout=600)
    codes = re.findall(r"(error|warning)\[([A-Z_]+)\]", r.stderr)
    try:
        flat = json.loads(r.stdout) if r.returncode == 0 else None
    except json.JSONDecodeError:
        flat = None
    return flat, codes


def quat_distance(a, b):
    return min(math.dist(a, b), math.dist(a, [-x for x in b]))


def compare(flat, theirs, tol):
    ours = {}
    for fr in flat["frames"]:
        ours.setdefault(fr["name"], []).append(fr)
    diffs = []
    for t in theirs["frames"]:
        name = t["name"]
        cands = ours.get(name)
        if not cands:
            m = RENAMED.match(name)
            if m and m.group(2) == t["kind"]:
                cands = ours.get(m.group(1))
        if not cands and t["kind"] == "model":
            cands = ours.get(name + "::__model__")
        if not cands:
            diffs.append("missing " + name)
            continue
        o = next((c for c in cands if c["kind"] == t["kind"]), cands[0])
        d = max(math.dist(o["pose"]["xyz"], t["xyz"]),
                quat_distance(o["pose"]["quat_wxyz"], t["quat_wxyz"]))
        if not d < tol:
            diffs.append("%s off by %.3g" % (name, d))
    return diffs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--model-path", action="append", default=[])
    ap.add_argument("--sdfconv", default="bazel-bin/cli/sdfconv")
    ap.add_argument("--oracle",
                    default="bazel-bin/testing/sdformat_oracle_dump")
    ap.add_argument("--tolerance", type=float, default=1e-9)
    a = ap.parse_args()
    files = list(files_under(a.paths))
    theirs = oracle(a.oracle, a.model_path, files)
    counts = collections.Counter()
    refused = collections.Counter()
    for f in files:
        t = theirs.get(f, {"loaded": False})
        flat, codes = sdfconv(a.sdfconv, a.model_path, f)
        errors = sorted({c for sev, c in codes if sev == "error"})
        if not t.get("loaded"):
            counts["libsdformat does not load" +
                   (", sdfconv converts" if flat else "")] += 1
            continue
        if flat is None:
            counts["libsdformat loads, sdfconv refuses"] += 1
            refused[",".join(errors) or "?"] += 1
            print("REFUSED %s: %s" % (f, ",".join(errors)))
            continue
        diffs = compare(flat, t, a.tolerance)
        if diffs:
            counts["libsdformat loads, poses differ"] += 1
            print("DIFFERS %s: %s" % (f, "; ".join(diffs[:5])))
        else:
            counts["libsdformat loads, sdfconv alike"] += 1
    print("%d files" % len(files))
    for k, n in sorted(counts.items()):
        print("  %5d  %s" % (n, k))
    for k, n in refused.most_common():
        print("  refused: %5d  %s" % (n, k))


if __name__ == "__main__":
    sys.exit(main())
