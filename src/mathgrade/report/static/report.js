/* mathgrade report: draws the charts and runs the sample browser of a page made by `mathgrade report`.
 *
 * Everything shown here comes from two data blocks of the page: #report-meta (JSON: runs, summaries, chart specs,
 * agreement matrices) and #report-rows (every row, columnar JSON, gzip-compressed, base64). Text from the data is
 * only ever put in the page with textContent (or as an attribute value): model outputs are shown, never run.
 * When the rows are ready and the charts drawn, <body> gets data-state="ready" (data-state="error" on failure).
 */
(function () {
  "use strict";

  var meta = JSON.parse(document.getElementById("report-meta").textContent);
  var multi = meta.runs.length > 1;
  var SELECTS = [
    /* [column, label]: the sample browser's drop-down filters, each shown when its column has values */
    ["run", "run"],
    ["correct", "verdict"],
    ["rule", "deciding rule"],
    ["extraction_rule", "answer taken by"],
    ["dataset", "data set"],
    ["subject", "subject"],
    ["level", "level"],
    ["finish_reason", "finish reason"],
    ["label", "label"],
  ];
  var state = { page: 0, size: 50, status: {}, selects: {}, text: "", problem: null, length: null,
                agreement: null, open: {} };
  var rows = null;      /* the decoded columns */
  var matches = [];     /* indexes of the rows that pass the filters */
  var haystack = null;  /* lower-cased searchable text of each row, built on the first search */

  /* ---- helpers ------------------------------------------------------------------------------------------- */

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    }
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function fmt(n) { return Number(n).toLocaleString("en-US"); }

  function statusColor(s) { return meta.status_colors[s] || meta.other_status_color; }

  function badge(status) {
    var b = el("span", { "class": "badge" }, status);
    b.style.background = statusColor(status);
    return b;
  }

  function base64Bytes(b64) {
    if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(b64);
    var bin = atob(b64);
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }

  /* A column as a function of the row index; dictionary columns also expose their codes and distinct values. */
  function column(c) {
    if (!c) { var none = function () { return null; }; none.missing = true; return none; }
    var get;
    if (c.ints) { get = function (i) { return c.ints[i]; }; get.values = c.ints; }
    else if (c.text) { get = function (i) { return c.text[i]; }; get.values = c.text; }
    else { get = function (i) { var k = c.codes[i]; return k < 0 ? null : c.dict[k]; };
           get.codes = c.codes; get.dict = c.dict; }
    return get;
  }

  async function loadRows() {
    var b64 = document.getElementById("report-rows").textContent.trim();
    var stream = new Blob([base64Bytes(b64)]).stream().pipeThrough(new DecompressionStream("gzip"));
    var data = JSON.parse(await new Response(stream).text());
    var cols = {};
    Object.keys(data.columns).forEach(function (name) { cols[name] = column(data.columns[name]); });
    ["output", "gold", "status", "correct", "rule", "reason", "extracted", "start", "end", "key", "sample",
     "extraction_rule", "answer_value", "gold_value", "dataset", "subject", "level", "label", "cluster",
     "finish_reason", "tokens", "length", "prompt", "note"].forEach(function (name) {
      if (!cols[name]) cols[name] = column(null);
    });
    cols.n = data.rows;
    return cols;
  }

  /* ---- charts -------------------------------------------------------------------------------------------- */

  function drawCharts() {
    var pending = meta.charts.map(function (c) {
      var box = document.getElementById(c.id);
      try {
        var spec = vegaLite.compile(c.spec).spec;
        var view = new vega.View(vega.parse(spec), { renderer: "svg", container: box, hover: true });
        if (c.filter) {
          view.addEventListener("click", function (event, item) {
            if (item && item.datum) chartClick(c.filter, item.datum);
          });
        }
        return view.runAsync();
      } catch (err) {
        box.textContent = "This chart could not be drawn: " + err.message;
        return Promise.reject(err);
      }
    });
    return Promise.all(pending);
  }

  function chartClick(filter, datum) {
    if (!rows) return;
    clearFilters(false);
    if (filter === "status") state.status[datum.name] = true;
    else if (filter === "length") state.length = [datum.lo, datum.hi];
    else state.selects[filter] = datum.name;
    if (multi && datum.run !== undefined) {
      state.selects.run = String(meta.runs.findIndex(function (r) { return r.name === datum.run; }));
    }
    syncControls();
    apply();
    document.getElementById("samples").scrollIntoView({ behavior: "smooth" });
  }

  /* ---- filters ------------------------------------------------------------------------------------------- */

  function distinct(name) {
    /* [value, label, count] for each value of a column, most rows first */
    var col = rows[name], counts = new Map(), i;
    if (col.missing) return [];
    for (i = 0; i < rows.n; i++) {
      var v = col(i);
      if (v === null || v === undefined) continue;
      counts.set(v, (counts.get(v) || 0) + 1);
    }
    var out = [];
    counts.forEach(function (n, v) {
      var label = String(v);
      if (name === "run") label = meta.runs[v].name;
      if (name === "correct") label = v ? "correct" : "not correct";
      if (name === "label") label = v ? "labelled correct" : "labelled incorrect";
      out.push([String(v), label, n]);
    });
    if (name === "run" || name === "level") out.sort(function (a, b) { return a[0].localeCompare(b[0], "en", { numeric: true }); });
    else out.sort(function (a, b) { return b[2] - a[2] || a[1].localeCompare(b[1]); });
    return out;
  }

  function buildControls() {
    var chips = document.getElementById("status-chips");
    distinct("status").sort(function (a, b) {
      var order = Object.keys(meta.status_colors);
      var ia = order.indexOf(a[0]), ib = order.indexOf(b[0]);
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a[0].localeCompare(b[0]);
    }).forEach(function (d) {
      var chip = el("button", { type: "button", "class": "chip", "data-status": d[0], "aria-pressed": "false" });
      var dot = el("span", { "class": "dot" });
      dot.style.background = statusColor(d[0]);
      chip.appendChild(dot);
      chip.appendChild(document.createTextNode(d[1] + " "));
      chip.appendChild(el("span", { "class": "n", "data-count": String(d[2]) }, fmt(d[2])));
      chip.addEventListener("click", function () {
        if (state.status[d[0]]) delete state.status[d[0]]; else state.status[d[0]] = true;
        syncControls();
        apply();
      });
      chips.appendChild(chip);
    });
    var box = document.getElementById("selects");
    SELECTS.forEach(function (s) {
      if (s[0] === "run" && !multi) return;
      var values = distinct(s[0]);
      if (values.length < 2) return;
      var select = el("select", { id: "filter-" + s[0], "data-filter": s[0], "aria-label": s[1] });
      select.appendChild(el("option", { value: "" }, s[1] + ": all"));
      values.forEach(function (v) { select.appendChild(el("option", { value: v[0] }, v[1] + " (" + fmt(v[2]) + ")")); });
      select.addEventListener("change", function () {
        if (select.value === "") delete state.selects[s[0]]; else state.selects[s[0]] = select.value;
        apply();
      });
      box.appendChild(wrapLabel(select));
    });
    if (meta.agreements.length) {
      var agree = el("select", { id: "filter-agreement", "aria-label": "agreement" });
      agree.appendChild(el("option", { value: "" }, "agreement: all"));
      meta.agreements.forEach(function (a, i) {
        var group = el("optgroup", { label: a.title });
        group.appendChild(el("option", { value: i + ":disagree" }, "disagreeing (" + fmt(a.counts[1] + a.counts[2]) + ")"));
        meta.cells.forEach(function (cell, c) {
          var text = cell.replace("A", a.a).replace("B", a.b);
          group.appendChild(el("option", { value: i + ":" + c }, text + " (" + fmt(a.counts[c]) + ")"));
        });
        agree.appendChild(group);
      });
      agree.addEventListener("change", function () {
        state.agreement = agree.value ? agree.value.split(":") : null;
        apply();
      });
      box.appendChild(wrapLabel(agree));
    }
    var search = document.getElementById("search"), timer = null;
    search.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { state.text = search.value.trim().toLowerCase(); apply(); }, 200);
    });
    document.getElementById("filters").addEventListener("submit", function (e) { e.preventDefault(); });
    document.getElementById("clear").addEventListener("click", function () { clearFilters(true); apply(); });
    document.getElementById("prev").addEventListener("click", function () { turn(-1); });
    document.getElementById("next").addEventListener("click", function () { turn(1); });
    document.getElementById("page-size").addEventListener("change", function (e) {
      state.size = Number(e.target.value);
      state.page = 0;
      render();
    });
    Array.prototype.forEach.call(document.querySelectorAll("button[data-agreement]"), function (b) {
      b.addEventListener("click", function () {
        clearFilters(false);
        state.agreement = [b.getAttribute("data-agreement"), b.getAttribute("data-cell")];
        syncControls();
        apply();
        document.getElementById("samples").scrollIntoView({ behavior: "smooth" });
      });
    });
  }

  function wrapLabel(control) {
    var wrap = el("span", { "class": "select" });
    wrap.appendChild(control);
    return wrap;
  }

  function clearFilters(andText) {
    state.status = {};
    state.selects = {};
    state.problem = null;
    state.length = null;
    state.agreement = null;
    if (andText) { state.text = ""; document.getElementById("search").value = ""; }
    syncControls();
  }

  function syncControls() {
    Array.prototype.forEach.call(document.querySelectorAll(".chip[data-status]"), function (chip) {
      chip.setAttribute("aria-pressed", state.status[chip.getAttribute("data-status")] ? "true" : "false");
    });
    SELECTS.forEach(function (s) {
      var select = document.getElementById("filter-" + s[0]);
      if (select) select.value = state.selects[s[0]] || "";
    });
    var agree = document.getElementById("filter-agreement");
    if (agree) agree.value = state.agreement ? state.agreement.join(":") : "";
  }

  function predicates() {
    var tests = [];
    var wanted = Object.keys(state.status);
    if (wanted.length) {
      var st = rows.status, codes = wanted.map(function (w) { return st.dict.indexOf(w); });
      tests.push(function (i) { return codes.indexOf(st.codes[i]) >= 0; });
    }
    Object.keys(state.selects).forEach(function (name) {
      var col = rows[name], value = state.selects[name];
      if (col.codes) {
        var code = col.dict.indexOf(value);
        tests.push(function (i) { return col.codes[i] === code; });
      } else {
        tests.push(function (i) { var v = col(i); return v !== null && String(v) === value; });
      }
    });
    if (state.length) {
      var lo = state.length[0], hi = state.length[1];
      tests.push(function (i) { var n = rows.length(i); return n >= lo && (hi === null || n < hi); });
    }
    if (state.problem) {
      var p = state.problem;
      tests.push(function (i) { return rows.key(i) === p.key && (p.run === null || rows.run(i) === p.run); });
    }
    if (state.agreement) {
      var codesCol = rows["agree" + state.agreement[0]], cell = state.agreement[1];
      if (cell === "disagree") tests.push(function (i) { var c = codesCol(i); return c === 1 || c === 2; });
      else { var want = Number(cell); tests.push(function (i) { return codesCol(i) === want; }); }
    }
    if (state.text) {
      var needle = state.text;
      if (!haystack) buildHaystack();
      tests.push(function (i) { return haystack[i].indexOf(needle) >= 0; });
    }
    return tests;
  }

  function buildHaystack() {
    haystack = new Array(rows.n);
    for (var i = 0; i < rows.n; i++) {
      haystack[i] = [rows.key(i), rows.extracted(i), rows.gold(i), rows.output(i)].join("\n").toLowerCase();
    }
  }

  function apply() {
    var tests = predicates(), out = [], i, j;
    outer: for (i = 0; i < rows.n; i++) {
      for (j = 0; j < tests.length; j++) if (!tests[j](i)) continue outer;
      out.push(i);
    }
    matches = out;
    state.page = 0;
    state.open = {};
    showActive();
    render();
  }

  function showActive() {
    var box = document.getElementById("active");
    box.textContent = "";
    function tag(text, clear) {
      var t = el("span", { "class": "tag" }, text + " ");
      var x = el("button", { type: "button", "aria-label": "remove filter" }, "×");
      x.addEventListener("click", function () { clear(); syncControls(); apply(); });
      t.appendChild(x);
      box.appendChild(t);
    }
    if (state.problem) {
      tag("problem " + state.problem.key + (state.problem.run !== null && multi ? " in " + meta.runs[state.problem.run].name : ""),
          function () { state.problem = null; });
    }
    if (state.length) {
      tag("length " + fmt(state.length[0]) + "–" + (state.length[1] === null ? "" : fmt(state.length[1])) + " characters",
          function () { state.length = null; });
    }
  }

  /* ---- table --------------------------------------------------------------------------------------------- */

  function turn(step) {
    var pages = Math.max(1, Math.ceil(matches.length / state.size));
    state.page = Math.min(pages - 1, Math.max(0, state.page + step));
    render();
  }

  function render() {
    var body = document.getElementById("rows-body");
    body.textContent = "";
    var pages = Math.max(1, Math.ceil(matches.length / state.size));
    var first = state.page * state.size, last = Math.min(matches.length, first + state.size);
    var count = document.getElementById("count");
    count.setAttribute("data-matching", String(matches.length));
    count.textContent = matches.length
      ? "Rows " + fmt(first + 1) + "–" + fmt(last) + " of " + fmt(matches.length) + " matching (of " + fmt(rows.n) + ")"
      : "No row matches these filters (of " + fmt(rows.n) + ")";
    document.getElementById("page").textContent = "page " + (state.page + 1) + " of " + pages;
    document.getElementById("prev").disabled = state.page === 0;
    document.getElementById("next").disabled = state.page >= pages - 1;
    for (var m = first; m < last; m++) {
      var i = matches[m];
      body.appendChild(rowElement(i));
      if (state.open[i]) body.appendChild(detailElement(i));
    }
  }

  function clip(text, n) {
    if (text === null || text === undefined) return "";
    text = String(text);
    return text.length > n ? text.slice(0, n - 1) + "…" : text;
  }

  function rowElement(i) {
    var tr = el("tr", { "class": "row", "data-index": String(i), tabindex: "0", "aria-expanded": state.open[i] ? "true" : "false" });
    tr.appendChild(el("td", { "class": "num" }, fmt(i + 1)));
    if (multi) tr.appendChild(el("td", null, meta.runs[rows.run(i)].name));
    var sample = rows.sample(i);
    tr.appendChild(el("td", { "class": "id" }, clip(rows.key(i), 48) + (sample === null || sample === undefined ? "" : " #" + sample)));
    var s = el("td");
    s.appendChild(badge(rows.status(i)));
    tr.appendChild(s);
    var ex = rows.extracted(i);
    tr.appendChild(el("td", { "class": "math" + (ex === null ? " none" : "") }, ex === null ? "none" : clip(ex, 60)));
    tr.appendChild(el("td", { "class": "math" }, clip(rows.gold(i), 60)));
    tr.appendChild(el("td", { "class": "rule" }, rows.rule(i)));
    function toggle() {
      if (state.open[i]) delete state.open[i]; else state.open[i] = true;
      render();
      var again = document.querySelector('tr.row[data-index="' + i + '"]');
      if (again) again.focus();
    }
    tr.addEventListener("click", toggle);
    tr.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); } });
    return tr;
  }

  function field(dl, name, value, cls) {
    if (value === null || value === undefined || value === "") return;
    dl.appendChild(el("dt", null, name));
    dl.appendChild(el("dd", cls ? { "class": cls } : null, value));
  }

  function detailElement(i) {
    var tr = el("tr", { "class": "detail", "data-index": String(i) });
    var td = el("td", { colspan: multi ? "7" : "6" });
    tr.appendChild(td);
    var head = el("p", { "class": "reason" });
    head.appendChild(badge(rows.status(i)));
    head.appendChild(document.createTextNode(" " + rows.reason(i)));
    td.appendChild(head);
    var dl = el("dl", { "class": "facts" });
    field(dl, "gold", rows.gold(i), "math");
    field(dl, "gold read as", rows.gold_value(i), "math");
    field(dl, "extracted", rows.extracted(i) === null ? "no answer found" : rows.extracted(i), "math");
    field(dl, "extracted read as", rows.answer_value(i), "math");
    var start = rows.start(i), end = rows.end(i);
    field(dl, "taken by", (rows.extraction_rule(i) || "") + (start === null || start === undefined ? "" : "  (characters " + fmt(start) + "–" + fmt(end) + ")"));
    field(dl, "deciding rule", rows.rule(i));
    var label = rows.label(i);
    if (label !== null && label !== undefined) field(dl, meta.runs[rows.run(i)].compare_field || "label", label ? "correct" : "incorrect");
    field(dl, "finish reason", rows.finish_reason(i));
    field(dl, "completion tokens", rows.tokens(i) === null ? null : fmt(rows.tokens(i)));
    field(dl, "output length", fmt(rows.length(i)) + " characters");
    field(dl, "data set", rows.dataset(i));
    field(dl, "subject", rows.subject(i));
    field(dl, "level", rows.level(i));
    field(dl, "note", rows.note(i));
    td.appendChild(dl);
    var clusters = clusterBox(i);
    if (clusters) td.appendChild(clusters);
    var others = otherRuns(i);
    if (others) td.appendChild(others);
    var prompt = rows.prompt(i);
    if (prompt) {
      var det = el("details", { "class": "prompt" });
      det.appendChild(el("summary", null, "prompt"));
      det.appendChild(el("pre", null, prompt));
      td.appendChild(det);
    }
    td.appendChild(outputBox(i));
    return tr;
  }

  function outputBox(i) {
    var wrap = el("div", { "class": "output-wrap" });
    var title = el("div", { "class": "output-title" }, "model output");
    var pre = el("pre", { "class": "output" });
    var text = rows.output(i) || "", start = rows.start(i), end = rows.end(i);
    if (typeof start === "number" && typeof end === "number" && start >= 0 && end <= text.length && start <= end) {
      pre.appendChild(document.createTextNode(text.slice(0, start)));
      var mark = el("mark", { "class": "answer", title: "the extracted answer" }, text.slice(start, end));
      pre.appendChild(mark);
      pre.appendChild(document.createTextNode(text.slice(end)));
      var jump = el("button", { type: "button", "class": "link" }, "jump to the answer");
      jump.addEventListener("click", function () { mark.scrollIntoView({ block: "center" }); });
      title.appendChild(document.createTextNode(" · "));
      title.appendChild(jump);
    } else {
      pre.textContent = text;
    }
    wrap.appendChild(title);
    wrap.appendChild(pre);
    return wrap;
  }

  var byProblem = null;   /* run and key -> row indexes */
  var bySample = null;    /* key and sample -> row indexes, across runs */

  function indexRows() {
    byProblem = new Map();
    bySample = new Map();
    for (var i = 0; i < rows.n; i++) {
      var p = rows.run(i) + "\u0000" + rows.key(i);
      if (!byProblem.has(p)) byProblem.set(p, []);
      byProblem.get(p).push(i);
      if (multi) {
        var s = rows.key(i) + "\u0000" + rows.sample(i);
        if (!bySample.has(s)) bySample.set(s, []);
        bySample.get(s).push(i);
      }
    }
  }

  function clusterBox(i) {
    if (rows.cluster.missing) return null;
    var same = byProblem.get(rows.run(i) + "\u0000" + rows.key(i)) || [];
    if (same.length < 2) return null;
    var groups = new Map();
    same.forEach(function (j) {
      var c = rows.cluster(j), k = c === null ? "none" : String(c);
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k).push(j);
    });
    var box = el("div", { "class": "clusters" });
    box.appendChild(el("div", { "class": "output-title" }, "answers of the " + same.length + " samples of this problem"));
    var list = el("div", { "class": "cluster-list" });
    Array.from(groups.entries()).sort(function (a, b) { return b[1].length - a[1].length; }).forEach(function (g) {
      var first = g[1][0], mine = g[1].indexOf(i) >= 0;
      var chip = el("span", { "class": "cluster" + (mine ? " mine" : "") + (rows.correct(first) ? " ok" : " bad"),
                              "data-cluster": g[0] });
      chip.appendChild(el("span", { "class": "math" }, g[0] === "none" ? "no answer" : clip(rows.extracted(first), 40)));
      chip.appendChild(el("span", { "class": "n" }, " ×" + g[1].length + (rows.correct(first) ? " ✓" : " ✗")));
      list.appendChild(chip);
    });
    box.appendChild(list);
    var show = el("button", { type: "button", "class": "link" }, "list these samples");
    show.addEventListener("click", function () {
      clearFilters(false);
      state.problem = { run: rows.run(i), key: rows.key(i) };
      apply();
    });
    box.appendChild(show);
    return box;
  }

  function otherRuns(i) {
    if (!multi) return null;
    var same = (bySample.get(rows.key(i) + "\u0000" + rows.sample(i)) || []).filter(function (j) { return j !== i; });
    if (!same.length) return null;
    var box = el("div", { "class": "others" });
    box.appendChild(el("div", { "class": "output-title" }, "the same problem in the other runs"));
    var table = el("table", { "class": "mini" });
    same.forEach(function (j) {
      var tr = el("tr");
      tr.appendChild(el("td", null, meta.runs[rows.run(j)].name));
      var s = el("td");
      s.appendChild(badge(rows.status(j)));
      tr.appendChild(s);
      tr.appendChild(el("td", { "class": "math" }, rows.extracted(j) === null ? "none" : clip(rows.extracted(j), 80)));
      table.appendChild(tr);
    });
    box.appendChild(table);
    var show = el("button", { type: "button", "class": "link" }, "list this problem in every run");
    show.addEventListener("click", function () {
      clearFilters(false);
      state.problem = { run: null, key: rows.key(i) };
      apply();
    });
    box.appendChild(show);
    return box;
  }

  /* ---- start --------------------------------------------------------------------------------------------- */

  var charts = drawCharts();
  loadRows().then(function (loaded) {
    rows = loaded;
    indexRows();
    buildControls();
    apply();
    return charts;
  }).then(function () {
    document.body.setAttribute("data-state", "ready");
  }).catch(function (err) {
    document.body.setAttribute("data-state", "error");
    document.getElementById("count").textContent = "This page could not be shown whole: " + err.message;
    console.error(err);
  });
})();
