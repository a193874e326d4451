#!/usr/bin/env python3
"""Take objects from an earlier build_m55.sh library build of another TFLM snapshot where they
cannot differ: an object is copied when its source and every file its .d lists (outside the
toolchain's /usr) are byte-identical in the two trees. Both builds must use the same compiler and
the same flag set (compare the two Makefiles' flags first). Objects the new build already has are
compared instead, as a check. Used for b8c7ecc1 from 10ebaab9 (tests/fidelity/measured/README.md).

usage: reuse_objects.py OLD_TFLM OLD_OBJ_DIR NEW_TFLM NEW_OBJ_DIR [--apply]
  OLD_OBJ_DIR, NEW_OBJ_DIR: BUILD_DIR/cm55/gen/<gendir>/obj of each build, absolute paths
  without --apply it only counts."""
import filecmp
import os
import shutil
import sys


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    old_tree, old_obj, new_tree, new_obj = (os.path.abspath(a) for a in sys.argv[1:5])
    apply = "--apply" in sys.argv[5:]
    stats = dict(same=0, differ=0, checked=0, mismatch=0, copied=0)
    for root, _, files in os.walk(old_obj):
        for name in files:
            if not name.endswith(".d"):
                continue
            dep_text = open(os.path.join(root, name)).read()
            deps = dep_text.replace("\\\n", " ").split(":", 1)[1].split()
            same = True
            for d in deps:
                if d.startswith("/usr/"):
                    continue
                if d.startswith("/"):  # generated files: not compared, not taken
                    same = False
                    break
                a, b = os.path.join(old_tree, d), os.path.join(new_tree, d)
                if not os.path.exists(b) or not filecmp.cmp(a, b, shallow=False):
                    same = False
                    break
            rel = os.path.relpath(os.path.join(root, name[:-2] + ".o"), old_obj)
            if not same:
                stats["differ"] += 1
                continue
            stats["same"] += 1
            new_o = os.path.join(new_obj, rel)
            if os.path.exists(new_o):
                stats["checked"] += 1
                if not filecmp.cmp(os.path.join(old_obj, rel), new_o, shallow=False):
                    stats["mismatch"] += 1
                    print("differs although its inputs do not:", rel)
                continue
            if apply:
                os.makedirs(os.path.dirname(new_o), exist_ok=True)
                shutil.copyfile(os.path.join(old_obj, rel), new_o)
                with open(new_o[:-2] + ".d", "w") as f:
                    f.write(dep_text.replace(old_obj, new_obj))
                stats["copied"] += 1
    print(stats)
    return 1 if stats["mismatch"] else 0


if __name__ == "__main__":
    sys.exit(main())
