#!/usr/bin/env python3
# oracle-p4: make an ARM-compilable copy of an esp-nn ESP32-P4 C file that contains
# RISC-V / PIE inline assembly.  Every top-level function definition is wrapped in
# "#if 0 ... #endif" (its symbols then become aborting link stubs, see Makefile),
# EXCEPT the functions named esp_nn_get_*scratch_size*, which are kept byte-identical.
# Nothing else in the file is changed: the copy is the original plus the inserted
# "#if 0"/"#endif" lines (checked below).
#
# usage: p4_guard.py IN.c OUT.c   (prints "kept: <names>" / "guarded: <names>")
import re
import sys

KEEP = re.compile(r"^esp_nn_get_\w*scratch_size\w*$")


def top_level_functions(src):
    """Yield (start, end, name): [start, end) spans a top-level function definition
    from the first code character of its declaration to just after its closing brace."""
    i, n = 0, len(src)
    depth = 0
    seg_start = None          # first code char of the current top-level item
    line_start = True
    body_open = None
    header = None
    while i < n:
        c = src[i]
        if line_start and depth == 0:
            # preprocessor line at top level: a boundary
            j = i
            while j < n and src[j] in " \t":
                j += 1
            if j < n and src[j] == "#":
                while j < n and src[j] != "\n":
                    if src[j] == "\\" and j + 1 < n and src[j + 1] == "\n":
                        j += 2
                        continue
                    j += 1
                i = j
                seg_start = None
                continue
        line_start = False
        if c == "\n":
            line_start = True
            i += 1
            continue
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
            continue
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        if c in "\"'":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            i = j + 1
            if depth == 0 and seg_start is None:
                seg_start = i
            continue
        if c.isspace():
            i += 1
            continue
        if depth == 0 and seg_start is None:
            seg_start = i
        if c == "{":
            if depth == 0:
                header = src[seg_start:i]
                body_open = i
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                h = header.rstrip()
                if h.endswith(")") and "=" not in h:
                    # parameter list: match the last ')' back to its '('
                    k, d = len(h) - 1, 0
                    while k >= 0:
                        if h[k] == ")":
                            d += 1
                        elif h[k] == "(":
                            d -= 1
                            if d == 0:
                                break
                        k -= 1
                    m = re.search(r"(\w+)\s*$", h[:k])
                    yield seg_start, i + 1, m.group(1) if m else "?"
                    seg_start = None
                # else: struct/initialiser; the item continues to its ';'
        elif c == ";" and depth == 0:
            seg_start = None
        i += 1


def main():
    src = open(sys.argv[1]).read()
    out, pos, kept, guarded = [], 0, [], []
    for s, e, name in top_level_functions(src):
        if KEEP.match(name):
            kept.append(name)
            continue
        guarded.append(name)
        ls = src.rfind("\n", 0, s) + 1          # start of the line
        le = src.find("\n", e)
        le = len(src) if le < 0 else le + 1      # after the end of the line
        out.append(src[pos:ls])
        out.append("#if 0 /* oracle-p4: %s (RISC-V/PIE code, not built for ARM; stubbed) */\n" % name)
        out.append(src[ls:le])
        if not src[ls:le].endswith("\n"):
            out.append("\n")
        out.append("#endif /* oracle-p4 */\n")
        pos = le
    out.append(src[pos:])
    res = "".join(out)
    # check: removing the inserted lines gives the original file back
    back = "".join(l for l in res.splitlines(True)
                   if not (l.startswith("#if 0 /* oracle-p4: ") or l == "#endif /* oracle-p4 */\n"))
    assert back == src or back == src + "\n", "guarded copy differs from the original"
    open(sys.argv[2], "w").write(res)
    print("kept: " + (" ".join(kept) or "-"))
    print("guarded: " + (" ".join(guarded) or "-"))


if __name__ == "__main__":
    main()
