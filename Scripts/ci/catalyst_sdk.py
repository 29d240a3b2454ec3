#!/usr/bin/env python3
"""Extracts the macOS SDK of the maciOS mirror (its MacOSX*.sdk, whose System/iOSSupport holds the
Mac Catalyst UIKit) into a cache, once per tree, and prints the SDK's path: what
Scripts/ci/50-ios-typecheck.sh type-checks the Mac Catalyst variant against. ../shared/tools/ios-typecheck
extracts only the iPhoneOS SDK. Blobs absent from the mirror (large .tbd files, which a type-check does
not read) are listed in the cache's missing.txt instead of failing the extraction.

The mirror keeps files and folders but not the symbolic links of a macOS SDK's versioned frameworks
(`X.framework/Headers -> Versions/Current/Headers`, `Versions/Current -> A`), which the compilers
follow, nor `usr/include/libxml -> libxml2/libxml` (a copy there defines the module twice). Those links
are made again, as every macOS SDK has them: each framework with one version gets them; libxml only
where its copy is byte for byte the folder it stands for.

  catalyst_sdk.py MIRROR_GIT_DIR [CACHE_DIR]     (CACHE_DIR: $PI_IOS_CACHE or ~/.cache/pi-ios-typecheck)
Exit: 0 the path printed, 2 no mirror or no macOS SDK in it.
"""
import os
import shutil
import subprocess
import sys


def git(git_dir, *args):
    return subprocess.run(["git", "--git-dir", git_dir, *args], capture_output=True, check=True).stdout


def extract(git_dir, tree, dest):
    """Every blob of `tree` under dest (symlinks as symlinks); the absent ones' paths."""
    listing = git(git_dir, "ls-tree", "-r", "-z", tree)
    cat = subprocess.Popen(["git", "--git-dir", git_dir, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    missing = []
    try:
        for entry in listing.split(b"\0"):
            if not entry:
                continue
            meta, path = entry.split(b"\t", 1)
            mode, kind, sha = meta.split()
            if kind != b"blob":
                continue
            cat.stdin.write(sha + b"\n")
            cat.stdin.flush()
            header = cat.stdout.readline().split()
            if header[-1] == b"missing":
                missing.append(path.decode())
                continue
            data = cat.stdout.read(int(header[2]))
            cat.stdout.read(1)
            target = os.path.join(dest, path.decode())
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if mode == b"120000":
                os.symlink(data.decode(), target)
            else:
                with open(target, "wb") as f:
                    f.write(data)
    finally:
        cat.stdin.close()
        cat.wait()
    return missing


def relink(sdk):
    """Makes again the symbolic links the mirror dropped (see the module comment); how many."""
    made = 0
    for top, dirs, _ in os.walk(sdk):
        for d in list(dirs):
            if not d.endswith(".framework"):
                continue
            fw = os.path.join(top, d)
            versions = os.path.join(fw, "Versions")
            if not os.path.isdir(versions) or os.path.islink(versions):
                continue
            found = [v for v in os.listdir(versions) if v != "Current"]
            if len(found) != 1:
                continue
            current = os.path.join(versions, "Current")
            if not os.path.lexists(current):
                os.symlink(found[0], current)
                made += 1
            for entry in os.listdir(os.path.join(versions, found[0])):
                link = os.path.join(fw, entry)
                if not os.path.lexists(link):
                    os.symlink(os.path.join("Versions", "Current", entry), link)
                    made += 1
    libxml, real = os.path.join(sdk, "usr", "include", "libxml"), os.path.join(sdk, "usr", "include", "libxml2", "libxml")
    if os.path.isdir(libxml) and not os.path.islink(libxml) and os.path.isdir(real) and same_tree(libxml, real):
        shutil.rmtree(libxml)
        os.symlink(os.path.join("libxml2", "libxml"), libxml)
        made += 1
    return made


def same_tree(a, b):
    """Whether folders a and b hold the same files with the same bytes."""
    def files(root):
        out = {}
        for top, _, names in os.walk(root):
            for n in names:
                path = os.path.join(top, n)
                with open(path, "rb") as f:
                    out[os.path.relpath(path, root)] = f.read()
        return out
    return files(a) == files(b)


def main(argv):
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    git_dir = argv[0]
    cache = argv[1] if len(argv) > 1 else os.environ.get("PI_IOS_CACHE", os.path.expanduser("~/.cache/pi-ios-typecheck"))
    try:
        names = git(git_dir, "ls-tree", "-d", "--name-only", "HEAD").decode().split()
    except (subprocess.CalledProcessError, FileNotFoundError):
        print(f"catalyst_sdk: no git mirror at {git_dir}", file=sys.stderr)
        return 2
    sdks = sorted(n for n in names if n.startswith("MacOSX") and n.endswith(".sdk"))
    if not sdks:
        print(f"catalyst_sdk: no MacOSX*.sdk at the top of {git_dir}", file=sys.stderr)
        return 2
    name = sdks[-1]
    tree = git(git_dir, "rev-parse", f"HEAD:{name}").decode().strip()
    home = os.path.join(cache, "catalyst-sdk", tree)
    sdk = os.path.join(home, name)
    if not os.path.exists(os.path.join(home, ".complete")):
        print(f"catalyst_sdk: extracting {name} into {home} (one time)…", file=sys.stderr)
        part = f"{home}.part.{os.getpid()}"
        shutil.rmtree(part, ignore_errors=True)
        missing = extract(git_dir, tree, os.path.join(part, name))
        if not os.path.isdir(os.path.join(part, name, "System", "iOSSupport", "System", "Library", "Frameworks", "UIKit.framework")):
            shutil.rmtree(part, ignore_errors=True)
            print(f"catalyst_sdk: {name} has no Mac Catalyst UIKit (System/iOSSupport)", file=sys.stderr)
            return 2
        made = relink(os.path.join(part, name))
        print(f"catalyst_sdk: {len(missing)} blob(s) absent from the mirror; {made} symbolic link(s) made again", file=sys.stderr)
        with open(os.path.join(part, "missing.txt"), "w") as f:
            f.write("".join(m + "\n" for m in missing))
        open(os.path.join(part, ".complete"), "w").close()
        shutil.rmtree(home, ignore_errors=True)
        os.rename(part, home)
    print(sdk)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
