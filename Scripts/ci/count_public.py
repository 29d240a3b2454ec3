#!/usr/bin/env python3
"""Counts the public declarations of a Swift module's sources and fails above a limit.

What an app sees when it imports PresentationInspector is the core's public surface (the product
re-exports it), so the core's count is kept small. What only the package's own targets share is
`@_spi(Package) public`: an app's plain `import` does not see it (only `@_spi(Package) import` does).
The core cannot use `package` access: the project's iOS type-check compiles it without a package
name, and swiftc refuses `package` then.

What counts as one declaration: every declaration written with a `public` or `open` modifier -- a
type, a nested type, a property, a method, an initializer, a subscript, a typealias, a `public
extension`, a protocol requirement marked public -- plus every member declared inside a `public
extension` (implicitly public). Comments and string literals are skipped. Not counted, and listed
apart in the output: declarations marked `@_spi(...)` (with the members of an `@_spi` extension),
which a plain import does not see; the cases of public enums and the requirements of public
protocols, which are public without a modifier of their own; conformances added by a non-public
extension (`extension Event: Codable`), which declare nothing new by name.

Usage: count_public.py [--limit N] [--top K] DIR...
Exit: 0 within the limit, 1 above it, 2 on bad usage.
"""

import argparse
import collections
import os
import re
import sys

DECL = r"(?:func|var|let|init|subscript|class|struct|enum|protocol|actor|typealias|extension|associatedtype|macro)\b"
MODIFIER = (r"(?:final|static|class|override|mutating|nonmutating|nonisolated|convenience|required|"
            r"dynamic|lazy|indirect|weak|unowned|consuming|borrowing|"
            r"(?:private|fileprivate|internal|package|public)\(set\)|@[\w.]+(?:\([^()]*\))?)")
PUBLIC_DECL = re.compile(r"(?<![\w.])(?:public|open)\s+(?:" + MODIFIER + r"\s+)*" + DECL)
PUBLIC_EXTENSION = re.compile(r"(?<![\w.])public\s+extension\b")
PUBLIC_CONTAINER = re.compile(r"(?<![\w.])(?:public|open)\s+(?:" + MODIFIER + r"\s+)*(enum|protocol)\b")
MEMBER = re.compile(r"^\s*(?:@[\w.]+(?:\([^()]*\))?\s+)*(?:(private|fileprivate|internal|package)\b[^\n]*?)?"
                    r"(?:" + MODIFIER + r"\s+)*" + DECL)
NON_PUBLIC = re.compile(r"^\s*(?:[\w@()]+\s+)*?(?:private|fileprivate|internal|package)\b")
CASE = re.compile(r"^\s*(?:indirect\s+)?case\s+(.*)$")
SPI = re.compile(r"@_spi\(")
ATTRIBUTES_ONLY = re.compile(r"^\s*(?:@[\w.]+(?:\([^()]*\))?\s*)+$")


def is_spi(code, start):
    """Whether the declaration whose modifier starts at `start` is marked `@_spi(...)`: on its own
    line before the modifier, or on the lines of attributes just above it."""
    line_start = code.rfind("\n", 0, start) + 1
    if SPI.search(code, line_start, start):
        return True
    end = line_start - 1
    while end > 0:
        previous_start = code.rfind("\n", 0, end) + 1
        line = code[previous_start:end]
        if not ATTRIBUTES_ONLY.match(line):
            return False
        if SPI.search(line):
            return True
        end = previous_start - 1
    return False


def strip(source):
    """The source with comments and string literals blanked (line breaks kept)."""
    out = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
        elif source.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if source.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif source.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    if source[i] == "\n":
                        out.append("\n")
                    i += 1
        elif c == '"' or (c == "#" and re.match(r'#+"', source[i:])):
            hashes = len(re.match(r'#*', source[i:]).group(0))
            i += hashes
            quote = '"""' if source.startswith('"""', i) else '"'
            i += len(quote)
            close = quote + "#" * hashes
            while i < n and not source.startswith(close, i):
                if source[i] == "\\" and hashes == 0:
                    i += 1
                if i < n and source[i] == "\n":
                    out.append("\n")
                i += 1
            i += len(close)
            out.append('""')
        else:
            out.append(c)
            i += 1
    return "".join(out)


def count_file(path):
    """(declarations, cases and requirements not counted, SPI declarations not counted) in one file."""
    with open(path, encoding="utf-8") as f:
        code = strip(f.read())
    declared = spi = 0
    for m in PUBLIC_DECL.finditer(code):
        if is_spi(code, m.start()):
            spi += 1
        else:
            declared += 1
    implicit = 0
    # Members of public extensions, and cases/requirements of public enums and protocols: found by
    # brace depth, one level below the public container's opening brace. Code is read as
    # statements, cut at line breaks, semicolons and braces.
    stack = []  # what each open brace opened: "ext", "enum", "protocol" or None
    statement = ""
    for piece in re.split(r"([{};\n])", code):
        if piece not in ("{", "}", ";", "\n"):
            statement += piece
            continue
        inside = stack[-1] if stack else None
        if inside in ("ext", "spi-ext") and MEMBER.match(statement) and not NON_PUBLIC.match(statement) \
                and not PUBLIC_DECL.search(statement):
            if inside == "ext":
                declared += 1
            else:
                spi += 1
        elif inside == "enum" and CASE.match(statement):
            names = CASE.match(statement).group(1)
            implicit += 1 if "(" in names else len([n for n in names.split(",") if n.strip()])
        elif inside == "protocol" and MEMBER.match(statement):
            implicit += 1
        if piece == "{":
            opened = None
            if PUBLIC_EXTENSION.search(statement):
                opened = "spi-ext" if SPI.search(statement) else "ext"
            elif PUBLIC_CONTAINER.search(statement):
                opened = PUBLIC_CONTAINER.search(statement).group(1)
            stack.append(opened)
        elif piece == "}" and stack:
            stack.pop()
        statement = ""
    return declared, implicit, spi


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="fail when the count is above N")
    parser.add_argument("--top", type=int, default=10, help="list the K files with the most")
    parser.add_argument("dirs", nargs="+")
    args = parser.parse_args()
    per_file = collections.Counter()
    implicit_total = spi_total = 0
    for d in args.dirs:
        if not os.path.isdir(d):
            print(f"count_public: {d}: not a directory", file=sys.stderr)
            return 2
        for root, _, files in os.walk(d):
            for name in sorted(files):
                if name.endswith(".swift"):
                    path = os.path.join(root, name)
                    declared, implicit, spi = count_file(path)
                    if declared:
                        per_file[path] = declared
                    implicit_total += implicit
                    spi_total += spi
    total = sum(per_file.values())
    print(f"public declarations in {', '.join(args.dirs)}: {total}"
          + (f" (limit {args.limit})" if args.limit is not None else ""))
    print(f"  not counted: {implicit_total} cases of public enums and requirements of public protocols; "
          f"{spi_total} @_spi declarations (the package's own targets', unseen by a plain import)")
    if per_file:
        print(f"  files with the most:")
        for path, n in per_file.most_common(args.top):
            print(f"  {n:5d}  {path}")
    if args.limit is not None and total > args.limit:
        print(f"count_public: {total} public declarations, more than {args.limit}: make what only the "
              f"package's own targets use `@_spi(Package) public`")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
