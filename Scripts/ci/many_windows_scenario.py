#!/usr/bin/env python3
"""A scenario of N windows for Scripts/ci/65-scaling.sh (pinspect simulate): in each window a list
inside a navigation controller inside a tab bar presents a sheet, the clock moves past the
transition, and the sheet is dismissed. Every window adds controllers, a chain, transitions and
events. N = 0 gives one window and no steps (startup only).
Usage: many_windows_scenario.py N OUTPUT"""
import json, sys
n = int(sys.argv[1])
controllers, windows, steps = [], [], []
for i in range(max(n, 1)):
    controllers += [
        {"id": f"root{i}", "type": "UITabBarController", "children": [f"nav{i}"]},
        {"id": f"nav{i}", "type": "UINavigationController", "children": [f"list{i}"]},
        {"id": f"list{i}", "type": "ListViewController"},
        {"id": f"sheet{i}", "type": "SheetViewController", "modalPresentationStyle": "pageSheet"},
    ]
    windows.append({"id": f"w{i}", "root": f"root{i}", "level": 0, "key": i == 0})
for i in range(n):
    steps += [{"present": f"sheet{i}", "from": f"list{i}", "animated": True}, {"advance": 0.5},
              {"dismiss": f"sheet{i}", "animated": True}, {"advance": 0.5}]
json.dump({"name": f"{n} windows", "controllers": controllers, "windows": windows, "steps": steps},
          open(sys.argv[2], "w"), separators=(",", ":"))
