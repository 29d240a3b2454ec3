#!/usr/bin/env python3
"""Finds array reads in Tests/ that crash the test process when the array is shorter than a test
expected: a literal index (`events[0]`, `xs[2].kind`) or a forced `.first!` / `.last!`. XCTest runs
every test of a target in one process, so one such crash hides every test after it; a test reads
`try xs.element(0)` or `try XCTUnwrap(xs.first)` instead, which fails that test alone.
A line that guards its own index (`indices.contains`, `count >`) or reads a dictionary by string key is
not reported. Usage: check_test_indexing.py [ROOT]; exits 1 naming each file:line."""
import pathlib, re, sys

LITERAL = re.compile(r'[A-Za-z0-9_)\]?]\[(\d+)\]')
FORCED = re.compile(r'\.(first|last)!|\.(first|last)(\(where: [^)]*\)| \{[^}]*\})!|\.(firstIndex|lastIndex)\([^)]*\)!')
GUARDS = ("indices.contains", ".count >", "count > ")

RAW = re.compile(r'(#+)"(?:.*?)"\1')
PLAIN = re.compile(r'"(?:[^"\\]|\\.)*"')

def offences(path):
    out = []
    in_text = False  # inside a multi-line string literal
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.count('"""') % 2 == 1:
            in_text = not in_text
            continue
        if in_text:
            continue
        code = PLAIN.sub('""', RAW.sub('""', line))  # string literals say nothing
        code = code.split("//", 1)[0]
        if any(g in code for g in GUARDS):
            continue
        if LITERAL.search(code) or FORCED.search(code):
            out.append(f"{path}:{n}: {line.strip()}")
    return out

def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    found = [o for p in sorted((root / "Tests").rglob("*.swift")) for o in offences(p)]
    for o in found:
        print(o)
    if found:
        print(f"check_test_indexing: {len(found)} unguarded array read(s) in Tests/: use `try xs.element(N)` or `try XCTUnwrap(xs.first)`", file=sys.stderr)
        return 1
    print("check_test_indexing: no unguarded array read in Tests/")
    return 0

if __name__ == "__main__":
    sys.exit(main())
