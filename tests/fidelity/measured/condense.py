#!/usr/bin/env python3
"""Condense the harness's JSON files of one build into one test-data file.

usage: condense.py RESULTS_DIR BUILD OUT.json "how the figures were made" [NAME]

NAME, when given, is the build's name in the file (oracle_cases.cpp's oracleBuilds()), for a
harness build whose file suffix (BUILD) names only the ABI: an older TFLM snapshot's abi64.

RESULTS_DIR holds ../shared/harness/oracle/run.py's output for one build
(<model>.<build>.json). Kept per model and planner: every key the fidelity test
compares (status, log, the plain and recording runs, the smallest arena, the
message one byte below it, the bytes used there) and the 12 probes nearest
below the smallest arena; dropped: plan_print, timings, the other probes.
"""
import json
import os
import sys

KEEP = ["status", "log", "measure_arena_bytes", "arena_used_bytes", "head_bytes", "tail_bytes", "recording",
        "plain", "min_arena_bytes", "min_used_bytes_at_min", "min_fail_log"]


def condense_planner(p):
    out = {k: p[k] for k in KEEP if k in p}
    probe = p.get("monotonic_probe")
    minimum = p.get("min_arena_bytes")
    if probe and probe.get("probes") and minimum is not None:
        below = [x for x in probe["probes"] if x["size"] < minimum]
        near = sorted(below, key=lambda x: -x["size"])[:12]
        out["monotonic_probe"] = {"probes": sorted(near, key=lambda x: x["size"])}
    return out


def main():
    results, build, out_path, how = sys.argv[1:5]
    build_name = sys.argv[5] if len(sys.argv) > 5 else build
    models = {}
    for name in sorted(os.listdir(results)):
        suffix = "." + build + ".json"
        if not name.endswith(suffix):
            continue
        with open(os.path.join(results, name)) as f:
            d = json.load(f)
        entry = {"sha256": d["sha256"]}
        for key in ("greedy", "linear"):
            if key in d:
                entry[key] = condense_planner(d[key])
        for key in ("resource_variables",):
            if key in d:
                entry[key] = d[key]
        models[name[: -len(suffix)]] = entry
        tflm, deps = d.get("tflm_commit"), d.get("build", {}).get("deps")
    doc = {"build": build_name, "how": how, "tflm_commit": tflm, "deps": deps, "models": models}
    with open(out_path + ".tmp", "w") as f:
        json.dump(doc, f, sort_keys=True, separators=(",", ":"))
        f.write("\n")
    os.replace(out_path + ".tmp", out_path)


if __name__ == "__main__":
    main()
