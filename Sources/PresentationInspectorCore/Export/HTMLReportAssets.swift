/// The report's stylesheet, legends and script, kept apart from the page assembly.
enum HTMLReportAssets {
    static let css = #"""
    :root { --fg:#24292f; --muted:#57606a; --line:#d0d7de; --bg:#ffffff; --soft:#f6f8fa; --accent:#0969da;
            --error:#cf222e; --warning:#9a6700; --info:#1b7c83; --row:26px; }
    * { box-sizing: border-box; }
    body { margin: 0; padding: 12px 16px 24px; font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
           color: var(--fg); background: #eef1f4; }
    h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 15px; margin: 0 0 8px; }
    .sub { color: var(--muted); font-weight: normal; font-size: 13px; }
    .meta, .note, .keys, .legend { color: var(--muted); font-size: 12px; margin: 2px 0 6px; }
    .stats { margin: 4px 0 10px; }
    .card { background: var(--bg); border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; margin-bottom: 12px; }
    .scroll { overflow: auto; max-height: clamp(300px, 70vh, 720px); border: 1px solid var(--line); border-radius: 6px; background: #fff; }
    #timeline.scroll { max-height: clamp(200px, 45vh, 480px); }
    .split { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 12px; }
    @media (max-width: 900px) { .split { grid-template-columns: minmax(0, 1fr); } }
    .filters { display: flex; flex-wrap: wrap; gap: 6px 12px; margin-bottom: 8px; font-size: 12px; color: var(--muted); }
    .filters label { display: flex; gap: 4px; align-items: center; min-width: 0; max-width: 100%; }
    .filters select { min-width: 0; max-width: 100%; flex: 1 1 auto; }
    .fix { margin-top: 2px; color: var(--fg); } .fix b { color: #1a7f37; }
    @media (max-width: 600px) {
      body { padding: 8px 6px 16px; } .card { padding: 8px; } h1 { font-size: 17px; }
      .filters label:not(.grow) { flex: 1 1 45%; } .filters .grow { flex-basis: 100%; }
      .row { gap: 4px; padding: 0 4px; } .row .seq { width: 3.6em; } .row .time { display: none; }
      .keys { display: none; }
    }
    .filters .grow { flex: 1 1 200px; } .filters .grow input { flex: 1; min-width: 120px; }
    select, input { font: inherit; font-size: 12px; padding: 2px 4px; }
    .list { position: relative; height: clamp(240px, 52vh, 560px); overflow-y: auto; border: 1px solid var(--line);
            border-radius: 6px; outline: none; }
    .list:focus { border-color: var(--accent); box-shadow: 0 0 0 2px #54aeff55; }
    #list-spacer { position: relative; width: 100%; }
    .row { position: absolute; left: 0; right: 0; height: var(--row); display: flex; gap: 8px; align-items: center;
           padding: 0 8px; font: 12px/var(--row) ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
           white-space: nowrap; overflow: hidden; cursor: pointer; border-bottom: 1px solid #f0f2f4; }
    .row:hover { background: var(--soft); }
    .row.selected { background: #ddf4ff; box-shadow: inset 3px 0 0 var(--accent); }
    .row .seq { color: var(--muted); width: 4.5em; text-align: right; flex: none; }
    .row .time { color: var(--muted); width: 6.5em; flex: none; }
    .row .text { overflow: hidden; text-overflow: ellipsis; flex: 1; }
    .badge { display: inline-block; padding: 0 6px; border-radius: 10px; font-size: 11px; line-height: 18px;
             border: 1px solid var(--line); background: var(--soft); flex: none; }
    .sev { font-weight: 600; } .sev-error { color: var(--error); } .sev-warning { color: var(--warning); } .sev-info { color: var(--info); }
    .badge.sev-error { background: #ffebe9; border-color: #ff818266; } .badge.sev-warning { background: #fff8c5; border-color: #d4a72c66; }
    .badge.sev-info { background: #e6fffa; border-color: #1b7c8366; }
    #detail table { border-collapse: collapse; width: 100%; font-size: 12px; margin-bottom: 8px; }
    #detail th { text-align: left; color: var(--muted); font-weight: normal; padding: 2px 8px 2px 0; vertical-align: top; width: 9.5em; }
    #detail td { padding: 2px 0; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; word-break: break-word; }
    #detail ol { padding-left: 20px; margin: 4px 0 8px; } #detail li { margin-bottom: 4px; }
    #detail h3 { font-size: 14px; margin: 0 0 6px; } #detail h4 { font-size: 13px; margin: 10px 0 4px; }
    .diag { border-left: 3px solid var(--line); padding: 2px 8px; margin: 4px 0; background: var(--soft); font-size: 12px; }
    .diag.sev-error { border-color: var(--error); } .diag.sev-warning { border-color: #d4a72c; } .diag.sev-info { border-color: var(--info); }
    .diag .msg { color: var(--fg); font-weight: normal; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    button.link { border: none; background: none; color: var(--accent); cursor: pointer; padding: 0; font: inherit; text-decoration: underline; }
    .pi-timeline .pi-mk, .pi-timeline .pi-bar, .pi-timeline .pi-seg { cursor: pointer; }
    #timeline { cursor: grab; user-select: none; }
    .pi-timeline .pi-selected { stroke: #000 !important; stroke-width: 2px !important; }
    .pi-timeline .pi-mk.pi-selected { filter: drop-shadow(0 0 2px #000); }
    .pi-graph .pi-inactive { opacity: 0.12; }
    .pi-graph .pi-hl rect { stroke: #bf3989 !important; stroke-width: 3px !important; }
    .pi-graph .pi-hl.pi-inactive { opacity: 0.6; }  /* named by the event, though not in a chain then */
    .swatch { display: inline-block; width: 18px; height: 10px; border-radius: 2px; vertical-align: middle; margin: 0 3px 0 8px; }
    .line { display: inline-block; width: 22px; height: 0; vertical-align: middle; margin: 0 3px 0 8px; border-top-width: 2px; }
    kbd { font: 11px ui-monospace, monospace; border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 4px; background: var(--soft); }
    """#

    static let timelineLegend = #"""
    <span class="swatch" style="background:#d0d7de"></span>window root<span class="swatch" style="background:#b6e3ff;border:1px solid #54aeff"></span>presented<span class="swatch" style="background:#2da44e99"></span>present transition<span class="swatch" style="background:#fb8f4499"></span>dismiss transition &nbsp; <span style="color:#0969da">●</span> request <span style="color:#8250df">▼</span> swipe-down <span class="sev-error">✕</span> rejection <span class="sev-error">◆</span> error <span class="sev-warning">◆</span> warning <span class="sev-info">◆</span> info
    """#

    static let graphLegend = #"""
    <span class="line" style="border-top:2px solid #8c959f"></span>container → child<span class="line" style="border-top:3px solid #0969da"></span>presenting → presented<span class="line" style="border-top:2px dashed #8250df"></span>source → presented (when not the presenting one)<span class="line" style="border-top:3px dotted #1a7f37"></span>context provider → presented (when not the presenting one) · double border: window root · green border: defines the presentation context · blue fill: presented
    """#

    static let keyboardHelp = #"""
    <kbd>↑</kbd>/<kbd>↓</kbd> or <kbd>k</kbd>/<kbd>j</kbd> previous/next event · <kbd>PgUp</kbd>/<kbd>PgDn</kbd> · <kbd>Home</kbd>/<kbd>End</kbd> · <kbd>n</kbd>/<kbd>p</kbd> next/previous event with diagnostics · <kbd>d</kbd> first diagnostic · timeline: <kbd>+</kbd>/<kbd>-</kbd>/<kbd>0</kbd> zoom, <kbd>←</kbd>/<kbd>→</kbd> pan, Ctrl-wheel zoom, drag pan · <kbd>/</kbd> search · <kbd>Esc</kbd> clear filters
    """#

    static let script = #"""
    (function () {
      'use strict';
      var data = JSON.parse(document.getElementById('pi-data').textContent);
      // Undo HTMLReportData's compaction: short keys → names, "@N" → table entry N, "@@x" → "@x".
      var K = data.k || [], T = [];
      function decode(v) {
        if (typeof v === 'string') {
          if (v.charCodeAt(0) !== 64) return v;
          return v.charCodeAt(1) === 64 ? v.slice(1) : T[parseInt(v.slice(1), 36)];
        }
        if (Array.isArray(v)) return v.map(decode);
        if (v && typeof v === 'object') {
          var o = {};
          for (var key in v) o[K[parseInt(key, 36)]] = decode(v[key]);
          return o;
        }
        return v;
      }
      (data.t || []).forEach(function (x) { T.push(decode(x)); });
      var events = data.events.map(decode), summaries = data.summaries;
      var RANK = { info: 0, warning: 1, error: 2 };
      var bySeq = {}, controllers = [], known = {}, diagTotal = 0, sevCount = { error: 0, warning: 0, info: 0 };
      var REF_KEYS = ['source', 'presented', 'presenting', 'contextProvider', 'receiver', 'handledBy'];
      var followers = {};  // seq → the completions and checks that belong to it
      events.forEach(function (e, i) {
        e._i = i; bySeq[e.seq] = e;
        if (e.relatesTo !== undefined) (followers[e.relatesTo] = followers[e.relatesTo] || []).push(e);
        var sev = -1;
        (e.diagnostics || []).forEach(function (d) { diagTotal++; sevCount[d.severity] = (sevCount[d.severity] || 0) + 1; sev = Math.max(sev, RANK[d.severity]); });
        e._sev = sev;
        var ids = [];
        REF_KEYS.forEach(function (k) { if (e[k]) ids.push(e[k]); });
        (e.dismissedControllers || []).forEach(function (r) { ids.push(r); });
        (e.chain || []).forEach(function (r) { ids.push(r); });
        e._ids = {}; e._named = {};
        ids.forEach(function (r, k) {
          if (k < ids.length - (e.chain || []).length) e._named[r.id] = true;
          e._ids[r.id] = true;
          if (!known[r.id]) { known[r.id] = true; controllers.push(r); }
        });
        e._text = ('#' + e.seq + ' ' + summaries[i] + ' ' + (e.diagnostics || []).map(function (d) { return d.code + ' ' + d.message; }).join(' ')).toLowerCase();
      });
      function $(id) { return document.getElementById(id); }
      $('stat-events').textContent = String(events.length);
      $('stat-diagnostics').textContent = String(diagTotal);
      $('stat-errors').textContent = String(sevCount.error || 0);
      $('stat-warnings').textContent = String(sevCount.warning || 0);
      $('stat-infos').textContent = String(sevCount.info || 0);
      var fc = $('f-controller');
      controllers.forEach(function (r) {
        var o = document.createElement('option');
        o.value = r.id; o.textContent = r.type + (r.title ? ' “' + r.title + '”' : '') + ' (' + r.id + ')';
        fc.appendChild(o);
      });

      var list = $('list'), spacer = $('list-spacer'), ROW = 26;
      var filtered = [], selected = null, rendered = {};
      function applyFilters() {
        var kind = $('f-kind').value, sev = $('f-severity').value, ctl = fc.value, text = $('f-text').value.trim().toLowerCase();
        filtered = [];
        for (var i = 0; i < events.length; i++) {
          var e = events[i];
          if (kind && e.kind !== kind) continue;
          if (sev === 'none' ? e._sev >= 0 : (sev && e._sev < RANK[sev])) continue;
          if (ctl && !e._ids[ctl]) continue;
          if (text && e._text.indexOf(text) < 0) continue;
          filtered.push(i);
        }
        $('shown-count').textContent = filtered.length === events.length ? events.length + ' shown' : filtered.length + ' of ' + events.length + ' shown';
        spacer.style.height = (filtered.length * ROW) + 'px';
        spacer.textContent = ''; rendered = {};
        renderRows();
        saveHash();
      }
      function row(i, k) {
        var e = events[i], div = document.createElement('div');
        div.className = 'row' + (selected === e.seq ? ' selected' : '');
        div.style.top = (k * ROW) + 'px';
        div.setAttribute('role', 'option'); div.dataset.seq = e.seq;
        var seq = document.createElement('span'); seq.className = 'seq'; seq.textContent = '#' + e.seq;
        var time = document.createElement('span'); time.className = 'time'; time.textContent = e.time.toFixed(3) + 's';
        var text = document.createElement('span'); text.className = 'text';
        text.textContent = summaries[i];
        div.appendChild(seq); div.appendChild(time); div.appendChild(text);
        if (e._sev >= 0) {
          var name = ['info', 'warning', 'error'][e._sev], b = document.createElement('span');
          b.className = 'badge sev sev-' + name; b.textContent = name + ' ' + e.diagnostics.length;
          div.appendChild(b);
        }
        return div;
      }
      function renderRows() {
        var first = Math.max(0, Math.floor(list.scrollTop / ROW) - 10);
        var last = Math.min(filtered.length, Math.ceil((list.scrollTop + list.clientHeight) / ROW) + 10);
        var keep = {};
        for (var k = first; k < last; k++) {
          keep[k] = true;
          if (!rendered[k]) { rendered[k] = row(filtered[k], k); spacer.appendChild(rendered[k]); }
        }
        Object.keys(rendered).forEach(function (k) { if (!keep[k]) { spacer.removeChild(rendered[k]); delete rendered[k]; } });
      }
      var pending = false;
      list.addEventListener('scroll', function () {
        if (pending) return; pending = true;
        requestAnimationFrame(function () { pending = false; renderRows(); });
      });
      window.addEventListener('resize', function () { renderRows(); });
      list.addEventListener('click', function (ev) {
        var r = ev.target.closest('.row'); if (r) { select(Number(r.dataset.seq), false); list.focus(); }
      });

      function text(tag, s, cls) { var n = document.createElement(tag); n.textContent = s; if (cls) n.className = cls; return n; }
      function ref(r) { return r ? r.type + (r.title ? ' “' + r.title + '”' : '') + ' (' + r.id + ')' : ''; }
      function link(seq) {
        var b = text('button', '#' + seq, 'link'); b.type = 'button';
        b.addEventListener('click', function () { select(seq, true); }); return b;
      }
      function showDetail(e) {
        var d = $('detail'); d.textContent = '';
        d.appendChild(text('h3', '#' + e.seq + ' ' + e.kind + ' → ' + e.outcome));
        var t = document.createElement('table');
        function add(label, value) {
          if (value === undefined || value === null || value === '') return;
          var tr = document.createElement('tr'); tr.appendChild(text('th', label));
          var td = document.createElement('td');
          if (value instanceof Node) td.appendChild(value); else td.textContent = String(value);
          tr.appendChild(td); t.appendChild(tr);
        }
        add('time', e.time.toFixed(3) + ' s'); add('thread', e.thread); add('window', e.window); add('animated', e.animated ? 'yes' : 'no');
        add('source', ref(e.source)); add('presented', ref(e.presented)); add('presenting', ref(e.presenting));
        add('context provider', ref(e.contextProvider));
        if (e.requestedStyle) add('style', e.requestedStyle === e.effectiveStyle ? e.requestedStyle : e.requestedStyle + ' → ' + e.effectiveStyle);
        if (e.requestedTransition) add('transition', e.requestedTransition === e.effectiveTransition ? e.requestedTransition : e.requestedTransition + ' → ' + e.effectiveTransition);
        add('receiver', ref(e.receiver)); add('handled by', ref(e.handledBy));
        if (e.dismissedControllers && e.dismissedControllers.length) add('dismissed', e.dismissedControllers.map(ref).join(', '));
        if (e.forwarded !== undefined) add('forwarded', e.forwarded ? 'yes' : 'no');
        if (e.relatesTo !== undefined && bySeq[e.relatesTo]) add('belongs to', link(e.relatesTo));
        var related = followers[e.seq] || [];
        if (related.length) { var span = document.createElement('span'); related.forEach(function (x) { span.appendChild(link(x.seq)); span.appendChild(document.createTextNode(' ' + x.kind + ' ')); }); add('followed by', span); }
        add('call site', e.callSite);
        add('chain after', (e.chain || []).map(function (r) { return r.type + ' (' + r.id + ')'; }).join(' → '));
        d.appendChild(t);
        if (e.diagnostics && e.diagnostics.length) {
          d.appendChild(text('h4', 'Diagnostics'));
          e.diagnostics.forEach(function (g) {
            var div = text('div', '', 'diag sev sev-' + g.severity);
            div.appendChild(text('span', g.severity + ' ' + g.code + ': '));
            div.appendChild(text('span', g.message, 'msg'));
            if (g.fix) { var fx = text('div', '', 'fix'); fx.appendChild(text('b', 'Fix: ')); fx.appendChild(text('span', String(g.fix))); div.appendChild(fx); }
            d.appendChild(div);
          });
        }
        if (e.observed && typeof e.observed === 'object') {
          d.appendChild(text('h4', 'Observed'));
          var ot = document.createElement('table');
          Object.keys(e.observed).forEach(function (k) {
            var v = e.observed[k], tr = document.createElement('tr');
            tr.appendChild(text('th', k));
            tr.appendChild(text('td', v && typeof v === 'object' ? (v.type ? ref(v) : JSON.stringify(v)) : String(v)));
            ot.appendChild(tr);
          });
          d.appendChild(ot);
        }
        if (e.explanation && e.explanation.length) {
          d.appendChild(text('h4', 'Why (explanation steps)'));
          var ol = document.createElement('ol');
          e.explanation.forEach(function (s) { ol.appendChild(text('li', s)); });
          d.appendChild(ol);
        }
      }

      var timelineBox = document.getElementById('timeline'), marked = [];
      var edges = document.querySelectorAll('#graph .pi-edge'), nodes = document.querySelectorAll('#graph .pi-node');
      var history = document.body.dataset.graphHistory === 'true';
      function activeAt(iv, seq) {
        return iv.split(',').some(function (p) {
          if (!p) return false;
          var a = p.split('-'), s = Number(a[0]), end = a[1] === '' ? Infinity : Number(a[1]);
          return s <= seq && seq < end;
        });
      }
      function showGraphAt(e) {
        if (!history) return;
        var seq = e ? e.seq : null, live = {}, on = {};
        edges.forEach(function (g) {
          if (g.classList.contains('pi-edge-container')) return;
          var active = seq === null || activeAt(g.dataset.iv, seq);
          g.classList.toggle('pi-inactive', !active);
          if (active) { live[g.dataset.from] = true; live[g.dataset.to] = true; }
        });
        nodes.forEach(function (n) {
          var id = n.dataset.id;
          on[id] = seq === null || (Number(n.dataset.first) <= seq && (live[id] || n.classList.contains('pi-root')));
          n.classList.toggle('pi-inactive', !on[id]);
          n.classList.toggle('pi-hl', !!(e && e._named[id]));
        });
        edges.forEach(function (g) {
          if (!g.classList.contains('pi-edge-container')) return;
          var active = seq === null || (activeAt(g.dataset.iv, seq) && on[g.dataset.from] && on[g.dataset.to]);
          g.classList.toggle('pi-inactive', !active);
        });
        $('graph-state').textContent = seq === null ? 'whole recording' : 'after #' + seq;
        // The note under the heading follows it (the page's own text is kept for the whole recording).
        var note = $('graph-note');
        if (note.dataset.whole === undefined) note.dataset.whole = note.textContent;
        note.textContent = seq === null ? note.dataset.whole
          : 'The chains as they stood right after #' + seq + '; faded: not in a chain then; pink border: named by #' + seq + '.';
        // Bring the event's controllers into view when they are off to the side.
        var hl = document.querySelector('#graph .pi-hl'), box = $('graph');
        if (hl && hl.getBBox) {
          var b = hl.getBBox();
          if (b.x < box.scrollLeft || b.x + b.width > box.scrollLeft + box.clientWidth) box.scrollLeft = Math.max(0, b.x - 40);
        }
      }

      function select(seq, reveal) {
        var e = bySeq[seq]; if (!e) return;
        selected = seq;
        Object.keys(rendered).forEach(function (k) { rendered[k].classList.toggle('selected', Number(rendered[k].dataset.seq) === seq); });
        var k = filtered.indexOf(e._i);
        if (k < 0 && reveal) { clearFilters(); k = filtered.indexOf(e._i); }
        if (k >= 0 && reveal) {  // from a link, the timeline or the address: centre it in the list
          var mid = k * ROW - list.clientHeight / 2;
          if (k * ROW < list.scrollTop || k * ROW + ROW > list.scrollTop + list.clientHeight) list.scrollTop = Math.max(0, mid);
        }
        if (k >= 0) {
          var top = k * ROW;
          if (top < list.scrollTop) list.scrollTop = top;
          else if (top + ROW > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW - list.clientHeight;
          renderRows();
        }
        marked.forEach(function (m) { m.classList.remove('pi-selected'); });
        marked = Array.prototype.slice.call(timelineBox.querySelectorAll('[data-seq="' + seq + '"]'));
        marked.forEach(function (m) { m.classList.add('pi-selected'); });
        if (reveal !== 'timeline' && marked.length) revealInTimeline(marked[0]);
        showDetail(e); showGraphAt(e);
        document.body.dataset.selected = String(seq);
        saveHash();
      }
      // Scrolls the timeline box so the mark is inside it, horizontally and vertically.
      function revealInTimeline(m) {
        var b = m.getBoundingClientRect(), c = timelineBox.getBoundingClientRect();
        if (b.left < c.left || b.right > c.right) timelineBox.scrollLeft += b.left - c.left - timelineBox.clientWidth / 2;
        if (b.top < c.top || b.bottom > c.bottom) timelineBox.scrollTop += b.top - c.top - timelineBox.clientHeight / 2;
      }
      // The address remembers the view: selection and filters, replaced (not pushed) on each change.
      var restoring = true;
      function saveHash() {
        if (restoring) return;
        var p = [];
        if (selected !== null) p.push('seq=' + selected);
        if ($('f-kind').value) p.push('kind=' + encodeURIComponent($('f-kind').value));
        if ($('f-severity').value) p.push('severity=' + encodeURIComponent($('f-severity').value));
        if (fc.value) p.push('controller=' + encodeURIComponent(fc.value));
        if ($('f-text').value) p.push('q=' + encodeURIComponent($('f-text').value));
        var h = p.length ? '#' + p.join('&') : ' ';
        try { window.history.replaceState(null, '', h === ' ' ? location.pathname + location.search : h); } catch (err) { /* file: URLs in some browsers */ }
      }
      // Timeline zoom (+ - 0, Ctrl/⌘-wheel or pinch around the pointer, drag to pan) stretches the
      // time axis only: bars and transitions widen, markers and text keep their shape. The lane
      // labels stay on the left edge while the box scrolls sideways.
      var zoom = 1;
      function setupTimelineZoom() {
        var svg = timelineBox.querySelector('svg.pi-timeline'); if (!svg) return;
        var W = Number(svg.getAttribute('width')), axis = svg.querySelector('.pi-axis line');
        var L = axis ? Number(axis.getAttribute('x1')) : 0, items = null;
        function collect() {  // on the first zoom only: reading every mark's box costs a layout
        items = [];
        svg.querySelectorAll('.pi-bars rect, .pi-segments rect').forEach(function (r) {
          items.push({ n: r, k: 'rect', x: Number(r.getAttribute('x')), w: Number(r.getAttribute('width')) });
        });
        svg.querySelectorAll('.pi-bars text, .pi-axis text').forEach(function (t) { items.push({ n: t, k: 'x', x: Number(t.getAttribute('x')) }); });
        svg.querySelectorAll('.pi-axis line').forEach(function (l) { items.push({ n: l, k: 'line', x: Number(l.getAttribute('x1')) }); });
        svg.querySelectorAll('.pi-markers > *').forEach(function (m) {
          var b = m.getBBox ? m.getBBox() : { x: 0, width: 0 };
          items.push({ n: m, k: 'move', x: b.x + b.width / 2 });
        });
        }
        var lanes = svg.querySelectorAll('.pi-lanes rect'), sticky = document.createElementNS('http://www.w3.org/2000/svg', 'g');
        sticky.setAttribute('class', 'pi-sticky');
        svg.querySelectorAll('.pi-lanes text').forEach(function (t, i) {
          var bg = lanes[i] ? lanes[i].cloneNode(false) : null;
          if (bg) { bg.setAttribute('width', String(L - 4)); sticky.appendChild(bg); }
          sticky.appendChild(t);
        });
        svg.appendChild(sticky);
        function X(x) { return L + (x - L) * zoom; }
        function apply(anchorClientX) {
          var before = anchorClientX === undefined ? null : (timelineBox.scrollLeft + anchorClientX - L) / Number(svg.getAttribute('width'));
          var width = L + (W - L) * zoom;
          svg.setAttribute('width', String(width)); svg.setAttribute('viewBox', '0 0 ' + width + ' ' + svg.getAttribute('height'));
          svg.querySelectorAll('.pi-lanes rect').forEach(function (r) { r.setAttribute('width', String(width)); });
          if (!items) collect();
          items.forEach(function (it) {
            if (it.k === 'rect') { it.n.setAttribute('x', String(X(it.x))); it.n.setAttribute('width', String(Math.max(it.w * zoom, 1))); }
            else if (it.k === 'x') it.n.setAttribute('x', String(X(it.x)));
            else if (it.k === 'line') { it.n.setAttribute('x1', String(X(it.x))); it.n.setAttribute('x2', String(X(it.x))); }
            else it.n.setAttribute('transform', 'translate(' + (X(it.x) - it.x) + ',0)');
          });
          if (before !== null) timelineBox.scrollLeft = before * width + L - anchorClientX;
          document.body.dataset.zoom = String(zoom);
          stick();
        }
        function stick() { sticky.setAttribute('transform', 'translate(' + timelineBox.scrollLeft + ',0)'); }
        timelineBox.addEventListener('scroll', stick);
        function zoomBy(f, clientX) {
          var z = Math.max(1, Math.min(400, zoom * f)); if (z === zoom) return;
          var rect = timelineBox.getBoundingClientRect();
          zoom = z; apply(clientX === undefined ? timelineBox.clientWidth / 2 : clientX - rect.left);
        }
        timelineBox.addEventListener('wheel', function (ev) {
          if (!(ev.ctrlKey || ev.metaKey)) return;  // plain wheel scrolls; pinch arrives as Ctrl+wheel
          ev.preventDefault(); zoomBy(Math.exp(-ev.deltaY / 200), ev.clientX);
        }, { passive: false });
        var drag = null;
        timelineBox.addEventListener('mousedown', function (ev) { if (ev.button === 0) drag = { x: ev.clientX, y: ev.clientY, l: timelineBox.scrollLeft, t: timelineBox.scrollTop, moved: false }; });
        window.addEventListener('mousemove', function (ev) {
          if (!drag) return;
          if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) > 4) drag.moved = true;
          timelineBox.scrollLeft = drag.l - (ev.clientX - drag.x); timelineBox.scrollTop = drag.t - (ev.clientY - drag.y);
        });
        window.addEventListener('mouseup', function () { setTimeout(function () { drag = null; }, 0); });
        timelineBox.addEventListener('click', function (ev) { if (drag && drag.moved) ev.stopImmediatePropagation(); }, true);
        timelineZoom = function (key) {
          if (key === '+' || key === '=') zoomBy(1.5);
          else if (key === '-') zoomBy(1 / 1.5);
          else if (key === '0') { zoom = 1; apply(); timelineBox.scrollLeft = 0; }
          else if (key === 'ArrowLeft') timelineBox.scrollLeft -= timelineBox.clientWidth / 4;
          else if (key === 'ArrowRight') timelineBox.scrollLeft += timelineBox.clientWidth / 4;
          else return false;
          return true;
        };
        document.body.dataset.zoom = '1';
      }
      var timelineZoom = function () { return false; };
      function firstDiagnostic() {
        for (var i = 0; i < events.length; i++) if (events[i]._sev >= 0) { select(events[i].seq, true); return; }
      }
      function clearFilters() {
        $('f-kind').value = ''; $('f-severity').value = ''; fc.value = ''; $('f-text').value = '';
        applyFilters();
      }
      function move(delta) {
        if (!filtered.length) return;
        var k = selected === null ? -1 : filtered.indexOf(bySeq[selected]._i);
        if (k < 0 && delta < 0) k = filtered.length;  // nothing selected yet: up starts from the end
        k = Math.max(0, Math.min(filtered.length - 1, k + delta));
        select(events[filtered[k]].seq, false);
      }
      function jumpDiagnostic(dir) {
        var k = selected === null ? (dir > 0 ? -1 : filtered.length) : filtered.indexOf(bySeq[selected]._i);
        for (k += dir; k >= 0 && k < filtered.length; k += dir) {
          if (events[filtered[k]]._sev >= 0) { select(events[filtered[k]].seq, false); return; }
        }
      }
      ['f-kind', 'f-severity', 'f-controller'].forEach(function (id) { $(id).addEventListener('change', applyFilters); });
      $('f-text').addEventListener('input', applyFilters);
      document.getElementById('timeline').addEventListener('click', function (ev) {
        var m = ev.target.closest('[data-seq]'); if (m) select(Number(m.dataset.seq), 'timeline');
      });
      document.addEventListener('keydown', function (ev) {
        var tag = (ev.target.tagName || '').toLowerCase();
        if (ev.key === 'Escape') { clearFilters(); if (ev.target.blur) ev.target.blur(); list.focus(); return; }
        if (tag === 'input' || tag === 'select' || ev.metaKey || ev.ctrlKey || ev.altKey) return;
        var page = Math.max(1, Math.floor(list.clientHeight / ROW) - 1);
        var handled = true;
        switch (ev.key) {
          case 'ArrowDown': case 'j': move(1); break;
          case 'ArrowUp': case 'k': move(-1); break;
          case 'PageDown': move(page); break;
          case 'PageUp': move(-page); break;
          case 'Home': move(-filtered.length); break;
          case 'End': move(filtered.length); break;
          case 'n': jumpDiagnostic(1); break;
          case 'd': firstDiagnostic(); break;
          case 'p': jumpDiagnostic(-1); break;
          case '/': $('f-text').focus(); break;
          default: handled = timelineZoom(ev.key);
        }
        if (handled) ev.preventDefault();
      });
      // The address's fragment holds shareable state: #seq=13&kind=present&severity=warning&controller=ID&q=text.
      // keys=j,j,n replays key presses after loading (the tests drive the page this way).
      var params = {};
      location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
        var i = kv.indexOf('='); if (i > 0) params[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1));
      });
      if (params.kind) $('f-kind').value = params.kind;
      if (params.severity) $('f-severity').value = params.severity;
      if (params.controller) fc.value = params.controller;
      if (params.q) $('f-text').value = params.q;
      applyFilters();
      $('first-diagnostic').addEventListener('click', firstDiagnostic);
      setupTimelineZoom();
      var initial = params.seq || document.body.dataset.at;
      if (initial && bySeq[Number(initial)]) select(Number(initial), false);
      else showGraphAt(null);
      restoring = false;
      window.addEventListener('hashchange', function () {
        var q = {};
        location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
          var i = kv.indexOf('='); if (i > 0) q[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1));
        });
        if (q.seq && bySeq[Number(q.seq)] && Number(q.seq) !== selected) select(Number(q.seq), true);
      });
      (params.keys ? params.keys.split(',') : []).forEach(function (key) {
        document.dispatchEvent(new KeyboardEvent('keydown', { key: key, bubbles: true }));
      });
      document.body.dataset.selected = selected === null ? '' : String(selected);
      document.body.dataset.ready = 'true';
      document.body.dataset.renderedRows = String(spacer.children.length);
    })();
    """#
}
