// The report's page script: decodes the embedded data, builds the virtualised event list, the
// filters, the detail panel, the address hash and the keyboard; the timeline canvas is
// timeline.js's and the chain graph's view graph.js's.
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
  var S = data.shapes || [];
  function decodeEvent(a) {  // [shape, values…] → the event object
    if (!Array.isArray(a)) return decode(a);
    var keys = S[a[0]] || [], o = {};
    for (var j = 0; j < keys.length; j++) o[K[keys[j]]] = decode(a[j + 1]);
    return o;
  }
  var events = data.events.map(decodeEvent), summaries = data.summaries.map(decode);
  // Strings marked with a leading \u0002 are templates naming the event's controllers as
  // \u0001N, the N-th controller reference among its fields (HTMLReportDataTemplates); a
  // doubled mark is a literal one. References themselves are never templated.
  function isRef(r) { return r && typeof r === 'object' && !Array.isArray(r) && typeof r.id === 'string' && typeof r.type === 'string'; }
  function fill(v, labels) {
    if (typeof v === 'string') {
      if (v.charCodeAt(0) !== 2) return v;
      if (v.charCodeAt(1) === 2) return v.slice(1);
      return v.slice(1).replace(/\u0001(\d)/g, function (m, n) { return labels[Number(n)] !== undefined ? labels[Number(n)] : m; });
    }
    // Copy on change only: values from the table are shared between events, and copying
    // what holds no template made garbage enough to slow a 100,000-event page's start.
    var out = null, j, x;
    if (Array.isArray(v)) {
      for (j = 0; j < v.length; j++) {
        x = fill(v[j], labels);
        if (x !== v[j] && !out) out = v.slice(0, j);
        if (out) out.push(x);
      }
      return out || v;
    }
    if (v && typeof v === 'object' && !isRef(v)) {
      for (var k in v) {
        x = fill(v[k], labels);
        if (x !== v[k] && !out) { out = {}; for (var c in v) out[c] = v[c]; }
        if (out) out[k] = x;
      }
      return out || v;
    }
    return v;
  }
  // At load only what the list and the search read (the summary line, the diagnostics); the
  // rest of an event when the details first show it (filled(e)).
  events.forEach(function (e, i) {
    var labels = [];
    // As ControllerRef.label writes them: a label is text for reading (PIVisible).
    for (var k in e) if (isRef(e[k])) labels.push(PIVisible(e[k].type + (e[k].title ? ' "' + e[k].title + '"' : '') + ' (' + e[k].id + ')'));
    summaries[i] = fill(summaries[i], labels);
    if (e.diagnostics) e.diagnostics = fill(e.diagnostics, labels);
    e._labels = labels;
  });
  function filled(e) {
    if (e._labels) { for (var k in e) if (k.charAt(0) !== '_' && k !== 'diagnostics') e[k] = fill(e[k], e._labels); e._labels = null; }
    return e;
  }
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
  // Each count with its noun, singular for 1 ("1 event", "1 error"), as pinspect counts.
  [['events', events.length, 'event'], ['diagnostics', diagTotal, 'diagnostic'], ['errors', sevCount.error || 0, 'error'],
   ['warnings', sevCount.warning || 0, 'warning']].forEach(function (c) {
    $('stat-' + c[0]).textContent = String(c[1]);
    $('stat-' + c[0] + '-noun').textContent = c[1] === 1 ? c[2] : c[0];
  });
  $('stat-infos').textContent = String(sevCount.info || 0);
  // The controller menu is filled when first used: with thousands of controllers its options
  // cost more layout at load than the rest of the page.
  var visible = PIVisible;
  var fc = $('f-controller'), controllersListed = false;
  function listControllers() {
    if (controllersListed) return;
    controllersListed = true;
    var all = document.createDocumentFragment();
    controllers.forEach(function (r) {
      var o = document.createElement('option');
      o.value = r.id; o.textContent = visible(r.type + (r.title ? ' “' + r.title + '”' : '') + ' (' + r.id + ')');
      all.appendChild(o);
    });
    fc.appendChild(all);
  }
  ['mousedown', 'focus', 'touchstart', 'keydown'].forEach(function (t) { fc.addEventListener(t, listControllers); });

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
    // The outcome has a place of its own: a narrow list cuts the summary, never the outcome.
    var text = document.createElement('span'), cut = summaries[i].lastIndexOf(' → ');
    text.className = 'text'; text.textContent = cut > 0 ? summaries[i].slice(0, cut) : summaries[i];
    div.appendChild(seq); div.appendChild(time); div.appendChild(text);
    if (cut > 0) div.appendChild(document.createElement('span')).className = 'outcome';
    if (cut > 0) div.lastChild.textContent = summaries[i].slice(cut + 1);
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

  function text(tag, s, cls) { var n = document.createElement(tag); n.textContent = visible(s); if (cls) n.className = cls; return n; }
  function ref(r) { return r ? r.type + (r.title ? ' “' + r.title + '”' : '') + ' (' + r.id + ')' : ''; }
  function link(seq) {
    var b = text('button', '#' + seq, 'link'); b.type = 'button';
    b.addEventListener('click', function () { select(seq, true); }); return b;
  }
  function showDetail(e) {
    filled(e);
    var d = $('detail'); d.textContent = '';
    d.appendChild(text('h3', '#' + e.seq + ' ' + e.kind + ' → ' + e.outcome));
    var t = document.createElement('table');
    function add(label, value) {
      if (value === undefined || value === null || value === '') return;
      var tr = document.createElement('tr'); tr.appendChild(text('th', label));
      var td = document.createElement('td');
      if (value instanceof Node) td.appendChild(value); else td.textContent = visible(value);
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
    if (e.sheet && typeof e.sheet === 'object') {  // its detents; appearance and background are the model's reading
      var sh = e.sheet, dets = Array.isArray(sh.detents) ? sh.detents : ['large'];
      var rest = dets.indexOf(sh.selectedDetent) >= 0 ? sh.selectedDetent : dets[0];
      add('sheet', '[' + dets.join(', ') + '] at ' + rest + (sh.largestUndimmedDetent ? ' · undimmed up to ' + sh.largestUndimmedDetent : ' · every detent dimmed')
        + (sh.prefersGrabberVisible ? ' · grabber' : '') + (sh.appearance ? ' · ' + sh.appearance : ''));
      if (sh.background) add('below the sheet', { interactive: 'still interactive: ' + ref(e.presenting) + ' can be touched', dimmed: 'dimmed: out of reach',
        modal: 'undimmed, but isModalInPresentation: out of reach', covered: 'covered (full screen)', unknown: 'unknown to the model' }[sh.background] || sh.background);
    }
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

  var timeline = data.timeline && $('timeline') ? PITimeline($('timeline'), data.timeline, {
    select: function (seq) { select(seq, 'timeline'); },
    label: function (seq) {  // the controller a present event presented, as the timeline names it
      var p = bySeq[seq] && bySeq[seq].presented;
      return p ? p.type + (p.title ? ' “' + p.title + '”' : '') : '';
    },
    id: function (seq) { var p = bySeq[seq] && bySeq[seq].presented; return p ? p.id : ''; },
    summary: function (seq) { var e = bySeq[seq]; return e ? '#' + seq + ' ' + e.time.toFixed(3) + 's ' + summaries[e._i] : '#' + seq; }
  }) : { select: function () {}, key: function () { return false; } };
  window.piTimeline = timeline;
  var graph = PIGraph($('graph'), document.body.dataset.graphHistory === 'true',
    { fit: $('graph-fit'), zoomIn: $('graph-zoom-in'), zoomOut: $('graph-zoom-out') });
  window.piGraph = graph;
  // With an event selected the graph shows its focus (its chain and the controllers it names,
  // readable at any width); the whole graph is one click away, and stays chosen once chosen.
  var focusView = PIFocus($('graph-focus')), graphMode = 'focus', shownFor = null;
  $('graph-mode').addEventListener('click', function () {
    graphMode = graphMode === 'focus' ? 'whole' : 'focus';
    showGraphAt(shownFor);
  });
  window.addEventListener('resize', function () { if (!$('graph-focus').hidden && shownFor) focusView.show(filled(shownFor)); });
  function showGraphAt(e) {
    var focus = !!e && graphMode === 'focus', wasHidden = $('graph').hidden;
    shownFor = e;
    $('graph-focus').hidden = !focus; $('graph').hidden = focus;
    $('graph-mode').hidden = !e;
    $('graph-mode').textContent = focus ? 'show the whole graph' : e ? 'focus on #' + e.seq : '';
    document.body.dataset.graphMode = focus ? 'focus' : 'whole';
    var note = $('graph-note');
    if (note.dataset.whole === undefined) note.dataset.whole = note.textContent;
    if (focus) {
      focusView.show(filled(e));
      $('graph-state').textContent = 'focus on #' + e.seq;
      note.textContent = 'The chain of #' + e.seq + '\'s window right after it, and the controllers it names (pink border).';
      return;
    }
    if (wasHidden) graph.fit();
    if (document.body.dataset.graphHistory !== 'true') return;
    var seq = e ? e.seq : null;
    graph.showAt(seq, e ? e._named : null);
    $('graph-state').textContent = seq === null ? 'whole recording' : 'after #' + seq;
    // The note under the heading follows it (the page's own text is kept for the whole recording).
    note.textContent = seq === null ? note.dataset.whole
      : 'The chains as they stood right after #' + seq + '; faded: not in a chain then; pink border: named by #' + seq + '.';
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
    timeline.select(seq, reveal !== 'timeline');
    showDetail(e); showGraphAt(e);
    document.body.dataset.selected = String(seq);
    saveHash();
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
  // The event a first look should land on: the first error shown, else the first warning.
  function firstProblem() {
    for (var r = 2; r >= 1; r--) for (var k = 0; k < filtered.length; k++) if (events[filtered[k]]._sev === r) return events[filtered[k]].seq;
    return null;
  }
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
      default: handled = timeline.key(ev.key);
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
  if (params.controller) { listControllers(); fc.value = params.controller; }
  if (params.q) $('f-text').value = params.q;
  applyFilters();
  $('first-diagnostic').addEventListener('click', firstDiagnostic);
  PIProblems($('diag-links-box'), events, summaries, function (seq) { select(seq, true); });
  var initial = params.seq || document.body.dataset.at;
  if (initial && bySeq[Number(initial)]) select(Number(initial), false);
  else if (firstProblem() !== null) select(firstProblem(), true);  // open on the problem
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
