#!/usr/bin/env python3
"""Measure several models in one arena with real TFLM, and condense the figures for the tests.

usage: multitenant_cases.py MULTITENANT_BINARY MODELS_ROOT OUT.json "how the binary was built" [--runner CMD]

MULTITENANT_BINARY is ../shared/harness/oracle/multitenant.cc built for one ABI (its README:
`make -f oracle/Makefile ... multitenant` after the harness build). MODELS_ROOT is ../shared/models.
Every case of CASES below runs once (JSON on stdout); the kept keys are the ones
tests/fidelity/multitenant_test.cpp compares: per tenant at the 64 MiB measuring size its status,
arena_used_bytes, head, tail, tail added, max_head_buffer_usage and plan size; the final head and
tail; the smallest shared arena, the first failing tenant one byte below it with its first log
line, and the probes around it (ok, first failing tenant, first error).
"""
import json
import os
import subprocess
import sys

# (name, [models relative to MODELS_ROOT], planner, interleave)
T = "tflm/"
CASES = [
    ("speech_then_person", [T + "micro_speech_quantized.tflite", T + "person_detect.tflite"], "greedy", False),
    ("person_then_speech", [T + "person_detect.tflite", T + "micro_speech_quantized.tflite"], "greedy", False),
    ("speech_then_person_linear", [T + "micro_speech_quantized.tflite", T + "person_detect.tflite"], "linear", False),
    ("person_then_speech_linear", [T + "person_detect.tflite", T + "micro_speech_quantized.tflite"], "linear", False),
    ("hello_then_scrambled", [T + "hello_world_int8.tflite", T + "keyword_scrambled.tflite"], "greedy", False),
    ("scrambled_then_hello", [T + "keyword_scrambled.tflite", T + "hello_world_int8.tflite"], "greedy", False),
    ("audio_then_speech", [T + "audio_preprocessor_int8.tflite", T + "micro_speech_quantized.tflite"], "greedy", False),
    ("speech_then_audio", [T + "micro_speech_quantized.tflite", T + "audio_preprocessor_int8.tflite"], "greedy", False),
    ("audio_then_speech_linear", [T + "audio_preprocessor_int8.tflite", T + "micro_speech_quantized.tflite"], "linear",
     False),
    ("lstm_then_hello_float", [T + "trained_lstm_int8.tflite", T + "hello_world_float.tflite"], "greedy", False),
    ("hello_float_then_lstm", [T + "hello_world_float.tflite", T + "trained_lstm_int8.tflite"], "greedy", False),
    ("triple_person_scrambled8_speech",
     [T + "person_detect.tflite", T + "keyword_scrambled_8bit.tflite", T + "micro_speech_quantized.tflite"], "greedy",
     False),
    ("triple_speech_scrambled8_person",
     [T + "micro_speech_quantized.tflite", T + "keyword_scrambled_8bit.tflite", T + "person_detect.tflite"], "greedy",
     False),
    ("vela_fails_first", [T + "person_detect_vela.tflite", T + "hello_world_int8.tflite"], "greedy", False),
    ("vela_fails_second", [T + "hello_world_int8.tflite", T + "person_detect_vela.tflite", T + "simple_add_model.tflite"],
     "greedy", False),
    ("variables_then_speech", ["ops/read_variable_float32_call_once_var_handle_assign.tflite",
                               T + "micro_speech_quantized.tflite"], "greedy", False),
    ("speech_then_variables", [T + "micro_speech_quantized.tflite",
                               "ops/read_variable_float32_call_once_var_handle_assign.tflite"], "greedy", False),
    ("variables_interleaved", ["ops/read_variable_float32_call_once_var_handle_assign.tflite",
                               T + "micro_speech_quantized.tflite", "ops/assign_variable_int8.tflite"], "greedy",
     True),
    ("person_twice", [T + "person_detect.tflite", T + "person_detect.tflite"], "greedy", False),
    ("four_tenants", [T + "hello_world_int8.tflite", T + "micro_speech_quantized.tflite",
                      T + "keyword_scrambled_8bit.tflite", T + "simple_add_model.tflite"], "greedy", False),
    ("four_tenants_linear", [T + "hello_world_int8.tflite", T + "micro_speech_quantized.tflite",
                             T + "keyword_scrambled_8bit.tflite", T + "simple_add_model.tflite"], "linear", False),
    ("seanet_conv_then_add", [T + "seanet/conv/conv3.tflite", T + "seanet/add/add5.tflite"], "greedy", False),
]

TENANT_KEYS = ["status", "arena_used_bytes", "head_bytes", "tail_bytes", "tail_added_bytes", "max_head_buffer_usage",
               "plan_max_bytes", "model_is_allocating_after"]


def first_line(text):
    return text.split("\n", 1)[0] if text else ""


def condense(case, d):
    name, models, planner, interleave = case
    at = d["at_measure"]
    out = {
        "name": name,
        "models": models,
        "planner": planner,
        "interleave": interleave,
        "tenants": [{**{k: t[k] for k in TENANT_KEYS if k in t}, "first_log_line": first_line(t.get("log", ""))}
                    for t in at["tenants"]],
        "final_head_bytes": at["final_head_bytes"],
        "final_tail_bytes": at["final_tail_bytes"],
        "min_arena_bytes": d.get("min_arena_bytes"),
        "min_verified": d.get("min_verified"),
    }
    if d.get("min_arena_bytes") is not None:
        below = d.get("at_min_minus_1", [])
        failing = d.get("min_fail_first_failing_tenant", -1)
        out["min_fail_first_failing_tenant"] = failing
        out["min_fail_first_line"] = first_line(below[failing]["log"]) if 0 <= failing < len(below) else ""
        probes = d.get("probe", {}).get("probes", [])
        out["probes"] = [{k: p[k] for k in ("size", "ok", "first_failing_tenant", "first_error") if k in p}
                         for p in probes]
    return out


def main():
    binary, root, out_path, how = sys.argv[1:5]
    runner = []
    if "--runner" in sys.argv:
        runner = sys.argv[sys.argv.index("--runner") + 1].split()
    cases = []
    for case in CASES:
        name, models, planner, interleave = case
        paths = [os.path.join(root, m) for m in models]
        if not all(os.path.exists(p) for p in paths):
            print("skipped (a model is absent):", name, file=sys.stderr)
            continue
        cmd = runner + [binary, "--planner", planner, "--root", root] + (["--interleave"] if interleave else []) + paths
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            print("failed:", name, r.stderr[-500:], file=sys.stderr)
            continue
        d = json.loads(r.stdout)
        cases.append(condense(case, d))
        print("measured:", name, "min", d.get("min_arena_bytes"), file=sys.stderr)
    doc = {"how": how, "abi": d["abi"] if cases else None, "tflm_commit": d["tflm_commit"] if cases else None,
           "cases": cases}
    with open(out_path + ".tmp", "w") as f:
        json.dump(doc, f, sort_keys=True, indent=0, separators=(",", ":"))
        f.write("\n")
    os.replace(out_path + ".tmp", out_path)


if __name__ == "__main__":
    main()
