// The report's views that lead with the problem: the header's list of every diagnostic as a
// link, and the chain graph's focus mode, which draws only the selected event's chain and the
// controllers it names (source, presenting controller, context provider) at a readable size
// whatever the width (390 px included); the whole graph is one click away.

// Strings from the log are shown, not obeyed, as pinspect prints them (VisibleText, docs/CLI.md):
// control characters, C1 controls, line separators and bidirectional overrides as Swift escapes.
function PIVisible(s) {
  'use strict';
  var shortEscapes = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u0000': '\\0' };
  s = String(s);
  if (!/[\u0000-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/.test(s)) return s;
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/g, function (c) {
    return shortEscapes[c] || '\\u{' + c.charCodeAt(0).toString(16).toUpperCase() + '}';
  });
}

function PIProblems(box, events, summaries, select) {
  'use strict';
  // Errors first, then warnings, then info, each in event order: past the first MAX the list
  // stops, and what it stops on must never be an error.
  var MAX = 40, rank = { error: 0, warning: 1, info: 2 }, found = [], list = document.createElement('ol');
  list.className = 'diag-links';
  for (var i = 0; i < events.length; i++) {
    (events[i].diagnostics || []).forEach(function (d) { found.push({ seq: events[i].seq, d: d, k: found.length }); });
  }
  if (!found.length) return;
  function rankOf(d) { var r = rank[d.severity]; return r === undefined ? 3 : r; }
  found.sort(function (a, b) { return rankOf(a.d) - rankOf(b.d) || a.k - b.k; });
  var more = Math.max(0, found.length - MAX);
  found.slice(0, MAX).forEach(function (f) {
    var li = document.createElement('li'), b = document.createElement('button');
    b.type = 'button'; b.className = 'link'; b.textContent = '#' + f.seq; b.dataset.seq = f.seq;
    b.addEventListener('click', function () { select(f.seq); });
    var sev = document.createElement('span'); sev.className = 'sev sev-' + f.d.severity; sev.textContent = ' ' + f.d.severity + ' ';
    li.appendChild(b); li.appendChild(sev); li.appendChild(document.createTextNode(PIVisible(f.d.code + ': ' + f.d.message)));
    list.appendChild(li);
  });
  box.appendChild(list);
  if (more) {
    var p = document.createElement('p'); p.className = 'note';
    p.textContent = 'and ' + more + ' more: n / p step through every event with diagnostics, the Severity filter lists them.';
    box.appendChild(p);
  }
  box.hidden = false;
}

function PIFocus(box) {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg', FONT = 12, ROW = 46, GAP = 22, LINE = 15;
  function el(name, attrs, text) {
    var n = document.createElementNS(NS, name);
    for (var k in attrs) n.setAttribute(k, attrs[k]);
    if (text !== undefined) n.textContent = text;
    return n;
  }
  function fitText(s, px) {  // about 0.6 em a character: cut at whole characters with "…"
    var max = Math.max(4, Math.floor(px / (FONT * 0.6)));
    return s.length > max ? s.slice(0, max - 1) + '…' : s;
  }
  // Lines of at most `px` (about 0.6 em a character), broken after spaces; at most 3, the last
  // cut with "…": a node's roles are read whole at 390 px, not cut after the first line.
  function wrapText(s, px) {
    var max = Math.max(4, Math.floor(px / (FONT * 0.6))), lines = [], line = '';
    s.split(' ').forEach(function (word) {
      if (line && (line + ' ' + word).length > max) { lines.push(line); line = word; } else { line = line ? line + ' ' + word : word; }
    });
    if (line) lines.push(line);
    if (lines.length > 3) { lines = lines.slice(0, 3); lines[2] += ' …'; }
    return lines.map(function (l) { return fitText(l, px); });
  }
  return {
    // Draws the event's chain (root first) and the controllers it names outside it.
    show: function (e) {
      box.textContent = '';
      var roles = {}, order = [], inChain = {};
      function role(r, what) {
        if (!r) return;
        if (!roles[r.id]) { roles[r.id] = { ref: r, what: [] }; order.push(r.id); }
        if (roles[r.id].what.indexOf(what) < 0) roles[r.id].what.push(what);
      }
      (e.chain || []).forEach(function (r, k) { role(r, k === 0 ? 'window root' : 'presented'); inChain[r.id] = true; });
      role(e.source, 'source'); role(e.presenting, 'presenting'); role(e.contextProvider, 'context provider');
      role(e.presented, e.outcome === 'presented' ? 'presented by #' + e.seq : 'to present (' + e.outcome + ')');
      if (e.sheet && e.presented) {  // where the sheet rests, and whether its presenter stays within reach
        var dets = Array.isArray(e.sheet.detents) ? e.sheet.detents : ['large'];
        role(e.presented, 'sheet at ' + (dets.indexOf(e.sheet.selectedDetent) >= 0 ? e.sheet.selectedDetent : dets[0])
          + (e.sheet.background === 'interactive' ? ', undimmed' : ''));
        if (e.sheet.background === 'interactive') role(e.presenting, 'still interactive below the sheet');
      }
      role(e.receiver, 'receiver'); role(e.handledBy, 'handled by');
      (e.dismissedControllers || []).forEach(function (r) { role(r, 'dismissed'); });
      var chain = order.filter(function (id) { return inChain[id]; }), others = order.filter(function (id) { return !inChain[id]; });
      var W = Math.max(240, Math.min((box.clientWidth || 608) - 8, 560)), y = 8;
      var svg = el('svg', { xmlns: NS, class: 'pi-focus', width: W, 'font-size': FONT, 'font-family': 'system-ui, -apple-system, Segoe UI, sans-serif' });
      function node(id, x, w) {
        var r = roles[id], g = el('g', { class: 'pi-focus-node', 'data-id': id });
        var named = r.what.some(function (w2) { return w2 !== 'presented' && w2 !== 'window root'; });
        var roleLines = wrapText(r.ref.id + ' · ' + r.what.join(', '), w - 16), h = ROW - 8 + (roleLines.length - 1) * LINE;
        g.appendChild(el('rect', { x: x, y: y, width: w, height: h, rx: 6, fill: inChain[id] ? '#ddf4ff' : '#fff',
          stroke: named ? '#bf3989' : '#54aeff', 'stroke-width': named ? 2.5 : 1.2 }));
        g.appendChild(el('text', { x: x + 8, y: y + 15, 'font-weight': 600 }, fitText(r.ref.type + (r.ref.title ? ' “' + r.ref.title + '”' : ''), w - 16)));
        roleLines.forEach(function (line, k) { g.appendChild(el('text', { x: x + 8, y: y + 31 + k * LINE, fill: '#57606a' }, line)); });
        svg.appendChild(g);
        y += h;
      }
      chain.forEach(function (id, k) {
        if (k > 0) {
          svg.appendChild(el('line', { x1: 30, y1: y, x2: 30, y2: y + GAP - 2, stroke: '#0969da', 'stroke-width': 2 }));
          svg.appendChild(el('text', { x: 38, y: y + GAP / 2 + 4, fill: '#57606a' }, 'presents'));
          y += GAP;
        }
        node(id, 4, W - 8);
      });
      if (others.length) {
        y += 14;
        svg.appendChild(el('text', { x: 4, y: y, fill: '#57606a' }, fitText('Named by #' + e.seq + ', not in the chain after it:', W - 8)));
        y += 8;
        others.forEach(function (id) { y += 6; node(id, 18, W - 22); });
      }
      if (!order.length) svg.appendChild(el('text', { x: 4, y: (y += 16) }, 'Event #' + e.seq + ' names no controller.'));
      svg.setAttribute('height', y + 8);
      svg.setAttribute('viewBox', '0 0 ' + W + ' ' + (y + 8));
      box.appendChild(svg);
    }
  };
}
