// The chain graph's view in the report: the SVG scaled to fit its box (any width, 390 px
// included), zoom and pan by changing its viewBox, and the "as it stood after #N" state from
// each edge's active intervals (parsed once, searched by bisection on every selection).
function PIGraph(box, history, controls) {
  'use strict';
  var svg = box.querySelector('svg.pi-graph');
  var none = { showAt: function () {}, fit: function () {}, state: function () { return null; } };
  if (!svg) return none;
  function intervals(iv) {  // "3-9,12-" → [3, 9, 12, Infinity], in order
    var out = [];
    (iv || '').split(',').forEach(function (p) {
      if (!p) return;
      var a = p.split('-');
      out.push(Number(a[0]), a[1] === '' || a[1] === undefined ? Infinity : Number(a[1]));
    });
    return out;
  }
  function activeAt(iv, seq) {  // bisection: the last interval starting at or before seq
    var lo = 0, hi = iv.length / 2 - 1, hit = -1;
    while (lo <= hi) { var mid = (lo + hi) >> 1; if (iv[2 * mid] <= seq) { hit = mid; lo = mid + 1; } else hi = mid - 1; }
    return hit >= 0 && seq < iv[2 * hit + 1];
  }
  var edges = [], nodes = [];
  svg.querySelectorAll('.pi-edge').forEach(function (g) {
    edges.push({ el: g, container: g.classList.contains('pi-edge-container'), from: g.dataset.from, to: g.dataset.to, iv: intervals(g.dataset.iv) });
  });
  svg.querySelectorAll('.pi-node').forEach(function (n) {
    nodes.push({ el: n, id: n.dataset.id, first: Number(n.dataset.first), root: n.classList.contains('pi-root') });
  });

  // The element takes the box's width and a height of its own; the viewBox (same aspect as
  // the element) chooses what part of the drawing shows. Fit: all of it, centred.
  var W = Number(svg.getAttribute('width')) || 1, H = Number(svg.getAttribute('height')) || 1, A = W / H;
  var vb = { x: 0, y: 0, w: W, h: H }, fitW = W;
  svg.removeAttribute('width'); svg.removeAttribute('height');
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  svg.style.width = '100%'; svg.style.display = 'block';
  function sizeElement() {
    var bw = Math.max(1, box.clientWidth);
    var h = Math.round(Math.min(H, Math.max(360, bw * H / W), window.innerHeight * 0.7));
    svg.style.height = h + 'px'; A = bw / h;
    fitW = W / H > A ? W : H * A;
  }
  function apply() {
    svg.setAttribute('viewBox', [vb.x, vb.y, vb.w, vb.h].map(function (v) { return Math.round(v * 10) / 10; }).join(' '));
    box.dataset.zoom = String(Math.round(fitW / vb.w * 100) / 100);
  }
  function clamp() {  // keep the view's centre on the drawing
    vb.w = Math.max(fitW / 40, Math.min(fitW, vb.w)); vb.h = vb.w / A;
    var cx = Math.max(0, Math.min(W, vb.x + vb.w / 2)), cy = Math.max(0, Math.min(H, vb.y + vb.h / 2));
    if (vb.w >= fitW) { cx = W / 2; cy = H / 2; }
    vb.x = cx - vb.w / 2; vb.y = cy - vb.h / 2;
  }
  function point(clientX, clientY) {  // client coordinates → drawing coordinates
    var r = svg.getBoundingClientRect(), s = vb.w / Math.max(1, r.width);
    return { x: vb.x + (clientX - r.left) * s, y: vb.y + (clientY - r.top) * s, s: s };
  }
  function zoomBy(f, clientX, clientY) {
    var r = svg.getBoundingClientRect();
    if (clientX === undefined) { clientX = r.left + r.width / 2; clientY = r.top + r.height / 2; }
    var p = point(clientX, clientY), w = Math.max(fitW / 40, Math.min(fitW, vb.w / f)), k = w / vb.w;
    vb.x = p.x - (p.x - vb.x) * k; vb.y = p.y - (p.y - vb.y) * k; vb.w = w;
    clamp(); apply();
  }
  var userZoomed = false;
  function fit() { sizeElement(); vb.w = fitW; userZoomed = false; clamp(); apply(); }
  // When the whole graph is drawn small, a selection zooms to the window its controllers are in.
  function focus(el) {
    var r = svg.getBoundingClientRect(), b = el.getBBox(), cx = b.x + b.width / 2, cy = b.y + b.height / 2;
    if (!r.width || r.width / fitW > 0.6) return false;
    var area = null;
    svg.querySelectorAll('.pi-window rect').forEach(function (w) {
      var x = Number(w.getAttribute('x')), y = Number(w.getAttribute('y')), ww = Number(w.getAttribute('width')), hh = Number(w.getAttribute('height'));
      if (cx >= x && cx <= x + ww && cy >= y && cy <= y + hh) area = { x: x, y: y, w: ww, h: hh };
    });
    if (!area) area = { x: b.x - 200, y: b.y - 150, w: b.width + 400, h: b.height + 300 };
    vb.w = Math.max(area.w + 20, (area.h + 20) * A); vb.h = vb.w / A;
    vb.x = area.x + area.w / 2 - vb.w / 2; vb.y = area.y + area.h / 2 - vb.h / 2;
    clamp(); apply();
    return true;
  }
  box.addEventListener('wheel', function (ev) {
    if (!(ev.ctrlKey || ev.metaKey)) return;  // plain wheel scrolls the page; pinch is Ctrl+wheel
    ev.preventDefault(); userZoomed = true; zoomBy(Math.exp(-ev.deltaY / 200), ev.clientX, ev.clientY);
  }, { passive: false });
  var drag = null;
  box.addEventListener('mousedown', function (ev) {
    if (ev.button !== 0 || vb.w >= fitW) return;
    userZoomed = true;
    drag = { x: ev.clientX, y: ev.clientY, vx: vb.x, vy: vb.y, s: point(ev.clientX, ev.clientY).s }; ev.preventDefault();
  });
  window.addEventListener('mousemove', function (ev) {
    if (!drag) return;
    vb.x = drag.vx - (ev.clientX - drag.x) * drag.s; vb.y = drag.vy - (ev.clientY - drag.y) * drag.s; clamp(); apply();
  });
  window.addEventListener('mouseup', function () { drag = null; });
  box.addEventListener('dblclick', fit);
  if (controls.fit) controls.fit.addEventListener('click', fit);
  if (controls.zoomIn) controls.zoomIn.addEventListener('click', function () { userZoomed = true; zoomBy(1.5); });
  if (controls.zoomOut) controls.zoomOut.addEventListener('click', function () { userZoomed = true; zoomBy(1 / 1.5); });
  fit();
  window.addEventListener('resize', function () { var z = fitW / vb.w; sizeElement(); vb.w = fitW / z; clamp(); apply(); });

  // Brings a node into view when zoomed in and it is outside the shown part.
  function reveal(el) {
    if (!el || !el.getBBox || vb.w >= fitW) return;
    var b = el.getBBox();
    if (b.x >= vb.x && b.x + b.width <= vb.x + vb.w && b.y >= vb.y && b.y + b.height <= vb.y + vb.h) return;
    vb.x = b.x + b.width / 2 - vb.w / 2; vb.y = b.y + b.height / 2 - vb.h / 2; clamp(); apply();
  }
  return {
    // The chains as they stood right after `e` (null: the whole recording); `named` marks
    // the controllers the event names.
    showAt: function (seq, named) {
      if (!history) return;
      var live = {}, on = {};
      edges.forEach(function (g) {
        if (g.container) return;
        var active = seq === null || activeAt(g.iv, seq);
        g.el.classList.toggle('pi-inactive', !active);
        if (active) { live[g.from] = true; live[g.to] = true; }
      });
      var first = null;
      nodes.forEach(function (n) {
        on[n.id] = seq === null || (n.first <= seq && (live[n.id] || n.root));
        n.el.classList.toggle('pi-inactive', !on[n.id]);
        var hl = !!(named && named[n.id]);
        n.el.classList.toggle('pi-hl', hl);
        if (hl && !first) first = n.el;
      });
      edges.forEach(function (g) {
        if (!g.container) return;
        g.el.classList.toggle('pi-inactive', !(seq === null || (activeAt(g.iv, seq) && on[g.from] && on[g.to])));
      });
      if (first && !userZoomed && focus(first)) return;
      reveal(first);
    },
    fit: fit,
    zoomBy: zoomBy,
    state: function () { return { zoom: fitW / vb.w, viewBox: [vb.x, vb.y, vb.w, vb.h], width: W, height: H }; }
  };
}
