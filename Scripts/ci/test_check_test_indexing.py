#!/usr/bin/env python3
"""Tests of check_test_indexing.py: each unguarded read is found, guarded ones and strings are not."""
import pathlib, sys, tempfile
sys.path.insert(0, str(pathlib.Path(__file__).parent))
import check_test_indexing as check

def found(source):
    with tempfile.TemporaryDirectory() as d:
        p = pathlib.Path(d) / "T.swift"
        p.write_text(source)
        return [o.split(": ", 1)[1] for o in check.offences(p)]

def main():
    cases = [
        ("let e = events[0]", True), ("XCTAssertEqual(r.events[1].kind, .present)", True),
        ("let last = events.last!", True), ("let first = xs.first(where: { $0 > 1 })!", True),
        ("let p = events.first { $0.kind == .present }!.seq", True), ("let i = bytes.firstIndex(of: 0x0A)! + 1", True),
        ("let e = try events.element(0)", False), ("let last = try XCTUnwrap(events.last)", False),
        ('XCTAssertEqual(m, #"key "facts[0].selected""#)', False), ('XCTAssertEqual(m, "steps[2] (swipeDown)")', False),
        ("if xs.indices.contains(2) { use(xs[2]) }", False), ("// events[0] in a comment", False),
        ('let json = """\n[{"a": x[0]}]\n"""', False), ("let type: [Int] = []", False),
    ]
    failures = [(src, want) for src, want in cases if bool(found(src)) != want]
    for src, want in failures:
        print(f"test_check_test_indexing: {'missed' if want else 'wrongly reported'}: {src}")
    if failures:
        return 1
    print(f"test_check_test_indexing: {len(cases)} cases pass")
    return 0

if __name__ == "__main__":
    sys.exit(main())
