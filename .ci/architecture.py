#!/usr/bin/env python3
"""The host's structural rules (ARCHITECTURE.md "Rules the build checks"), checked in CI.

    python3 .ci/architecture.py            # check; exit 1 naming each breach
    python3 .ci/architecture.py --report   # also print the module graph's largest loops and files

Rules, over `host/src` (test modules, `#[cfg(test)] mod ...` to the end of the file, are left out):

1. No import loop larger than MAX_LOOP files: the files' `crate::` / `super::` / `self::` references
   and their `mod` declarations form a directed graph (a `mod.rs` depends on the children it
   declares); every strongly connected component must have at most MAX_LOOP files. So a folder's
   children name each other by file (`super::sibling::Item`), not through their parent.
2. No file over MAX_LINES lines.
3. No module below the HTTP edge (`http/`) names the edge: `crate::http` appears only in `http/`,
   `main.rs` and `lib.rs`.

Function length (at most 150 lines) is clippy's `too_many_lines`, set in `clippy.toml` and enabled in
`host/src/lib.rs`, so `cargo clippy -- -D warnings` checks it.
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "host" / "src"
MAX_LOOP = 3
MAX_LINES = 800
EDGE = "http"


def module_path(path: Path) -> tuple[str, ...]:
    """`host/src/api/cars.rs` -> ("api", "cars"); `search/mod.rs` -> ("search",); lib.rs -> ()."""
    rel = path.relative_to(SRC).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def strip_code(text: str) -> str:
    """Drops comments, string literals and the trailing test module, keeping the code's words."""
    cut = re.search(r"^\s*#\[cfg\(test\)\]\s*\n\s*(pub(\(crate\))?\s+)?mod\s+\w+\s*\{", text, re.M)
    if cut:
        text = text[: cut.start()]
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'r(#+)".*?"\1', '""', text, flags=re.S)
    text = re.sub(r'"(\\.|[^"\\])*"', '""', text, flags=re.S)
    return text


def expand_use(tree: str) -> list[str]:
    """`a::{b, c::{d, e}}` -> ["a::b", "a::c::d", "a::c::e"]."""
    tree = re.sub(r"\s+as\s+\w+", "", tree)
    tree = re.sub(r"\s+", "", tree)
    brace = tree.find("{")
    if brace < 0:
        return [tree]
    prefix, inner = tree[:brace], tree[brace + 1 : tree.rfind("}")]
    items, depth, start = [], 0, 0
    for i, ch in enumerate(inner):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(inner[start:i])
            start = i + 1
    items.append(inner[start:])
    out = []
    for item in items:
        if item:
            out.extend(prefix + sub for sub in expand_use(item))
    return out


def references(code: str, here: tuple[str, ...], is_mod_file: bool) -> list[tuple[str, ...]]:
    """Absolute module paths this file's code names (`crate::`, `super::`, `self::`)."""
    paths: list[str] = []
    for m in re.finditer(r"\buse\s+([^;]+);", code):
        paths.extend(expand_use(m.group(1)))
    for m in re.finditer(r"(?<![\w:])((?:crate|super|self)(?:::\w+)+)(?![\w:])", code):
        paths.append(m.group(1))
    out = []
    # A mod.rs's `super` is its parent; a leaf file's `super` is its folder's module.
    parent_of_self = here if is_mod_file else here[:-1]
    for m in re.finditer(r"\bmod\s+(\w+)\s*;", code):
        paths.append("self::" + m.group(1))
    for p in paths:
        segs = p.split("::")
        if segs[0] == "crate":
            out.append(tuple(segs[1:]))
        elif segs[0] == "super":
            base = list(parent_of_self)
            segs = segs[1:]
            while segs and segs[0] == "super":
                base = base[:-1]
                segs = segs[1:]
            out.append(tuple(base) + tuple(segs))
        elif segs[0] == "self":
            out.append(tuple(here) + tuple(segs[1:]))
    return out


def tarjan(graph: dict[str, set[str]]) -> list[list[str]]:
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return comps


def main() -> int:
    report = "--report" in sys.argv
    files = sorted(p for p in SRC.rglob("*.rs"))
    by_module = {module_path(p): p for p in files if p.name != "main.rs"}
    graph: dict[str, set[str]] = {}
    problems: list[str] = []
    sizes = []
    for path in files:
        rel = str(path.relative_to(ROOT))
        text = path.read_text()
        lines = text.count("\n")
        sizes.append((lines, rel))
        if lines > MAX_LINES:
            problems.append(f"{rel}: {lines} lines (at most {MAX_LINES})")
        here = module_path(path)
        code = strip_code(text)
        edges = graph.setdefault(rel, set())
        for target in references(code, here, path.name in ("mod.rs", "lib.rs", "main.rs")):
            # the longest prefix that is a module file
            for n in range(len(target), 0, -1):
                hit = by_module.get(target[:n])
                if hit is not None:
                    if hit != path:
                        edges.add(str(hit.relative_to(ROOT)))
                    break
            if (
                target[:1] == (EDGE,)
                and here[:1] != (EDGE,)
                and path.name not in ("main.rs", "lib.rs")
            ):
                problems.append(f"{rel}: names `crate::{'::'.join(target)}`; only the HTTP edge may")
    comps = sorted(tarjan(graph), key=len, reverse=True)
    for comp in comps:
        if len(comp) > MAX_LOOP:
            problems.append(
                f"import loop of {len(comp)} files (at most {MAX_LOOP}): " + ", ".join(comp)
            )
    if report:
        print("largest import loops:")
        for comp in comps[:5]:
            if len(comp) > 1:
                print(f"  {len(comp)}: {', '.join(comp)}")
        print("largest files:")
        for lines, rel in sorted(sizes, reverse=True)[:10]:
            print(f"  {lines:5} {rel}")
    for p in sorted(set(problems)):
        print(f"architecture: {p}", file=sys.stderr)
    if problems:
        return 1
    print(f"architecture: {len(files)} files, largest loop {len(comps[0]) if comps else 0}, rules hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
