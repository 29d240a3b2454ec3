// The report's timeline: a canvas that draws only what is in view, so 100,000 events cost no
// more to show than 100. The box scrolls natively over a spacer as wide and tall as the
// drawing would be; the canvas sticks to the box's top-left corner and is redrawn from the
// data (HTMLReportTimeline) on every scroll, zoom or selection.
function PITimeline(box, D, hooks) {
  'use strict';
  var AXIS = 24, HEAD = 22, LANE = 36, PAD = 12, MAX_WIDTH = 4e6;
  var COLOURS = { request: '#0969da', swipe: '#8250df', reach: '#1a7f37', sev: ['#1b7c83', '#bf8700', '#cf222e'] };
  var lanes = [], groups = [], rows = [], locs = {}, ctl = D.ctl || [];
  var i, k, t, s, span = Math.max((D.end || 0) - (D.start || 0), 1e-3);
  for (i = 0; i + 2 < D.lanes.length; i += 3) {
    var w = D.lanes[i], level = D.lanes[i + 1], slot = D.lanes[i + 2];
    lanes.push({ w: w, marks: [], segs: [], bars: [], reach: [],
      title: (level === 0 ? 'root' : 'level ' + level) + (slot > 0 ? ' (' + (slot + 1) + ')' : '') });
    if (!groups[w]) groups[w] = { name: D.windows[w], lanes: [], collapsed: false };
    groups[w].lanes.push(lanes.length - 1);
  }
  groups = groups.filter(Boolean);
  function lane(n) { return lanes[n] || null; }
  function locate(seq, l, time) { if (locs[seq] === undefined && lane(l)) locs[seq] = { lane: l, t: time }; }
  // Unpack the flat arrays (times: µs after start, Δ against the previous entry).
  var M = [], S = [], B = [];
  for (i = 0, t = 0, s = 0; i + 4 < D.marks.length; i += 5) {
    t += D.marks[i + 1]; s += D.marks[i + 4];
    var m = { lane: D.marks[i], t: t / 1e6, kind: D.marks[i + 2], sev: D.marks[i + 3], seq: s };
    if (lane(m.lane)) { lanes[m.lane].marks.push(m); M.push(m); locate(s, m.lane, m.t); }
  }
  for (i = 0, t = 0, s = 0; i + 4 < D.segs.length; i += 5) {
    t += D.segs[i + 1]; s += D.segs[i + 4];
    var g = { lane: D.segs[i], t: t / 1e6, end: (t + D.segs[i + 2]) / 1e6, dir: D.segs[i + 3], seq: s };
    if (lane(g.lane)) { lanes[g.lane].segs.push(g); locate(s, g.lane, g.t); }
  }
  for (i = 0, t = 0; i + 5 < D.bars.length; i += 6) {
    t += D.bars[i + 1];
    var b = { lane: D.bars[i], t: t / 1e6, end: (t + D.bars[i + 2]) / 1e6, ctl: D.bars[i + 3] >= 0 ? ctl[D.bars[i + 3]] || '' : hooks.label(D.bars[i + 4]), seq: D.bars[i + 4],
              id: D.bars[i + 3] >= 0 ? '' : hooks.id(D.bars[i + 4]),
              root: (D.bars[i + 5] & 1) === 1, open: (D.bars[i + 5] & 2) === 2 };
    if (lane(b.lane)) { lanes[b.lane].bars.push(b); if (b.seq >= 0) locate(b.seq, b.lane, b.t); }
  }
  // Times a presenter stays interactive below an undimmed sheet: [lane, Δstart, duration, Δseq, detent, ctl].
  var reach = D.reach || [], detents = D.detents || [];
  for (i = 0, t = 0, s = 0; i + 5 < reach.length; i += 6) {
    t += reach[i + 1]; s += reach[i + 3];
    var r = { lane: reach[i], t: t / 1e6, end: (t + reach[i + 2]) / 1e6, seq: s, detent: detents[reach[i + 4]] || '?', ctl: ctl[reach[i + 5]] || '' };
    if (lane(r.lane)) lanes[r.lane].reach.push(r);
  }
  lanes.forEach(function (l) { l.marks.sort(function (a, c) { return a.t - c.t; }); });
  // A window with very many lanes (overlapping presentations) starts collapsed.
  groups.forEach(function (gr) { gr.collapsed = groups.length > 1 && gr.lanes.length > 40; });

  box.textContent = '';
  var canvas = document.createElement('canvas'), spacer = document.createElement('div');
  canvas.className = 'tl-canvas'; spacer.className = 'tl-spacer';
  box.appendChild(canvas); box.appendChild(spacer);
  var tip = document.createElement('div'); tip.className = 'tl-tip'; tip.hidden = true; document.body.appendChild(tip);
  var ctx = canvas.getContext('2d'), zoom = 1, pps = 1, LABEL = 170, width = 0, height = 0;
  var selected = null, hits = [], drag = null, hover = null, audit = null;
  var BAR_FONT = '11px system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif', fits = {};
  // A bar's label, the longest that fits `room` px among its names: "Type “Title”", the title,
  // the type without module, framework prefix or Controller suffix, its id (not an address);
  // then the fewest whole words of the shortest with "…". Never a word cut short.
  function fitLabel(b, room) {
    var f = fits[b.ctl];
    if (!f) {
      ctx.font = BAR_FONT;
      var m = /^(.*?) “(.*)”$/.exec(b.ctl), type = (m ? m[1] : b.ctl).replace(/^.*\./, ''), names = [b.ctl];
      if (m) names.push(m[2], type);
      var bare = type.replace(/^[A-Z]{2,3}(?=[A-Z][a-z])/, ''), core = bare.replace(/(View)?Controller$/, '') || bare;
      names.push(bare, core, core.replace(/(Navigation|Tab|Split|Page)$/, '') || core);
      var id = b.id || '';
      if (id && !/^0x[0-9a-f]+$/i.test(id)) names.push(id);
      var last = m ? m[2] : core, words = last.match(/[A-Z]*[^A-Z\s]*\s*/g).filter(Boolean), cut = [];
      for (var q = words.length - 1; q >= 1; q--) cut.push(words.slice(0, q).join('').trim() + '…');
      f = fits[b.ctl] = names.concat(cut).filter(function (n) { return n.length >= 3; })
        .map(function (n) { return { text: n, w: ctx.measureText(n).width }; });
    }
    for (var j = 0; j < f.length; j++) if (f[j].w <= room) return f[j].text;
    return '';
  }

  function layoutRows() {
    rows = []; var y = 0;
    groups.forEach(function (gr) {
      rows.push({ head: gr, top: y, h: HEAD }); y += HEAD;
      if (!gr.collapsed) gr.lanes.forEach(function (l) { rows.push({ lane: l, top: y, h: LANE }); y += LANE; });
    });
    height = y;
  }
  function plotWidth() { return Math.max(40, box.clientWidth - LABEL - 2 * PAD); }
  function maxZoom() { return Math.max(1, MAX_WIDTH / plotWidth()); }
  function size() {  // three passes: scroll bars appearing or going change the client size
    for (var pass = 0; pass < 3; pass++) sizeOnce();
    document.body.dataset.zoom = String(Math.round(zoom * 1000) / 1000);
  }
  function sizeOnce() {
    LABEL = box.clientWidth < 600 ? 110 : 180;
    pps = plotWidth() / span * zoom;
    width = LABEL + 2 * PAD + span * pps;
    var limit = Math.max(160, Math.min(480, window.innerHeight * 0.45));
    var frame = box.offsetHeight - box.clientHeight;
    box.style.height = Math.ceil(Math.min(AXIS + height, limit) + frame) + 'px';
    var cw = box.clientWidth, ch = box.clientHeight, dpr = window.devicePixelRatio || 1;
    canvas.style.width = cw + 'px'; canvas.style.height = ch + 'px';
    if (canvas.width !== Math.round(cw * dpr) || canvas.height !== Math.round(ch * dpr)) {
      canvas.width = Math.round(cw * dpr); canvas.height = Math.round(ch * dpr);
    }
    spacer.style.width = Math.ceil(width) + 'px';
    spacer.style.height = Math.max(0, Math.ceil(AXIS + height - ch)) + 'px';
  }
  // The scroll offset, read once per drawing or gesture: reading box.scrollLeft per mark
  // forces a layout each time.
  var sl = 0;
  function X(time) { return LABEL + PAD + time * pps - sl; }
  function timeAt(x) { return (x + sl - LABEL - PAD) / pps; }
  function rowAt(y) {  // binary search on row tops (y in drawing coordinates)
    var lo = 0, hi = rows.length - 1;
    while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (rows[mid].top <= y) lo = mid; else hi = mid - 1; }
    return rows[lo] && y >= rows[lo].top && y < rows[lo].top + rows[lo].h ? rows[lo] : null;
  }
  function niceStep(raw) {
    var mag = Math.pow(10, Math.floor(Math.log10(raw)));
    for (var f of [1, 2, 5, 10]) if (mag * f >= raw) return mag * f;
    return mag * 10;
  }
  function tickLabel(v, step) {
    if (v >= 60 && step >= 1) { var m = Math.floor(v / 60), sec = Math.round(v - m * 60); return m + 'm ' + (sec < 10 ? '0' : '') + sec + 's'; }
    var dec = 0; for (var q = step; q < 1 - 1e-9 && dec < 6; q *= 10) dec++;
    return v.toFixed(dec) + 's';
  }
  function markerPath(path, kind, x, y, r) {
    if (kind === 0) { path.moveTo(x + r, y); path.arc(x, y, r, 0, 2 * Math.PI); }
    else if (kind === 1) { path.moveTo(x - r, y - r); path.lineTo(x + r, y + r); path.moveTo(x + r, y - r); path.lineTo(x - r, y + r); }
    else if (kind === 2) { path.moveTo(x, y - r - 1); path.lineTo(x + r + 1, y); path.lineTo(x, y + r + 1); path.lineTo(x - r - 1, y); path.closePath(); }
    else if (kind === 4) { path.rect(x - r, y - r, 2 * r, 2 * r); }
    else { path.moveTo(x - r, y - r); path.lineTo(x + r, y - r); path.lineTo(x, y + r); path.closePath(); }
  }
  function markColour(m) {
    return m.sev >= 0 ? COLOURS.sev[m.sev] : m.kind === 3 ? COLOURS.swipe : m.kind === 4 ? COLOURS.reach : m.kind === 1 ? COLOURS.sev[2] : COLOURS.request;
  }
  // Marks are gathered into one path per colour and kind and painted at once: a path per mark
  // made zoomed-out views of 100,000 events slow.
  // Marks that find no free place are counted on the drawn mark they would cover, whose
  // badge says "+N" (hover lists them, clicks step through them): none is hidden.
  function drawMarks(list, y, rowsAvail, r, tL, tR) {
    var last = [], lastAt = [], ring = null, paths = {}, crowds = [];
    for (var q = 0; q < rowsAvail; q++) { last.push(-1e9); lastAt.push(null); }
    var lo = 0, hi = list.length;  // first mark at or after tL
    while (lo < hi) { var mid = (lo + hi) >> 1; if (list[mid].t < tL) lo = mid + 1; else hi = mid; }
    for (var j = lo; j < list.length && list[j].t <= tR; j++) {
      var m = list[j], x = X(m.t), row = -1;
      for (q = 0; q < rowsAvail; q++) if (x - last[q] >= 2 * r + 1) { row = q; break; }
      audit.marks++;
      if (row < 0) {  // crowded: count it on the drawn mark it would cover
        var near = -1;
        for (q = 0; q < rowsAvail; q++) if (x - last[q] < r && (near < 0 || last[q] > last[near])) near = q;
        if (near >= 0 && m.seq !== selected) {
          var at = lastAt[near];
          if (!at.crowd) { at.crowd = { x: at.x, y: at.y, seqs: [at.seq], n: 1, sev: at.sev, t0: m.t, t1: m.t }; crowds.push(at.crowd); }
          var c = at.crowd;  // the first 64 by seq (hover and clicks), the rest counted with their time span
          c.n++; c.t1 = m.t; if (m.sev > c.sev) c.sev = m.sev;
          if (c.seqs.length < 64) c.seqs.push(m.seq);
          audit.crowded++;
          continue;
        }
        row = rowsAvail - 1;
      }
      last[row] = x;
      var cy = y + r + 2 + row * (2 * r + 1), key = (m.kind === 1 ? 's' : 'f') + markColour(m);
      lastAt[row] = { x: x, y: cy, seq: m.seq, sev: m.sev, crowd: null };
      markerPath(paths[key] = paths[key] || new Path2D(), m.kind, x, cy, r);
      hits.push({ x: x - r - 2, y: cy - r - 2, w: 2 * r + 4, h: 2 * r + 4, seq: m.seq, what: 'mark' });
      audit.drawn++;
      if (m.seq === selected) ring = { x: x, y: cy };
    }
    Object.keys(paths).forEach(function (key) {
      if (key[0] === 's') { ctx.strokeStyle = key.slice(1); ctx.lineWidth = 2.2; ctx.stroke(paths[key]); }
      else { ctx.fillStyle = key.slice(1); ctx.fill(paths[key]); }
    });
    if (ring) { ctx.beginPath(); ctx.arc(ring.x, ring.y, r + 3, 0, 2 * Math.PI); ctx.strokeStyle = '#000'; ctx.lineWidth = 2; ctx.stroke(); }
    // A badge that would overlap the one before it (crowds close together, or on the lane's two
    // mark rows) joins it: one badge counts both crowds' hidden marks and lists both.
    ctx.save(); ctx.font = 'bold 9px system-ui, sans-serif'; ctx.textAlign = 'left';
    var badges = [];
    crowds.sort(function (a, c) { return a.x - c.x; }).forEach(function (c) {
      var b = badges[badges.length - 1], bx = c.x + r + 1, by = c.y - r - 4;
      if (b && bx < b.bx + b.w + 2 && Math.abs(by - b.by) < 12) {
        b.hidden += c.n - 1; b.events += c.n; b.seqs = b.seqs.concat(c.seqs).slice(0, 64); b.by = Math.min(b.by, by);
        b.t0 = Math.min(b.t0, c.t0); b.t1 = Math.max(b.t1, c.t1); b.sev = Math.max(b.sev, c.sev);
      } else {
        badges.push(b = { c: c, bx: bx, by: by, hidden: c.n - 1, events: c.n, seqs: c.seqs.slice(), t0: c.t0, t1: c.t1, sev: c.sev });
      }
      b.w = ctx.measureText('+' + b.hidden).width + 4;
    });
    badges.forEach(function (b) {
      ctx.fillStyle = b.sev >= 0 ? COLOURS.sev[b.sev] : '#24292f'; ctx.fillRect(b.bx, b.by, b.w, 10);
      ctx.fillStyle = '#fff'; ctx.fillText('+' + b.hidden, b.bx + 2, b.by + 5.5);
      audit.badges.push({ x: b.bx, y: b.by, w: b.w, h: 10 });
      hits.push({ x: b.c.x - r - 2, y: b.by, w: b.bx + b.w - (b.c.x - r - 2), h: 2 * r + 8, seq: b.seqs[0], seqs: b.seqs, n: b.events,
                  t0: b.t0, t1: b.t1, list: list, what: 'crowd' });
    });
    ctx.restore();
  }
  function draw() {
    var cw = box.clientWidth, ch = box.clientHeight, dpr = window.devicePixelRatio || 1, st = box.scrollTop;
    sl = box.scrollLeft; drawn = view();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, cw, ch);
    ctx.font = '11px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace'; ctx.textBaseline = 'middle';
    hits = []; audit = { bars: [], marks: 0, drawn: 0, crowded: 0, badges: [], ticks: [], plotLeft: LABEL };
    var tL = timeAt(LABEL) - 10 / pps, tR = timeAt(cw) + 10 / pps;
    var first = rowAt(Math.max(0, st)), start = first ? rows.indexOf(first) : 0, n, row;
    // Time grid under everything.
    var step = niceStep(70 / pps), t0 = D.start || 0;
    ctx.fillStyle = '#57606a'; ctx.strokeStyle = '#d0d7de'; ctx.lineWidth = 1; ctx.textAlign = 'center';
    for (var k2 = Math.ceil((t0 + Math.max(0, tL)) / step); k2 * step - t0 <= tR && k2 * step - t0 <= span + step; k2++) {
      var gx = Math.round(X(k2 * step - t0)) + 0.5;
      if (gx < LABEL) continue;
      ctx.beginPath(); ctx.moveTo(gx, AXIS - 6); ctx.lineTo(gx, ch); ctx.stroke();
      // Centred on its tick, but never under the lane titles (the first tick of a short
      // recording sits just right of them) nor cut at the right edge.
      var tick = tickLabel(k2 * step, step), half = ctx.measureText(tick).width / 2;
      var lx = Math.max(gx, LABEL + 3 + half);
      if (lx + half < cw) { ctx.fillText(tick, lx, AXIS / 2 - 2); audit.ticks.push({ text: tick, left: lx - half, right: lx + half }); }
    }
    ctx.save(); ctx.beginPath(); ctx.rect(LABEL, AXIS, cw - LABEL, ch - AXIS); ctx.clip();
    for (n = start; n < rows.length && rows[n].top - st + AXIS < ch; n++) {
      row = rows[n]; var y = AXIS + row.top - st;
      if (row.head) {
        ctx.fillStyle = '#eaeef2'; ctx.fillRect(LABEL, y, cw - LABEL, row.h);
        if (row.head.collapsed) {  // the window's marks, squeezed onto its header row
          if (!row.head.marks) row.head.marks = [].concat.apply([], row.head.lanes.map(function (l) { return lanes[l].marks; })).sort(function (a, c) { return a.t - c.t; });
          drawMarks(row.head.marks, y + 3, 1, 3.5, tL, tR);
        }
        continue;
      }
      var L = lanes[row.lane];
      ctx.fillStyle = n % 2 ? '#ffffff' : '#f6f8fa'; ctx.fillRect(LABEL, y, cw - LABEL, row.h);
      var barTop = y + 19, barH = row.h - 22, covered = -1e9;
      // Zoomed out over many events, most bars and segments fall on pixels already painted:
      // those are skipped (the selected one never is).
      L.bars.forEach(function (b) {
        if (b.end < tL || b.t > tR) return;
        var x0 = Math.max(X(b.t), LABEL - 4), x1 = Math.min(X(b.end), cw + 4), bw = Math.max(x1 - x0, 2);
        if (x0 + bw <= covered + 0.5 && b.seq !== selected) return;
        covered = Math.max(covered, x0 + bw);
        ctx.fillStyle = b.root ? '#d0d7de' : '#b6e3ff'; ctx.fillRect(x0, barTop, bw, barH);
        if (!b.root && bw > 4) { ctx.strokeStyle = '#54aeff'; ctx.lineWidth = 1; ctx.strokeRect(x0 + 0.5, barTop + 0.5, bw - 1, barH - 1); }
        if (b.seq >= 0 && b.seq === selected) { ctx.strokeStyle = '#000'; ctx.lineWidth = 2; ctx.strokeRect(x0, barTop, bw, barH); }
        var shown = bw >= 20 ? fitLabel(b, bw - 6) : '';
        if (shown) { ctx.font = BAR_FONT; ctx.fillStyle = '#0a3069'; ctx.textAlign = 'left'; ctx.fillText(shown, x0 + 3, barTop + barH / 2 + 1); }
        audit.bars.push({ w: bw, label: shown, full: b.ctl, id: b.id || '' });
        hits.push({ x: x0, y: barTop, w: bw, h: barH, seq: b.seq, what: 'bar', bar: b });
      });
      covered = -1e9;
      L.segs.forEach(function (g) {
        if (g.end < tL || g.t > tR) return;
        var x0 = X(g.t), gw = Math.max(X(g.end) - x0, 2);
        if (x0 + gw <= covered + 0.5 && g.seq !== selected) return;
        covered = Math.max(covered, x0 + gw);
        ctx.fillStyle = g.dir === 0 ? 'rgba(45,164,78,0.55)' : 'rgba(251,143,68,0.55)'; ctx.fillRect(x0, barTop + 2, gw, barH - 4);
        if (g.seq === selected) { ctx.strokeStyle = '#000'; ctx.lineWidth = 2; ctx.strokeRect(x0, barTop + 2, gw, barH - 4); }
        hits.push({ x: x0, y: barTop + 2, w: gw, h: barH - 4, seq: g.seq, what: g.dir === 0 ? 'present transition' : 'dismiss transition' });
      });
      // A strip along the presenter's bar while it stays interactive below an undimmed sheet.
      L.reach.forEach(function (q) {
        if (q.end < tL || q.t > tR) return;
        var x0 = Math.max(X(q.t), LABEL - 4), qw = Math.max(Math.min(X(q.end), cw + 4) - x0, 2);
        ctx.fillStyle = COLOURS.reach; ctx.fillRect(x0, barTop + barH - 4, qw, 4);
        hits.push({ x: x0, y: barTop + barH - 5, w: qw, h: 6, seq: q.seq, what: 'reach', reach: q });
      });
      drawMarks(L.marks, y, 2, 3.5, tL, tR);
    }
    if (drag && drag.select && Math.abs(drag.x1 - drag.x0) > 3) {
      ctx.fillStyle = 'rgba(9,105,218,0.15)'; ctx.strokeStyle = '#0969da'; ctx.lineWidth = 1;
      var a = Math.min(drag.x0, drag.x1), w2 = Math.abs(drag.x1 - drag.x0);
      ctx.fillRect(a, AXIS, w2, ch - AXIS); ctx.strokeRect(a + 0.5, AXIS + 0.5, w2 - 1, ch - AXIS - 1);
    }
    ctx.restore();
    // Lane titles, sticky on the left; window headers say how to fold them.
    ctx.textAlign = 'left';
    for (n = start; n < rows.length && rows[n].top - st + AXIS < ch; n++) {
      row = rows[n]; var ty = AXIS + row.top - st;
      ctx.fillStyle = row.head ? '#eaeef2' : n % 2 ? '#ffffff' : '#f6f8fa'; ctx.fillRect(0, ty, LABEL, row.h);
      ctx.fillStyle = '#24292f';
      var label = row.head ? (row.head.collapsed ? '▸ ' : '▾ ') + PIVisible(row.head.name) + ' (' + row.head.lanes.length + ')' : '  ' + lanes[row.lane].title;
      var fit = Math.floor((LABEL - 10) / 6.6);
      ctx.font = (row.head ? 'bold ' : '') + '11px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
      ctx.fillText(label.length > fit ? label.slice(0, fit - 1) + '…' : label, 4, ty + row.h / 2);
    }
    ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, LABEL, AXIS);
    ctx.strokeStyle = '#d0d7de'; ctx.beginPath(); ctx.moveTo(LABEL + 0.5, 0); ctx.lineTo(LABEL + 0.5, ch); ctx.moveTo(0, AXIS + 0.5); ctx.lineTo(cw, AXIS + 0.5); ctx.stroke();
  }
  var queued = false, drawn = '';
  function view() { return [box.scrollLeft, box.scrollTop, zoom, selected, rows.length, drag ? drag.x1 : ''].join(); }
  // Scroll events redraw once per frame, and not at all when a direct draw already showed this view.
  function redraw() { if (queued) return; queued = true; requestAnimationFrame(function () { queued = false; if (view() !== drawn) draw(); }); }
  function relayout() { layoutRows(); size(); draw(); }
  box.addEventListener('scroll', redraw);
  window.addEventListener('resize', function () { size(); draw(); });

  // Zoom keeps the time under `anchor` (a canvas x) where it is.
  function zoomTo(z, anchor) {
    z = Math.max(1, Math.min(maxZoom(), z));
    if (anchor === undefined) anchor = LABEL + (box.clientWidth - LABEL) / 2;
    sl = box.scrollLeft;
    var at = timeAt(anchor);
    zoom = z; size();
    box.scrollLeft = Math.max(0, LABEL + PAD + at * pps - anchor);
    draw();
  }
  function zoomToRange(a, c) {
    if (c - a <= 0) return;
    zoom = Math.max(1, Math.min(maxZoom(), span / (c - a))); size();
    box.scrollLeft = Math.max(0, PAD + a * pps); draw();
  }
  function local(ev) { var r = canvas.getBoundingClientRect(); return { x: ev.clientX - r.left, y: ev.clientY - r.top }; }
  function hitAt(p) {
    for (var q = hits.length - 1; q >= 0; q--) {  // marks are pushed last: they win
      var h = hits[q];
      if (p.x >= h.x && p.x <= h.x + h.w && p.y >= h.y && p.y <= h.y + h.h) return h;
    }
    return null;
  }
  box.addEventListener('wheel', function (ev) {
    if (!(ev.ctrlKey || ev.metaKey)) return;  // plain wheel scrolls; a pinch arrives as Ctrl+wheel
    ev.preventDefault(); zoomTo(zoom * Math.exp(-ev.deltaY / 200), local(ev).x);
  }, { passive: false });
  canvas.addEventListener('mousedown', function (ev) {
    if (ev.button !== 0) return;
    var p = local(ev);
    drag = { x0: p.x, x1: p.x, y0: p.y, l: box.scrollLeft, t: box.scrollTop, select: !ev.shiftKey && p.x > LABEL, moved: false };
    ev.preventDefault();
  });
  window.addEventListener('mousemove', function (ev) {
    if (drag) {
      var p = local(ev);
      if (Math.abs(p.x - drag.x0) > 3 || Math.abs(p.y - drag.y0) > 3) drag.moved = true;
      if (drag.select) { drag.x1 = Math.max(LABEL, Math.min(box.clientWidth, p.x)); redraw(); }
      else { box.scrollLeft = drag.l - (p.x - drag.x0); box.scrollTop = drag.t - (p.y - drag.y0); }
      return;
    }
    if (ev.target !== canvas) { tip.hidden = true; return; }
    var h = hitAt(local(ev));
    canvas.style.cursor = h ? 'pointer' : '';
    if (!h) { tip.hidden = true; return; }
    tip.textContent = h.what === 'crowd' ? h.n + ' events here: ' + h.seqs.slice(0, 6).map(hooks.summary).join(' · ') + (h.n > 6 ? ' · …' : '') + ' (click steps through them)'
      : h.what === 'mark' ? hooks.summary(h.seq)
      : h.what === 'reach' ? h.reach.ctl + ' stays interactive below ' + hooks.label(h.seq) + ', undimmed at its ' + h.reach.detent + ' detent · ' + (h.reach.t + D.start).toFixed(3) + 's– (from #' + h.seq + ')'
      : h.what === 'bar' ? h.bar.ctl + ' · ' + (h.bar.t + D.start).toFixed(3) + 's–' + (h.bar.open ? 'end' : (h.bar.end + D.start).toFixed(3) + 's') + (h.seq >= 0 ? ' · presented by #' + h.seq : ' · window root')
      : h.what + ' of #' + h.seq + ': ' + hooks.summary(h.seq);
    tip.hidden = false;
    tip.style.left = Math.min(ev.clientX + 12, window.innerWidth - tip.offsetWidth - 4) + 'px';
    tip.style.top = (ev.clientY + 14) + 'px';
  });
  window.addEventListener('mouseup', function (ev) {
    if (!drag) return;
    var d = drag; drag = null;
    sl = box.scrollLeft;
    if (d.select && d.moved && Math.abs(d.x1 - d.x0) > 3) {  // a dragged range: zoom to it
      zoomToRange(timeAt(Math.min(d.x0, d.x1)), timeAt(Math.max(d.x0, d.x1))); return;
    }
    if (d.moved) return;
    var p = local(ev), row = rowAt(p.y - AXIS + box.scrollTop);
    if (p.y > AXIS && row && row.head && (p.x < LABEL || !hitAt(p))) { toggle(row.head); return; }
    var h = hitAt(p);
    if (h && h.seqs) hooks.select(h.seqs[(h.seqs.indexOf(selected) + 1) % h.seqs.length]);
    else if (h && h.seq >= 0) hooks.select(h.seq);
    redraw();
  });
  canvas.addEventListener('mouseleave', function () { tip.hidden = true; });
  function toggle(gr, open) {
    gr.collapsed = open === undefined ? !gr.collapsed : !open;
    relayout();
  }
  function rowOfLane(l) { for (var q = 0; q < rows.length; q++) if (rows[q].lane === l) return rows[q]; return null; }
  function groupOfLane(l) { for (var q = 0; q < groups.length; q++) if (groups[q].lanes.indexOf(l) >= 0) return groups[q]; return null; }
  // Brings the event's mark into view, sideways and up or down.
  function reveal(seq) {
    var at = locs[seq]; if (!at) return;
    var gr = groupOfLane(at.lane);
    if (gr && gr.collapsed) toggle(gr, true);
    var row = rowOfLane(at.lane), cw = box.clientWidth, ch = box.clientHeight;
    var x = LABEL + PAD + at.t * pps;
    if (x - box.scrollLeft < LABEL + 8 || x - box.scrollLeft > cw - 8) box.scrollLeft = Math.max(0, x - LABEL - (cw - LABEL) / 2);
    if (row && (row.top < box.scrollTop || row.top + row.h > box.scrollTop + ch - AXIS)) box.scrollTop = Math.max(0, row.top - (ch - AXIS - row.h) / 2);
  }
  layoutRows(); size(); draw();
  return {
    select: function (seq, show) { selected = seq; if (show) reveal(seq); draw(); },
    key: function (key) {
      if (key === '+' || key === '=') zoomTo(zoom * 1.5);
      else if (key === '-') zoomTo(zoom / 1.5);
      else if (key === '0') { zoom = 1; size(); box.scrollLeft = 0; draw(); }
      else if (key === 'ArrowLeft') box.scrollLeft -= box.clientWidth / 4;
      else if (key === 'ArrowRight') box.scrollLeft += box.clientWidth / 4;
      else return false;
      return true;
    },
    zoomToRange: function (a, c) { zoomToRange(a - (D.start || 0), c - (D.start || 0)); },
    toggleWindow: function (name, open) { groups.forEach(function (gr) { if (gr.name === name) toggle(gr, open); }); },
    // For tests and tools: where the event's mark is (client coordinates) and on which lane.
    markInfo: function (seq) {
      var at = locs[seq]; if (!at) return null;
      var row = rowOfLane(at.lane), r = canvas.getBoundingClientRect();
      sl = box.scrollLeft;
      var x = X(at.t), y = row ? AXIS + row.top - box.scrollTop : -1;
      var drawn = null;
      function inCrowd(h) {
        if (!h.seqs) return false;
        if (h.seqs.indexOf(seq) >= 0) return true;
        return h.n > h.seqs.length && h.list.some(function (m) { return m.seq === seq && m.t >= h.t0 && m.t <= h.t1; });
      }
      hits.forEach(function (h) {
        if ((h.seq === seq || inCrowd(h)) && (!drawn || h.what === 'mark')) drawn = { x: r.left + h.x + h.w / 2, y: r.top + h.y + h.h / 2, what: h.what };
      });
      return { lane: D.windows[lanes[at.lane].w] + ' · ' + lanes[at.lane].title, x: r.left + x, y: r.top + y, drawn: drawn,
               visible: !!row && x >= LABEL && x <= box.clientWidth && y >= AXIS && y + LANE / 2 <= box.clientHeight };
    },
    // Brings an event's mark into view without selecting it.
    show: function (seq) { reveal(seq); draw(); },
    // What the last drawing showed: each bar in view with its label, the marks in view drawn or
    // counted on a crowded neighbour (for tests: none may be hidden), the "+N" badges and the
    // time axis labels (none may overlap another, or the lane titles left of `plotLeft`).
    audit: function () { return audit; },
    state: function () { return { zoom: zoom, rows: rows.length, collapsed: groups.filter(function (gr) { return gr.collapsed; }).map(function (gr) { return gr.name; }), width: width }; }
  };
}
