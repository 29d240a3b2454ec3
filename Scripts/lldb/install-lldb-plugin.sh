#!/usr/bin/env bash
# Installs PresentationInspector's `pi` LLDB commands: adds one `command script import` line
# (with a comment line above it) to ~/.lldbinit, so every lldb session loads them. Running it
# again changes nothing; if the plugin moved, the old line is replaced.
#
#   Scripts/lldb/install-lldb-plugin.sh                  install into ~/.lldbinit
#   Scripts/lldb/install-lldb-plugin.sh --uninstall      remove the lines again
#   Scripts/lldb/install-lldb-plugin.sh --lldbinit FILE  use another init file (e.g. ~/.lldbinit-Xcode)
#
# To remove it by hand: delete the two lines that mention presentation_inspector_lldb.py.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
plugin="$script_dir/presentation_inspector_lldb.py"
init="${HOME}/.lldbinit"
action=install
marker="# PresentationInspector: pi commands (remove this line and the next to uninstall; see Scripts/lldb/install-lldb-plugin.sh)"

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }

while (($#)); do
  case "$1" in
    --uninstall) action=uninstall ;;
    --lldbinit)
      (($# >= 2)) || { echo "install-lldb-plugin: --lldbinit needs a file" >&2; exit 64; }
      init="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install-lldb-plugin: unknown option '$1' (see --help)" >&2; exit 64 ;;
  esac
  shift
done

[[ -f "$plugin" ]] || { echo "install-lldb-plugin: $plugin is missing" >&2; exit 66; }
case "$plugin" in
  *\"*) echo "install-lldb-plugin: the plugin path contains a double quote; move the checkout" >&2; exit 65 ;;
esac
import_line="command script import \"$plugin\""

# Every line we ever wrote mentions the plugin's file name; keep all other lines as they are.
without_ours() { grep -v -e 'presentation_inspector_lldb\.py' -e '^# PresentationInspector: pi commands' "$1" || true; }

if [[ "$action" == uninstall ]]; then
  if [[ -f "$init" ]] && grep -q 'presentation_inspector_lldb\.py' "$init"; then
    tmp=$(mktemp); without_ours "$init" >"$tmp"; cat "$tmp" >"$init"; rm -f "$tmp"
    echo "Removed the pi commands from $init."
  else
    echo "Nothing to remove: $init does not load the pi commands."
  fi
  exit 0
fi

if [[ -f "$init" ]] && grep -qxF "$import_line" "$init"; then
  echo "Already installed: $init loads $plugin."
  exit 0
fi
if [[ -f "$init" ]] && grep -q 'presentation_inspector_lldb\.py' "$init"; then
  tmp=$(mktemp); without_ours "$init" >"$tmp"; cat "$tmp" >"$init"; rm -f "$tmp"
  echo "Replaced an older pi import in $init."
fi
mkdir -p "$(dirname "$init")"
# Start on a fresh line even when the file does not end with a newline.
if [[ -s "$init" && -n "$(tail -c 1 "$init")" ]]; then echo >>"$init"; fi
printf '%s\n%s\n' "$marker" "$import_line" >>"$init"
echo "Installed: $init now loads $plugin."
echo "In lldb: stop the app (it must link PresentationInspectorCore), then try \`pi help\`."
echo "To remove: $(printf '%q' "$0") --uninstall --lldbinit $(printf '%q' "$init")  (or delete the two lines mentioning presentation_inspector_lldb.py)."
if [[ "$init" == "${HOME}/.lldbinit" && -f "${HOME}/.lldbinit-Xcode" ]]; then
  echo "Note: ~/.lldbinit-Xcode exists, and Xcode reads it instead of ~/.lldbinit; run again with --lldbinit ~/.lldbinit-Xcode."
fi
