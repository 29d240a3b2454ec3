#!/usr/bin/env python3
"""Checks that the folders of PresentationInspectorCore depend on each other in one direction.

Each folder of the core is a layer (docs/DESIGN.md, "Architecture", draws them). A folder may
use what the folders it depends on declare (ALLOWED below) and nothing else. The check collects
what each folder declares: types, typealiases and top-level functions and constants, plus the
members a folder adds to another folder's types in an extension (when no other folder declares
a member of that name). It then reads every file, comments and string literals removed, and
reports each identifier that names something a folder may not use, as `file:line: symbol`.

Usage: check_direction.py [core folder]   (default: Sources/PresentationInspectorCore)
Exits 1 on a reference against the direction, 2 on a folder missing from ALLOWED.
"""

import os
import re
import sys

# Files directly in the core folder (the version) belong to "Base".
ROOT = "Base"

# The direction (docs/DESIGN.md, "Architecture"): each folder and the folders it builds on. A
# folder may use these and, through them, what they build on; nothing may use a folder above
# it. The iOS layer and the executables are targets of their own and may use everything.
DEPENDS = {
    "Base": [],                                  # locks, the version
    "JSON": ["Base"],                            # parser and writer
    "Naming": ["Base"],                          # Swift class names made readable
    "Model": ["Base"],                           # events, references, diagnostics, stacks
    "Resolution": ["Model"],                     # UIKit's rules as functions of a hierarchy
    "Layout": ["Model"],                         # chain graph and timeline geometry
    "Export": ["Model", "JSON", "Layout"],       # the log format, readers and exporters
    "Compare": ["Model", "JSON"],                # conformance and log comparison
    "Recording": ["Resolution", "Export"],       # handler, recorder, live log
    "Integration": ["Recording", "Naming"],      # the session the iOS layer drives
    "Debugger": ["Integration"],                 # the LLDB plugin's entry points
}


def closure(depends):
    """{folder: every folder it builds on, directly or not}."""
    allowed = {}

    def below(folder, seen):
        for d in depends[folder]:
            if d not in seen:
                seen.add(d)
                below(d, seen)
        return seen

    for folder in depends:
        allowed[folder] = below(folder, set())
    return allowed


ALLOWED = closure(DEPENDS)

TYPE_KEYWORDS = ("class", "struct", "enum", "protocol", "actor", "extension")
DECL = re.compile(
    r"\b(?:(class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)"
    r"|(func)\s+([A-Za-z_]\w*)"
    r"|(var|let)\s+([A-Za-z_]\w*)"
    r"|(case)\s+((?:[A-Za-z_]\w*(?:\([^)]*\))?(?:\s*=\s*[^,\n]+)?\s*,\s*)*[A-Za-z_]\w*))")
EXTENSION = re.compile(r"\bextension\s+([A-Za-z_][\w.]*)")
ANY_DECL = re.compile(r"\b(?:func|let|var)\s+([A-Za-z_]\w*)")
IDENT = re.compile(r"(?<![\w$])[A-Za-z_]\w*")


def strip(text):
    """`text` with comments and string literals blanked out (newlines kept, so lines stay)."""
    out = list(text)
    i, n = 0, len(text)

    def blank(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    def string_end(i):
        """The index after the string literal starting at `i` (interpolations skipped whole)."""
        hashes = len(re.match(r"#*", text[i:]).group(0))
        j = i + hashes
        delim = '"""' if text.startswith('"""', j) else '"'
        close = delim + "#" * hashes
        escape = "\\" + "#" * hashes
        j += len(delim)
        while j < n and not text.startswith(close, j):
            if text.startswith(escape + "(", j):
                j = code_end(j + len(escape) + 1, ")")
            elif text.startswith(escape, j):
                j += len(escape) + 1
            else:
                j += 1
        return min(n, j + len(close))

    def code_end(j, closer):
        """The index after the `closer` ending the code from `j` (nested parens and strings)."""
        depth = 0
        while j < n:
            c = text[j]
            if c == '"' or (c == "#" and re.match(r'#+"', text[j:])):
                j = string_end(j)
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                if depth == 0:
                    return j + 1
                depth -= 1
            j += 1
        return n

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j); i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j): depth += 1; j += 2
                elif text.startswith("*/", j): depth -= 1; j += 2
                else: j += 1
            blank(i, j); i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            j = string_end(i)
            blank(i, j); i = j
        else:
            i += 1
    return "".join(out)


def declarations(code):
    """(types and top-level names, {extended type or "": member names}) declared in `code`.

    Only what is declared at the top level or directly in a type's ("") or extension's body
    counts; locals and parameters do not.
    """
    top, members = set(), {}
    stack = []  # per open brace: the extended type's name, "" for a type body, None otherwise
    statement_start = 0
    for m in re.finditer(r"[{};]|\n", code):
        segment = code[statement_start:m.start()]
        inside_types = all(s is not None for s in stack)
        if inside_types:
            for d in DECL.finditer(segment):
                kind = d.group(1) or d.group(3) or d.group(5) or d.group(7)
                if d.group(1):
                    names = [d.group(2)]
                elif d.group(3):
                    names = [d.group(4)]
                elif d.group(5):
                    names = [d.group(6)]
                else:
                    names = [re.match(r"\s*(\w+)", part).group(1)
                             for part in re.split(r",(?![^(]*\))", d.group(8))]
                extended = stack[-1] if stack else None
                for name in names:
                    if kind in ("class", "struct", "enum", "protocol", "actor", "typealias") \
                            and not stack:
                        top.add(name)
                    elif not stack:
                        top.add(name)
                    else:
                        members.setdefault(extended, set()).add(name)
        if m.group(0) == "{":
            ext = EXTENSION.search(segment)
            if inside_types and ext:
                stack.append(ext.group(1).split(".")[0])
            elif inside_types and re.search(r"\b(class|struct|enum|protocol|actor)\s+\w", segment):
                stack.append("")
            else:
                stack.append(None)
        elif m.group(0) == "}" and stack:
            stack.pop()
        statement_start = m.end()
    return top, members


def load(core):
    """{folder: [(path, stripped code)]} for every Swift file under `core`."""
    files = {}
    for dirpath, _, names in os.walk(core):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(dirpath, core)
            folder = ROOT if rel == "." else rel.split(os.sep)[0]
            with open(path, encoding="utf-8") as f:
                files.setdefault(folder, []).append((path, strip(f.read())))
    return files


def owners(files):
    """{symbol: folder} for what one folder alone declares."""
    top_by, member_by, extended_by, any_by = {}, {}, {}, {}
    for folder, entries in files.items():
        for _, code in entries:
            for name in ANY_DECL.findall(code):
                any_by.setdefault(name, set()).add(folder)
            top, members = declarations(code)
            for name in top:
                top_by.setdefault(name, set()).add(folder)
            for extended, names in members.items():
                for name in names:
                    member_by.setdefault(name, set()).add(folder)
                    if extended:
                        extended_by.setdefault(name, set()).add(extended)
    owner = {}
    # A function or value counts when no other folder declares the name, even as a local.
    for name, folders in top_by.items():
        if len(folders) == 1 and (name[0].isupper() or any_by.get(name, folders) == folders):
            owner[name] = next(iter(folders))
    # A member counts when it is added to a type another folder declares: using it is using
    # the folder that added it. Own types' members are reached through the type's name.
    # Such a member is matched only after a dot (`event.member`, `.member`), so that a local
    # of the same name elsewhere is not taken for it.
    for name, folders in member_by.items():
        if name in owner or len(folders) != 1 or any_by.get(name, folders) != folders:
            continue
        folder = next(iter(folders))
        if any(owner.get(t, folder) != folder for t in extended_by.get(name, ())):
            owner["." + name] = folder
    return owner


def check(core):
    """The violations as printable lines; raises KeyError for a folder ALLOWED lacks."""
    files = load(core)
    for folder in files:
        if folder not in ALLOWED:
            raise KeyError(folder)
    owner = owners(files)
    found = []
    for folder, entries in sorted(files.items()):
        allowed = ALLOWED[folder] | {folder}
        for path, code in entries:
            for number, line in enumerate(code.split("\n"), 1):
                for m in IDENT.finditer(line):
                    name = m.group(0)
                    target = owner.get(name)
                    if target is None and line[:m.start()].rstrip().endswith("."):
                        name = "." + name
                        target = owner.get(name)
                    if target and target not in allowed:
                        found.append(f"{path}:{number}: {folder} uses {name} of {target}")
    return found


def main(argv):
    core = argv[1] if len(argv) > 1 else "Sources/PresentationInspectorCore"
    try:
        found = check(core)
    except KeyError as e:
        print(f"{core}/{e.args[0]}: a folder the direction check does not know; add it to "
              f"ALLOWED in {argv[0]} and to docs/DESIGN.md's diagram")
        return 2
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} reference(s) against the direction (docs/DESIGN.md, Architecture)")
        return 1
    print(f"direction: {sum(1 for _ in owners(load(core)))} symbols checked, no reference "
          "against the direction")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
