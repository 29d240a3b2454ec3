#!/usr/bin/env python3
"""A log of N windows for Scripts/ci/65-scaling.sh: in each window a root presents a sheet from a
list inside a navigation controller (source != presenting, a diagnostic on each present), then the
sheet is dismissed. Every window adds controllers, lanes, lifetimes, edges and findings.
Usage: many_windows.py N OUTPUT"""
import json,sys
n=int(sys.argv[1]); out=open(sys.argv[2],'w')
out.write(json.dumps({"format":"presentation-inspector-log","version":1,"created":"x","app":{},"device":{}},separators=(',',':'))+"\n")
seq=0
def ref(i,t,k): return {"id":f"{k}{i}","type":t}
for i in range(n):
    seq+=1
    out.write(json.dumps({"seq":seq,"time":seq,"thread":"main","kind":"present","outcome":"presented","animated":True,"window":f"w{i}",
      "source":ref(i,"ListViewController","list"),"presented":ref(i,"SheetViewController","sheet"),"presenting":ref(i,"UITabBarController","root"),
      "contextProvider":ref(i,"UITabBarController","root"),"requestedStyle":"pageSheet","effectiveStyle":"pageSheet","diagnostics":[{"code":"deep-chain","severity":"info","message":"m"}],
      "chain":[ref(i,"UITabBarController","root"),ref(i,"SheetViewController","sheet")],
      "ancestry":[ref(i,"ListViewController","list"),ref(i,"UINavigationController","nav"),ref(i,"UITabBarController","root")]},separators=(',',':'))+"\n")
for i in range(n):
    seq+=1
    out.write(json.dumps({"seq":seq,"time":seq,"thread":"main","kind":"dismiss","outcome":"dismissed","animated":True,"window":f"w{i}",
      "receiver":ref(i,"SheetViewController","sheet"),"handledBy":ref(i,"UITabBarController","root"),"dismissed":[f"sheet{i}"],
      "dismissedControllers":[ref(i,"SheetViewController","sheet")],"diagnostics":[],"chain":[ref(i,"UITabBarController","root")]},separators=(',',':'))+"\n")
