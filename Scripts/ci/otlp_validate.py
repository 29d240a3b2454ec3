#!/usr/bin/env python3
"""Strictly validates OTLP/JSON trace files (one ExportTraceServiceRequest per line) against the
OpenTelemetry protocol's own definitions (the opentelemetry-proto package).

OTLP/JSON writes traceId/spanId/parentSpanId as lowercase hex, while protobuf's JSON mapping
reads bytes as base64: the ids are checked as hex, then converted before json_format.Parse,
which rejects unknown fields. Also checks: ids of 32/16 hex digits, not all zero, unique span
ids, parents that exist, start <= end, event times inside [recording start, ...].
Usage: otlp_validate.py FILE...   Exit 0 when every file is valid, 1 otherwise.
"""
import base64, json, re, sys

from google.protobuf import json_format
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

HEX = {"traceId": 32, "spanId": 16, "parentSpanId": 16}


def convert_ids(node, errors, where):
    if isinstance(node, dict):
        for k, v in list(node.items()):
            if k in HEX:
                if not isinstance(v, str) or not re.fullmatch("[0-9a-f]{%d}" % HEX[k], v) or set(v) == {"0"}:
                    errors.append(f"{where}: {k} {v!r} is not {HEX[k]} lowercase hex digits (non-zero)")
                    continue
                node[k] = base64.b64encode(bytes.fromhex(v)).decode()
            else:
                convert_ids(v, errors, where)
    elif isinstance(node, list):
        for item in node:
            convert_ids(item, errors, where)


def check_line(text, where):
    errors = []
    doc = json.loads(text)
    convert_ids(doc, errors, where)
    req = json_format.Parse(json.dumps(doc), ExportTraceServiceRequest())  # raises on unknown fields
    spans = [s for rs in req.resource_spans for ss in rs.scope_spans for s in ss.spans]
    if not spans:
        errors.append(f"{where}: no spans")
    ids = {s.span_id for s in spans}
    if len(ids) != len(spans):
        errors.append(f"{where}: duplicate span ids")
    for s in spans:
        name = f"{where}: span {s.name!r}"
        if len(s.trace_id) != 16 or len(s.span_id) != 8:
            errors.append(f"{name}: id lengths {len(s.trace_id)}/{len(s.span_id)} bytes")
        if s.parent_span_id and s.parent_span_id not in ids:
            errors.append(f"{name}: parent {s.parent_span_id.hex()} is not a span of the request")
        if s.start_time_unix_nano == 0 or s.start_time_unix_nano > s.end_time_unix_nano:
            errors.append(f"{name}: start {s.start_time_unix_nano} > end {s.end_time_unix_nano} or zero")
        for e in s.events:
            if e.time_unix_nano < s.start_time_unix_nano:
                errors.append(f"{name}: event {e.name} before the span starts")
    for rs in req.resource_spans:
        keys = {a.key for a in rs.resource.attributes}
        if "service.name" not in keys:
            errors.append(f"{where}: resource has no service.name")
    return errors, len(spans), sum(len(s.events) for s in spans)


def main(paths):
    failed = False
    for path in paths:
        with open(path, encoding="utf-8") as f:
            lines = [l for l in f.read().splitlines() if l.strip()]
        if not lines:
            print(f"{path}: empty"); failed = True; continue
        for n, line in enumerate(lines, 1):
            try:
                errors, spans, events = check_line(line, f"{path}:{n}")
            except (json.JSONDecodeError, json_format.ParseError) as e:
                errors, spans, events = [f"{path}:{n}: {e}"], 0, 0
            for e in errors:
                print(e)
            failed |= bool(errors)
            if not errors:
                print(f"{path}:{n}: valid ExportTraceServiceRequest, {spans} spans, {events} span events")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
