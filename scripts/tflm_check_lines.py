#!/usr/bin/env python3
# ArenaScope: where TFLM's checks sit in older snapshots (generates core/emulation/tflm_check_sites_data.cpp).
# SPDX-License-Identifier: GPL-3.0-or-later
#
# TF_LITE_ENSURE, TF_LITE_ENSURE_EQ, TF_LITE_ENSURE_TYPES_EQ and TF_LITE_ENSURE_NEAR print
# "<__FILE__>:<__LINE__> ...". ArenaScope's kernels use the lines of the newest snapshot
# (NEWEST below); this script finds, for every such check, its file and line in each older
# snapshot (OLDER below, in the column order of detail::CheckSiteRow), or that it is absent there.
#
# Method (the machine-run form of docs/tflm-snapshots/source-reading.md, Appendix A):
#   1. Files: tensorflow/lite/micro/{*.cc,*.h}, micro/kernels/{*.cc,*.h}, micro/kernels/cmsis_nn/*.cc,
#      micro/memory_planner/*, micro/arena_allocator/* (all without *_test.cc), plus
#      tensorflow/lite/kernels/kernel_util.cc and tensorflow/lite/core/api/flatbuffer_conversions.cc,
#      listed per commit with `git ls-tree` and read with `git show <commit>:<path>`.
#   2. Comments are blanked (line numbers kept), preprocessor lines are dropped, and code the
#      modelled build does not compile is dropped: the USE_TFLM_COMPRESSION and HEXAGON branches
#      of #ifdef/#if defined(...) (their #else branches are kept). Every other branch is kept.
#   3. Checks: invocations of TF_LITE_ENSURE, _EQ, _TYPES_EQ, _NEAR (line-bearing), _MSG, MicroPrintf,
#      TF_LITE_KERNEL_LOG and TF_LITE_REPORT_ERROR (TF_LITE_ENSURE_OK / _STATUS print nothing of their
#      own and are skipped). A check's line is the line of the macro name (GCC's __LINE__ for an
#      invocation spanning lines). Its key is the macro plus its whitespace-normalised arguments
#      without the first (context / error_reporter) argument of the TF_LITE_* macros.
#   4. Per newest file, its key sequence is aligned with the same path at the old commit
#      (difflib.SequenceMatcher, autojunk=False); equal entries map newest line -> old line.
#   5. Checks still unmatched are looked for in a renamed / split predecessor: the old file holding
#      the most of them among its own leftovers (checks not matched by its same-path alignment),
#      aligned the same way. A predecessor lives in the same directory and shares at least
#      MIN_PREDECESSOR_MATCHES checks, at least half of the file's unmatched ones (one check suffices
#      for a pure rename: the newest file is new and the old one gone). The best pair over all files
#      goes first; repeated until no pair qualifies (a file split in two finds both halves).
#   6. Checks still unmatched are absent at that snapshot (added later, or their text changed).
#
# Run (from the repository root; the mirror is a bare clone of tensorflow/tflite-micro):
#   python3 scripts/tflm_check_lines.py --git-dir /work/.mirror/tensorflow+tflite-micro/repo \
#       --out core/emulation/tflm_check_sites_data.cpp --report /tmp/check_lines_report.txt
# The output depends on the commits only: the same mirror gives byte-identical files.

import argparse
import difflib
import re
import subprocess
import sys
from collections import Counter, defaultdict

NEWEST = ("90b983c2b3f1480642e040bbd2ddb37b998f3424", "V2026_08")
# Column order of detail::CheckSiteRow::oldFile / oldLine.
OLDER = [
    ("b8c7ecc197eab319b62a0311db307ad3b1f65943", "V2025_11"),
    ("10ebaab9fcb796319df88dbf0db1a05d13a812c5", "V2025_01"),
    ("71fba59b5bebfd64b48e167bfcb669fff568ec74", "V2024_05"),
    ("4e62ea7b821c1e6af004912132395fb81922ea8d", "V2023_02"),
]

MICRO = "tensorflow/lite/micro"
# (directory, accepted suffixes) listed non-recursively at each commit.
DIRECTORIES = [
    (MICRO, (".cc", ".h")),
    (MICRO + "/kernels", (".cc", ".h")),
    (MICRO + "/kernels/cmsis_nn", (".cc",)),
    (MICRO + "/memory_planner", (".cc", ".h")),
    (MICRO + "/arena_allocator", (".cc", ".h")),
]
SINGLE_FILES = [
    "tensorflow/lite/kernels/kernel_util.cc",
    "tensorflow/lite/core/api/flatbuffer_conversions.cc",
]

LINE_BEARING = ("TF_LITE_ENSURE", "TF_LITE_ENSURE_EQ", "TF_LITE_ENSURE_TYPES_EQ", "TF_LITE_ENSURE_NEAR")
MESSAGE_ONLY = ("TF_LITE_ENSURE_MSG", "MicroPrintf", "TF_LITE_KERNEL_LOG", "TF_LITE_REPORT_ERROR")
MACROS = LINE_BEARING + MESSAGE_ONLY
MACRO_RE = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(sorted(MACROS, key=len, reverse=True)) + r")(?![A-Za-z0-9_])")

# Configuration macros the modelled build leaves undefined.
UNDEFINED_MACROS = ("USE_TFLM_COMPRESSION", "HEXAGON")

MIN_PREDECESSOR_MATCHES = 3
CUT = 230


# ---------------------------------------------------------------------------------------------
# git


class Git:
    def __init__(self, git_dir):
        self.git_dir = git_dir
        self.cache = {}

    def run(self, *args):
        out = subprocess.run(["git", "--git-dir=" + self.git_dir] + list(args), check=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        return out.stdout

    def ls_dir(self, commit, directory):
        names = []
        for row in self.run("ls-tree", commit, directory + "/").decode().splitlines():
            meta, path = row.split("\t", 1)
            if meta.split()[1] == "blob":
                names.append(path)
        return names

    def exists(self, commit, path):
        return bool(self.run("ls-tree", commit, path).strip())

    def show(self, commit, path):
        return self.run("show", commit + ":" + path).decode("utf-8", errors="replace")


def file_set(git, commit):
    files = []
    for directory, suffixes in DIRECTORIES:
        for path in git.ls_dir(commit, directory):
            if path.endswith(suffixes) and not path.endswith("_test.cc"):
                files.append(path)
    for path in SINGLE_FILES:
        if not git.exists(commit, path):
            sys.exit("%s: %s not found" % (commit, path))
        files.append(path)
    return sorted(set(files))


# ---------------------------------------------------------------------------------------------
# source preparation


def blank_comments(text):
    """Comments replaced by spaces (newlines kept); string and character literals untouched."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and i + 1 < n and text[i + 1] == "/":
            j = text.find("\n", i)
            j = n if j < 0 else j
            # A // comment ending in a backslash continues; rare enough to ignore.
            out.append(" " * (j - i))
            i = j
        elif c == "/" and i + 1 < n and text[i + 1] == "*":
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def condition_value(directive, expression):
    """False / True when the condition is decided by UNDEFINED_MACROS alone, else None (keep)."""
    e = re.sub(r"\s+", "", expression)
    for name in UNDEFINED_MACROS:
        if directive == "ifdef" and e == name:
            return False
        if directive == "ifndef" and e == name:
            return True
        if directive in ("if", "elif"):
            if e in ("defined(%s)" % name, "defined" + name):
                return False
            if e in ("!defined(%s)" % name, "!defined" + name):
                return True
    return None


def active_code(text):
    """Lines of `text` with comments blanked, preprocessor lines and dead branches emptied."""
    lines = blank_comments(text).split("\n")
    out = []
    # Per open #if: [value of the branch being read (False/True/None), a branch so far is taken for
    # sure, a branch so far is undecided].
    stack = []
    continuation = False
    for line in lines:
        if continuation:
            continuation = line.rstrip().endswith("\\")
            out.append("")
            continue
        m = re.match(r"\s*#\s*(\w+)\s*(.*)", line)
        if m:
            continuation = line.rstrip().endswith("\\")
            directive, expression = m.group(1), m.group(2)
            if directive in ("if", "ifdef", "ifndef"):
                value = condition_value(directive, expression)
                stack.append([value, value is True, value is None])
            elif directive == "elif" and stack:
                top = stack[-1]
                value = False if top[1] else condition_value("elif", expression)
                top[0] = value
                top[1] = top[1] or value is True
                top[2] = top[2] or value is None
            elif directive == "else" and stack:
                top = stack[-1]
                top[0] = False if top[1] else (None if top[2] else True)
            elif directive == "endif" and stack:
                stack.pop()
            out.append("")
            continue
        dead = any(entry[0] is False for entry in stack)
        out.append("" if dead else line)
    return out


# ---------------------------------------------------------------------------------------------
# checks


class Check:
    __slots__ = ("file", "line", "macro", "args", "key", "end_line", "function")

    def __init__(self, file, line, macro, args, key, end_line, function):
        self.file, self.line, self.macro, self.args, self.key, self.end_line = file, line, macro, args, key, end_line
        self.function = function  # enclosing function (heuristic), for the report's sanity check

    @property
    def line_bearing(self):
        return self.macro in LINE_BEARING


def past_literal(code, i):
    """Index just past the string or character literal that opens at code[i]."""
    quote, j, n = code[i], i + 1, len(code)
    while j < n and code[j] != quote:
        j += 2 if code[j] == "\\" else 1
    return j + 1


def balanced(code, start):
    """Index just past the parenthesis matching code[start] == '(' (string literals skipped)."""
    depth = 0
    i, n = start, len(code)
    while i < n:
        c = code[i]
        if c == '"' or c == "'":
            i = past_literal(code, i)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return -1


def split_first_argument(args):
    """`args` without its first top-level argument."""
    depth = 0
    i, n = 0, len(args)
    while i < n:
        c = args[i]
        if c == '"' or c == "'":
            i = past_literal(args, i)
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            return args[i + 1:].strip()
        i += 1
    return ""


def extract(path, text):
    lines = active_code(text)
    code = "\n".join(lines)
    line_starts = [0]
    for line in lines:
        line_starts.append(line_starts[-1] + len(line) + 1)

    def line_of(offset):
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    # Heuristic function heads: a line starting in column 0 with an identifier and holding '('.
    heads = []
    for number, line in enumerate(lines, 1):
        h = re.match(r"[A-Za-z_].*?([A-Za-z_][A-Za-z0-9_:~]*)\s*\(", line)
        if h and not line.startswith(("namespace", "using", "typedef", "extern", "static_assert")):
            heads.append((number, h.group(1)))

    def function_of(number):
        name = ""
        for head_line, head in heads:
            if head_line > number:
                break
            name = head
        return name

    checks = []
    for m in MACRO_RE.finditer(code):
        macro = m.group(1)
        j = m.end()
        while j < len(code) and code[j] in " \t\n":
            j += 1
        if j >= len(code) or code[j] != "(":
            continue
        before = code[:m.start()].rstrip()
        if re.search(r"(?<![A-Za-z0-9_])void$", before):
            continue  # void MicroPrintf(const char* format, ...): the function itself
        end = balanced(code, j)
        if end < 0:
            continue
        args = " ".join(code[j + 1:end - 1].split())
        compared = args if macro == "MicroPrintf" else split_first_argument(args)
        line = line_of(m.start())
        checks.append(Check(path, line, macro, args, macro + "|" + compared, line_of(end - 1), function_of(line)))
    return checks


# ---------------------------------------------------------------------------------------------
# alignment


class Snapshot:
    def __init__(self, commit, files):
        self.commit = commit
        self.files = files  # path -> [Check]


def align(new_checks, old_checks):
    """Index pairs (i, j) of equal keys, in order."""
    a = [c.key for c in new_checks]
    b = [c.key for c in old_checks]
    pairs = []
    for block in difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks():
        for k in range(block.size):
            pairs.append((block.a + k, block.b + k))
    return pairs


class Alignment:
    """Newest snapshot against one older snapshot."""

    def __init__(self, newest, old):
        self.newest, self.old = newest, old
        self.mapping = {}  # (new path, new index) -> (old path, old index)
        self.old_used = set()  # (old path, old index)
        self.same_path_pairs = {}  # new path -> [(i, j)]
        self.predecessors = defaultdict(list)  # new path -> [(old path, count)]

        for path, checks in newest.files.items():
            old_checks = old.files.get(path)
            if old_checks is None:
                continue
            pairs = align(checks, old_checks)
            self.same_path_pairs[path] = pairs
            for i, j in pairs:
                self.mapping[(path, i)] = (path, j)
                self.old_used.add((path, j))

        self.rejected = []  # (new path, old path, count, unmatched): below the ratio
        while self._adopt_predecessor():
            pass

    def _unmatched(self, path):
        return [i for i in range(len(self.newest.files[path])) if (path, i) not in self.mapping]

    def _leftover(self, old_path):
        return [j for j in range(len(self.old.files[old_path])) if (old_path, j) not in self.old_used]

    def _adopt_predecessor(self):
        """Aligns the (newest file, old file) pair sharing the most leftover checks; False if none qualifies."""
        best = None
        for path in sorted(self.newest.files):
            unmatched = self._unmatched(path)
            if not unmatched:
                continue
            keys = Counter(self.newest.files[path][i].key for i in unmatched)
            directory = path.rsplit("/", 1)[0]
            for old_path in sorted(self.old.files):
                if old_path == path or old_path.rsplit("/", 1)[0] != directory:
                    continue
                left = Counter(self.old.files[old_path][j].key for j in self._leftover(old_path))
                count = sum((keys & left).values())
                if count == 0:
                    continue
                # A pure rename (the newest file is new, the old one gone) needs one common check;
                # otherwise MIN_PREDECESSOR_MATCHES, and at least half of the file's unmatched checks.
                rename = path not in self.old.files and old_path not in self.newest.files
                if not rename:
                    if count < MIN_PREDECESSOR_MATCHES:
                        continue
                    if 2 * count < len(unmatched):
                        if (path, old_path, count, len(unmatched)) not in self.rejected:
                            self.rejected.append((path, old_path, count, len(unmatched)))
                        continue
                if best is None or count > best[0]:
                    best = (count, path, old_path, unmatched)
        if best is None:
            return False
        _, path, old_path, unmatched = best
        left_idx = self._leftover(old_path)
        pairs = align([self.newest.files[path][i] for i in unmatched], [self.old.files[old_path][j] for j in left_idx])
        for a, b in pairs:
            self.mapping[(path, unmatched[a])] = (old_path, left_idx[b])
            self.old_used.add((old_path, left_idx[b]))
        self.predecessors[path].append((old_path, len(pairs)))
        return bool(pairs)

    def site(self, path, i):
        """(old path, old line) or None."""
        hit = self.mapping.get((path, i))
        if hit is None:
            return None
        old_path, j = hit
        return old_path, self.old.files[old_path][j].line


# ---------------------------------------------------------------------------------------------
# output


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def cut(s):
    return s if len(s) <= CUT else s[:CUT] + "..."


def build_rows(newest, alignments, notes):
    rows = {}
    for path in sorted(newest.files):
        for i, check in enumerate(newest.files[path]):
            if not check.line_bearing:
                continue
            cols = []
            for al in alignments:
                s = al.site(path, i)
                if s is None:
                    cols.append((None, 0))
                else:
                    cols.append((None if s[0] == path else s[0], s[1]))
            key = (path, check.line)
            if key in rows:
                if rows[key][1] != cols:
                    notes.append("two line-bearing checks on %s:%d disagree; kept the first (%s), dropped %s: %s"
                                 % (path, check.line, rows[key][0].macro, check.macro, cut(check.args)))
                continue
            rows[key] = (check, cols)
    out = []
    for (path, line), (check, cols) in sorted(rows.items()):
        if all(f is None and l == line for f, l in cols):
            continue
        out.append((path, line, cols))
    return out


def build_file_rows(newest, alignments):
    out = []
    for path in sorted(newest.files):
        checks = newest.files[path]
        if not checks:
            continue
        cols = []
        for al in alignments:
            holders = Counter()
            fallback = Counter()
            for i, check in enumerate(checks):
                s = al.site(path, i)
                if s is None:
                    continue
                fallback[s[0]] += 1
                if not check.line_bearing:
                    holders[s[0]] += 1
            counts = holders or fallback
            if counts:
                top = max(counts.values())
                # The same path wins a tie; otherwise the first in path order.
                winner = path if counts.get(path) == top else sorted(p for p, c in counts.items() if c == top)[0]
                cols.append(None if winner == path else winner)
            elif path in al.old.files:
                cols.append(None)
            else:
                cols.append("")
        if any(c is not None for c in cols):
            out.append((path, cols))
    return out


def column_legend(prefix):
    """One line per older snapshot: which column of the rows holds it."""
    return ["%scolumn %d: %s (%s)" % (prefix, idx, commit, name) for idx, (commit, name) in enumerate(OLDER)]


def write_cpp(out_path, rows, file_rows):
    lines = []
    lines.append("// Generated by scripts/tflm_check_lines.py; do not edit. Regenerate with:")
    lines.append("//   python3 scripts/tflm_check_lines.py --git-dir <tflite-micro mirror> --out core/emulation/tflm_check_sites_data.cpp")
    lines.append("// Where each line-bearing TFLM check of %s (newest) sits in the older snapshots:" % NEWEST[0])
    lines += column_legend("//   ")
    lines.append("// SPDX-License-Identifier: GPL-3.0-or-later")
    lines.append('#include "tflm_check_sites.h"')
    lines.append("")
    lines.append("// clang-format off")
    lines.append("namespace arenascope::detail {")
    lines.append("")
    lines.append("// file, line at the newest snapshot; { old file per column (nullptr: same path) }, { old line (0: absent) }")
    lines.append("const CheckSiteRow kCheckSiteRows[] = {")
    for path, line, cols in rows:
        files = ", ".join("nullptr" if f is None else c_string(f) for f, _ in cols)
        nums = ", ".join(str(l) for _, l in cols)
        lines.append("    { %s, %d, { %s }, { %s } }," % (c_string(path), line, files, nums))
    if not rows:
        lines.append('    { "", 0, { %s }, { %s } },' % (", ".join(["nullptr"] * len(OLDER)), ", ".join(["0"] * len(OLDER))))
    lines.append("};")
    lines.append("const std::size_t kCheckSiteRowCount = %d;" % len(rows))
    lines.append("")
    lines.append('// file at the newest snapshot; { file its messages print per column (nullptr: same path, "": absent) }')
    lines.append("const CheckFileRow kCheckFileRows[] = {")
    for path, cols in file_rows:
        files = ", ".join("nullptr" if f is None else c_string(f) for f in cols)
        lines.append("    { %s, { %s } }," % (c_string(path), files))
    if not file_rows:
        lines.append('    { "", { %s } },' % ", ".join(["nullptr"] * len(OLDER)))
    lines.append("};")
    lines.append("const std::size_t kCheckFileRowCount = %d;" % len(file_rows))
    lines.append("")
    lines.append("} // namespace arenascope::detail")
    lines.append("// clang-format on")
    with open(out_path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


def signed(d):
    return "+%d" % d if d > 0 else ("%d" % d if d < 0 else "0")


def report_file(al, path, out):
    """Appendix A style lines for one newest file against one old snapshot."""
    new_checks = al.newest.files[path]
    old_checks = al.old.files.get(path)
    short_old = al.old.commit[:8]
    events = []  # in alignment order: ("match", i, old_path, j) / ("new", i) / ("old", j)
    if old_checks is not None:
        pairs = al.same_path_pairs[path]
        pi, pj = 0, 0
        for i, j in pairs + [(len(new_checks), len(old_checks))]:
            while pi < i:
                events.append(("new", pi))
                pi += 1
            while pj < j:
                if (path, pj) in al.old_used:
                    events.append(("taken", pj))
                else:
                    events.append(("old", pj))
                pj += 1
            if i < len(new_checks):
                events.append(("match", i, path, j))
            pi, pj = i + 1, j + 1
    else:
        events = [("new", i) for i in range(len(new_checks))]
        out.append("- (file absent at %s)" % short_old)
    # Newest checks unmatched by the same path but matched in a predecessor.
    events = [("match", e[1]) + al.mapping[(path, e[1])] if e[0] == "new" and (path, e[1]) in al.mapping else e
              for e in events]
    run = []

    def flush():
        if not run:
            return
        if len(run) == 1:
            i, old_path, old_line = run[0]
            c = new_checks[i]
            where = "" if old_path == path else " (in %s)" % old_path
            out.append("- `%s` %d -> %d%s: %s" % (c.macro, c.line, old_line, where, cut(c.args)))
        else:
            first, last = run[0], run[-1]
            where = "" if first[1] == path else " in %s" % first[1]
            out.append("- lines %d-%d -> old = new %s%s (%d line-bearing checks)"
                       % (new_checks[first[0]].line, new_checks[last[0]].line,
                          signed(first[2] - new_checks[first[0]].line), where, len(run)))
        run.clear()

    for e in events:
        if e[0] == "match":
            i, old_path, j = e[1], e[2], e[3]
            c = new_checks[i]
            old_line = al.old.files[old_path][j].line
            if not c.line_bearing:
                if old_path != path:
                    flush()
                    out.append("- `%s` %d -> (in %s, line %d): %s" % (c.macro, c.line, old_path, old_line, cut(c.args)))
                continue
            if old_path == path and old_line == c.line:
                flush()
                continue
            if run and (run[-1][1] != old_path or run[-1][2] - new_checks[run[-1][0]].line != old_line - c.line):
                flush()
            run.append((i, old_path, old_line))
        elif e[0] == "new":
            flush()
            c = new_checks[e[1]]
            out.append("- ONLY@%s line %d `%s`: %s" % (NEWEST[0][:8], c.line, c.macro, cut(c.args)))
        elif e[0] == "old":
            flush()
            c = old_checks[e[1]]
            out.append("- ONLY@old line %d `%s`: %s" % (c.line, c.macro, cut(c.args)))
        # "taken": an old check claimed by a renamed / split newest file; reported there.
    flush()


def write_report(report_path, newest, alignments, rows, file_rows, notes):
    out = []
    out.append("TFLM check-line alignment (scripts/tflm_check_lines.py)")
    out.append("newest: %s" % NEWEST[0])
    out += column_legend("")
    out.append("")
    out.append("Entries per file, in alignment order:")
    out.append("  `MACRO` new -> old: args           one moved line-bearing check")
    out.append("  lines a-b -> old = new +d (k ...)  a run of line-bearing checks with the same shift")
    out.append("  (in <path>)                        matched in a renamed / split predecessor")
    out.append("  ONLY@%s line L                 absent (or changed) at the old snapshot" % NEWEST[0][:8])
    out.append("  ONLY@old line L                    exists only at the old snapshot (old line, old text)")
    out.append("Message-only checks (MSG, MicroPrintf, KERNEL_LOG, REPORT_ERROR) carry no line; they appear")
    out.append("only when absent on one side or matched in another file. Arguments are cut at %d characters." % CUT)
    out.append("")
    for al in alignments:
        short_old = al.old.commit[:8]
        out.append("=" * 100)
        out.append("Snapshot %s" % al.old.commit)
        out.append("=" * 100)
        out.append("")
        out.append("Predecessors (renamed / split files; newest file <- old file: checks matched there):")
        any_pred = False
        for path in sorted(al.predecessors):
            for old_path, count in al.predecessors[path]:
                out.append("  %s <- %s: %d" % (path, old_path, count))
                any_pred = True
        if not any_pred:
            out.append("  (none)")
        for path, old_path, count, unmatched in sorted(al.rejected):
            if not any(p == old_path for p, _ in al.predecessors.get(path, [])):
                out.append("  rejected: %s <- %s: %d of %d unmatched checks in common (under half)"
                           % (path, old_path, count, unmatched))
        out.append("")
        for path in sorted(newest.files):
            body = []
            report_file(al, path, body)
            if body and not all(b.startswith("- (file absent") for b in body):
                out.append("##### %s" % path)
                out.extend(body)
                out.append("")
            elif body:
                out.append("##### %s" % path)
                out.append("- absent at %s, no predecessor found (%d checks at newest)"
                           % (short_old, len(newest.files[path])))
                out.append("")
        for old_path in sorted(al.old.files):
            if old_path in newest.files:
                continue
            left = [c for j, c in enumerate(al.old.files[old_path]) if (old_path, j) not in al.old_used]
            used = len(al.old.files[old_path]) - len(left)
            if not al.old.files[old_path]:
                continue
            out.append("##### %s (exists only at the old snapshot; %d checks claimed by newer files)" % (old_path, used))
            for c in left:
                out.append("- ONLY@old line %d `%s`: %s" % (c.line, c.macro, cut(c.args)))
            out.append("")
    out.append("=" * 100)
    out.append("Notes")
    out.append("=" * 100)
    for n in notes:
        out.append("- " + n)
    if not notes:
        out.append("- (none)")
    out.append("")
    out.append("Summary")
    out.append("- kCheckSiteRows: %d rows" % len(rows))
    out.append("- kCheckFileRows: %d rows" % len(file_rows))
    for path, cols in file_rows:
        out.append("    %s: %s" % (path, ", ".join("same" if c is None else (c or "(absent)") for c in cols)))
    total_lb = sum(1 for cs in newest.files.values() for c in cs if c.line_bearing)
    out.append("- line-bearing checks at newest: %d (in %d files)" % (total_lb, len(newest.files)))
    for al in alignments:
        top = cmsis = 0
        for path, checks in newest.files.items():
            if not path.startswith(MICRO + "/kernels/"):
                continue
            n = sum(1 for i, c in enumerate(checks) if c.line_bearing and (path, i) not in al.mapping)
            if path.count("/") == (MICRO + "/kernels/x").count("/"):
                top += n
            else:
                cmsis += n
        out.append("- %s: ONLY@newest line-bearing checks in micro/kernels/*: %d (plus %d in kernels/cmsis_nn/*)"
                   % (al.old.commit[:8], top, cmsis))
    with open(report_path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out) + "\n")


# ---------------------------------------------------------------------------------------------


def load(git, commit):
    files = {}
    for path in file_set(git, commit):
        files[path] = extract(path, git.show(commit, path))
    return Snapshot(commit, files)


def ambiguity_notes(newest, alignments):
    """Duplicated keys whose multiplicity differs between the sides: which copy matched is arbitrary."""
    notes = []
    for al in alignments:
        for path in sorted(newest.files):
            checks = newest.files[path]
            old = al.old.files.get(path)
            if old is None:
                continue
            nk = Counter(c.key for c in checks if c.line_bearing)
            ok = Counter(c.key for c in old if c.line_bearing)
            for key in sorted(nk):
                if nk[key] > 1 and ok.get(key, 0) and nk[key] != ok[key]:
                    lines_new = [c.line for c in checks if c.key == key]
                    lines_old = [c.line for c in old if c.key == key]
                    notes.append("%s %s: `%s` occurs at newest lines %s and old lines %s; the pairing follows the alignment"
                                 % (al.old.commit[:8], path, cut(key.replace("|", ": ", 1)), lines_new, lines_old))
    return notes


def function_notes(newest, alignments):
    """Same-path pairings whose enclosing functions differ by name: worth a look."""
    notes = []
    for al in alignments:
        for (path, i), (old_path, j) in sorted(al.mapping.items()):
            c, o = newest.files[path][i], al.old.files[old_path][j]
            # 2023's namespace flattening renamed Prepare to ConcatenationPrepare and so on.
            same = c.function.endswith(o.function) or o.function.endswith(c.function)
            if old_path == path and c.line_bearing and not (c.function and o.function and same):
                notes.append("%s %s: `%s` %d in %s() paired with %d in %s()"
                             % (al.old.commit[:8], path, c.macro, c.line, c.function or "?", o.line, o.function or "?"))
    return notes


def main():
    parser = argparse.ArgumentParser(description="Align TFLM check lines between snapshots.")
    parser.add_argument("--git-dir", required=True, help="bare clone of tensorflow/tflite-micro")
    parser.add_argument("--out", required=True, help="the .cpp to write")
    parser.add_argument("--report", help="optional plain-text report")
    args = parser.parse_args()

    git = Git(args.git_dir)
    newest = load(git, NEWEST[0])
    alignments = [Alignment(newest, load(git, commit)) for commit, _ in OLDER]

    notes = []
    rows = build_rows(newest, alignments, notes)
    file_rows = build_file_rows(newest, alignments)
    multi = sum(1 for cs in newest.files.values() for c in cs if c.line_bearing and c.end_line != c.line)
    notes.append("%d line-bearing checks at newest span several lines; their line is the macro name's (GCC); "
                 "Clang's __LINE__ is the closing parenthesis' line" % multi)
    notes.extend(ambiguity_notes(newest, alignments))
    notes.extend(function_notes(newest, alignments))
    # checkSite() gives a check without a row checkFile()'s path: that must be its real one.
    listed = {(path, line) for path, line, _ in rows}
    for path, cols in file_rows:
        for check in newest.files[path]:
            if check.line_bearing and (path, check.line) not in listed and any(c is not None for c in cols):
                notes.append("%s:%d has no row but its file row redirects it" % (path, check.line))
    write_cpp(args.out, rows, file_rows)
    if args.report:
        write_report(args.report, newest, alignments, rows, file_rows, notes)
    print("%d check-site rows, %d check-file rows -> %s" % (len(rows), len(file_rows), args.out))


if __name__ == "__main__":
    main()
