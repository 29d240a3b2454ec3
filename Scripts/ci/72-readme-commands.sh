#!/usr/bin/env bash
# The docs work as written: every command in the ```sh blocks of README.md, docs/*.md and the DocC
# articles (and every inline `swift run …` / `swift package …` command of the README) runs from the
# repository root with exit 0, and every relative link in README.md and docs/*.md points to an
# existing file (and, for #anchors into Markdown, a heading).
# A block that must not run here is preceded by a comment saying why, `<!-- ci: not run: REASON -->`
# (another CI step runs it, it changes the user's files, it waits for a person, or it takes minutes).
# `swift test …` lines are run by Scripts/ci/10-swift-test.sh and are not repeated here.
set -euo pipefail
cd "$(dirname "$0")/../.."

python3 - README.md docs/*.md Sources/*/*.docc/*.md <<'PY' > "${TMPDIR:-/tmp}/pi-readme-commands.txt"
import re, sys
commands = []
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    for m in re.finditer(r"(<!--\s*ci: not run:[^>]*-->\s*\n)?```sh\n(.*?)```", text, re.S):
        if m.group(1):
            continue
        for line in m.group(2).replace("\\\n", " ").splitlines():
            line = re.sub(r"\s+#\s.*$", "", line).strip()
            if line and not line.startswith("#") and line not in commands:
                commands.append(line)
    if path == "README.md":
        for inline in re.findall(r"`((?:swift run|swift package) [^`]+)`", text):
            if inline not in commands:
                commands.append(inline)
print("\n".join(commands))
PY

status=0
while IFS= read -r cmd; do
  [[ -z $cmd ]] && continue
  if [[ $cmd == "swift test" || $cmd == "swift test "* ]]; then echo "covered by 10-swift-test.sh: $cmd"; continue; fi
  log=$(mktemp)
  if bash -c "$cmd" >"$log" 2>&1 </dev/null; then
    echo "ok: $cmd"
  else
    rc=$?
    echo "FAILED (exit $rc): $cmd"; grep -vE '^\[[0-9]+/[0-9]+\]' "$log" | tail -n 20
    status=1
  fi
  rm -f "$log"
done < "${TMPDIR:-/tmp}/pi-readme-commands.txt"

python3 - README.md docs/*.md <<'PY' || status=1
import os, re, sys

def slug(heading):
    h = re.sub(r"[`*_]", "", heading.strip().lower())
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")

def anchors(path):
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return {slug(m) for m in re.findall(r"^#{1,6}\s+(.*)$", text, re.M)}

bad = 0
checked = 0
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in re.findall(r"!?\[[^\]]*\]\(([^)\s]+)\)", text):
        if re.match(r"^[a-z]+:", target):
            continue
        checked += 1
        file, _, anchor = target.partition("#")
        resolved = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
        if not os.path.exists(resolved):
            print(f"{path}: broken link {target} ({resolved} does not exist)"); bad += 1
        elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
            print(f"{path}: broken link {target} (no heading #{anchor} in {resolved})"); bad += 1
print(f"links: {checked} relative links checked in {len(sys.argv) - 1} files, {bad} broken")
sys.exit(1 if bad else 0)
PY
exit $status
