/* mathgrade report: draws the charts and runs the sample browser of a page made by `mathgrade report`.
 *
 * Everything shown here comes from two data blocks of the page: #report-meta (JSON: runs, summaries, chart specs,
 * agreement matrices) and #report-rows (every row, columnar JSON, gzip-compressed, base64; with the per-problem table
 * of eval runs). Text from the data is only ever put in the page with textContent (or as an attribute value), or
 * handed to KaTeX (trust off: no \href, \url, \html... from the data is ever honoured), which builds its DOM with
 * createElement: model outputs are shown, never run. Markdown is rendered by this file (a small subset: headings,
 * lists, quotes, rules, code, bold, italic), each element made with createElement.
 * Links to a problem or a sample: #problem=ID and #sample=ID (with &run=R when several runs are shown, R from 0),
 * where a sample's ID is its problem id, then "/" and its sample index (an eval run), or its row id (a graded file;
 * "~2", "~3"... for a repeated id); opened when the page loads and whenever the fragment changes.
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
     "finish_reason", "tokens", "length", "prompt", "note", "problem"].forEach(function (name) {
      if (!cols[name]) cols[name] = column(null);
    });
    cols.n = data.rows;
    cols.problemTable = data.problems || null;
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

  function fieldNode(dl, name, node) {
    dl.appendChild(el("dt", null, name));
    var dd = el("dd");
    dd.appendChild(node);
    dl.appendChild(dd);
  }

  /* Links to this sample and to its problem (see the file's head for their form). */
  function linksElement(i) {
    var p = el("p", { "class": "links dim" });
    var a = el("a", { href: sampleLink(i), "class": "sample-link" }, "link to this sample");
    p.appendChild(a);
    if (problems && problemIndex.has(rows.key(i))) {
      p.appendChild(document.createTextNode(" · "));
      var b = el("a", { href: problemLink(rows.key(i)), "class": "problem-link" }, "this problem, every sample");
      p.appendChild(b);
    }
    return p;
  }

  function detailElement(i) {
    var tr = el("tr", { "class": "detail", "data-index": String(i) });
    var td = el("td", { colspan: multi ? "7" : "6" });
    tr.appendChild(td);
    var head = el("p", { "class": "reason" });
    head.appendChild(badge(rows.status(i)));
    head.appendChild(document.createTextNode(" " + rows.reason(i)));
    td.appendChild(head);
    td.appendChild(linksElement(i));
    var problem = problemBox(i);
    if (problem) td.appendChild(problem);
    var dl = el("dl", { "class": "facts" });
    fieldNode(dl, "gold", valueElement(rows.gold(i)));
    field(dl, "gold read as", rows.gold_value(i), "math");
    if (rows.extracted(i) === null) field(dl, "extracted", "no answer found");
    else fieldNode(dl, "extracted", valueElement(rows.extracted(i)));
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
      det.appendChild(el("summary", null, "prompt, as sent"));
      det.appendChild(el("pre", null, prompt));
      td.appendChild(det);
    }
    td.appendChild(outputBox(i));
    return tr;
  }

  function outputBox(i) {
    var start = rows.start(i), end = rows.end(i), text = rows.output(i) || "";
    var span = typeof start === "number" && typeof end === "number" && start >= 0 && end <= text.length && start <= end
      ? [start, end] : null;
    return textBox("model output", text, span, "output");
  }

  function problemBox(i) {
    var problem = rows.problem(i);
    return problem ? textBox("problem", problem, null, "problem") : null;
  }

  /* ---- markdown and math --------------------------------------------------------------------------------- */

  /* A text (a problem or a model output) as rendered markdown and math, with its raw text one click away (the
   * choice holds for every box of the page: body.raw-text). `span`: [start, end) of the extracted answer, marked
   * in both views. */
  function textBox(title, text, span, kind) {
    var wrap = el("div", { "class": "textbox " + kind + "-wrap" });
    var head = el("div", { "class": "output-title" }, title);
    var raw = el("pre", { "class": "raw " + kind });
    var rich = el("div", { "class": "rich " + kind });
    var marks = [];
    if (span) {
      raw.appendChild(document.createTextNode(text.slice(0, span[0])));
      var mark = el("mark", { "class": "answer", title: "the extracted answer" }, text.slice(span[0], span[1]));
      raw.appendChild(mark);
      raw.appendChild(document.createTextNode(text.slice(span[1])));
      marks.push(mark);
    } else {
      raw.textContent = text;
    }
    renderMarkdown(rich, text, span);
    var toggle = el("button", { type: "button", "class": "link raw-toggle" });
    toggle.textContent = document.body.classList.contains("raw-text") ? "rendered" : "raw text";
    toggle.addEventListener("click", function () {
      var on = document.body.classList.toggle("raw-text");
      Array.prototype.forEach.call(document.querySelectorAll(".raw-toggle"), function (b) {
        b.textContent = on ? "rendered" : "raw text";
      });
    });
    head.appendChild(document.createTextNode(" · "));
    head.appendChild(toggle);
    if (span) {
      var jump = el("button", { type: "button", "class": "link" }, "jump to the answer");
      jump.addEventListener("click", function () {
        var target = document.body.classList.contains("raw-text") ? marks[0] : rich.querySelector("mark.answer");
        if (target) target.scrollIntoView({ block: "center" });
      });
      head.appendChild(document.createTextNode(" · "));
      head.appendChild(jump);
    }
    wrap.appendChild(head);
    wrap.appendChild(rich);
    wrap.appendChild(raw);
    return wrap;
  }

  var KATEX_OPTIONS = { throwOnError: false, strict: "ignore", trust: false, maxSize: 40, maxExpand: 500,
                        output: "htmlAndMathml" };
  var MATH_ENV = /^\\begin\{(equation|align|alignat|gather|multline|eqnarray|displaymath|math)(\*?)\}/;

  /* A TeX formula as KaTeX's rendering (its source in the title); the source as text if KaTeX cannot run. */
  function mathElement(tex, display, source) {
    var holder = el(display ? "div" : "span", { "class": display ? "math-display" : "math-inline", title: source });
    try {
      if (typeof katex === "undefined") throw new Error("KaTeX is missing");
      katex.render(tex, holder, Object.assign({ displayMode: display }, KATEX_OPTIONS));
    } catch (err) {
      holder.textContent = source;
      holder.classList.add("math-failed");
    }
    return holder;
  }

  /* A short value (a gold answer, an extracted answer) as math when it looks like TeX, else as text. */
  function valueElement(value, tag) {
    var text = value === null || value === undefined ? "" : String(value);
    var box = el(tag || "span", { "class": "value" });
    if (/[\\^_{}]/.test(text) && text.length <= 2000) {
      box.appendChild(mathElement(text.replace(/^\$+|\$+$/g, ""), false, text));
    } else {
      box.textContent = text;
    }
    return box;
  }

  /* The pieces of a text: prose, inline code, code blocks and math, each with where it starts and ends. */
  function splitPieces(text) {
    var out = [], i = 0, prose = 0, n = text.length;
    var special = /```|~~~|`|\$\$|\$|\\\[|\\\(|\\begin\{|\\\$/g;
    function push(kind, start, end, extra) {
      if (prose < start) out.push({ kind: "text", start: prose, end: start, text: text.slice(prose, start) });
      var piece = { kind: kind, start: start, end: end, text: text.slice(start, end) };
      if (extra) Object.keys(extra).forEach(function (k) { piece[k] = extra[k]; });
      out.push(piece);
      prose = i = end;
    }
    while (i < n) {
      special.lastIndex = i;
      var m = special.exec(text);
      if (!m) break;
      var at = m.index, tok = m[0], close;
      if (tok === "\\$") { i = at + 2; continue; }
      if (tok === "```" || tok === "~~~") {
        if (at > 0 && text[at - 1] !== "\n") { i = at + 3; continue; }
        var eol = text.indexOf("\n", at);
        if (eol < 0) { i = at + 3; continue; }
        var fence = text.indexOf("\n" + tok, eol);
        var stop = fence < 0 ? n : fence + 1 + tok.length;
        var after = stop < n ? text.indexOf("\n", stop) : -1;
        if (fence >= 0) stop = after < 0 ? n : after;
        push("codeblock", at, stop, { code: text.slice(eol + 1, fence < 0 ? n : fence) });
      } else if (tok === "`") {
        close = text.indexOf("`", at + 1);
        var nl = text.indexOf("\n", at + 1);
        if (close < 0 || (nl >= 0 && nl < close)) { i = at + 1; continue; }
        push("code", at, close + 1, { code: text.slice(at + 1, close) });
      } else if (tok === "$$") {
        close = text.indexOf("$$", at + 2);
        if (close < 0 || !text.slice(at + 2, close).trim()) { i = at + 2; continue; }
        push("math", at, close + 2, { tex: text.slice(at + 2, close), display: true });
      } else if (tok === "\\[" || tok === "\\(") {
        close = text.indexOf(tok === "\\[" ? "\\]" : "\\)", at + 2);
        if (close < 0) { i = at + 2; continue; }
        push("math", at, close + 2, { tex: text.slice(at + 2, close), display: tok === "\\[" });
      } else if (tok === "\\begin{") {
        var env = MATH_ENV.exec(text.slice(at, at + 40));
        if (!env) { i = at + 7; continue; }
        var endTag = "\\end{" + env[1] + env[2] + "}";
        close = text.indexOf(endTag, at);
        if (close < 0) { i = at + 7; continue; }
        push("math", at, close + endTag.length, { tex: text.slice(at, close + endTag.length), display: true });
      } else {  /* a single $: math when it opens before a non-space and closes after one, not before a digit */
        close = inlineDollarEnd(text, at);
        if (close < 0) { i = at + 1; continue; }
        push("math", at, close + 1, { tex: text.slice(at + 1, close), display: false });
      }
    }
    if (prose < n) out.push({ kind: "text", start: prose, end: n, text: text.slice(prose) });
    return out;
  }

  function inlineDollarEnd(text, at) {
    var first = text[at + 1];
    if (first === undefined || /\s/.test(first)) return -1;
    for (var j = at + 1; j < text.length; j++) {
      var c = text[j];
      if (c === "\\") { j++; continue; }
      if (c === "\n" && text[j + 1] === "\n") return -1;
      if (c === "$") {
        if (/\s/.test(text[j - 1]) || /[0-9]/.test(text[j + 1] || "")) return -1;
        return j;
      }
    }
    return -1;
  }

  /* Lines of pieces: prose split at line ends; code blocks and display math are lines of their own. */
  function pieceLines(pieces) {
    var lines = [], line = [];
    function end() { lines.push(line); line = []; }
    pieces.forEach(function (p) {
      if (p.kind === "codeblock" || (p.kind === "math" && p.display)) {
        if (line.length) end();
        lines.push([p]);
        return;
      }
      if (p.kind !== "text") { line.push(p); return; }
      var from = 0;
      while (true) {
        var nl = p.text.indexOf("\n", from);
        var stop = nl < 0 ? p.text.length : nl;
        if (stop > from) line.push({ kind: "text", start: p.start + from, end: p.start + stop, text: p.text.slice(from, stop) });
        if (nl < 0) break;
        end();
        from = nl + 1;
      }
    });
    if (line.length) end();
    return lines;
  }

  var BLOCK = [
    ["heading", /^ {0,3}(#{1,6})\s+/],
    ["rule", /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/],
    ["ul", /^(\s*)[-*+]\s+/],
    ["ol", /^(\s*)(\d{1,9})[.)]\s+/],
    ["quote", /^ {0,3}>\s?/],
  ];

  function lineKind(line) {
    var first = line[0];
    if (!first) return { kind: "blank" };
    if (first.kind === "codeblock") return { kind: "codeblock" };
    if (first.kind === "math" && first.display && line.length === 1) return { kind: "display" };
    if (first.kind !== "text") return { kind: "para" };
    if (line.length === 1 && !first.text.trim()) return { kind: "blank" };
    for (var b = 0; b < BLOCK.length; b++) {
      var m = BLOCK[b][1].exec(first.text);
      if (m && (BLOCK[b][0] !== "rule" || line.length === 1)) return { kind: BLOCK[b][0], match: m };
    }
    return { kind: "para" };
  }

  /* The line less its block marker (a heading's #, a list item's bullet...). */
  function strip(line, length) {
    var first = line[0];
    var rest = { kind: "text", start: first.start + length, end: first.end, text: first.text.slice(length) };
    return (rest.text ? [rest] : []).concat(line.slice(1));
  }

  function renderMarkdown(root, text, span) {
    var lines = pieceLines(splitPieces(text));
    var para = null, list = null, listKind = null, quote = null;
    function close() { para = null; list = null; listKind = null; quote = null; }
    lines.forEach(function (line) {
      var k = lineKind(line);
      if (k.kind === "blank") { close(); return; }
      if (k.kind === "codeblock") {
        close();
        var p = line[0];
        var pre = el("pre", { "class": "code" });
        appendText(pre, p.code, p.start + p.text.indexOf("\n") + 1, span);
        root.appendChild(pre);
        return;
      }
      if (k.kind === "display") {
        close();
        root.appendChild(mathPiece(line[0], span));
        return;
      }
      if (k.kind === "heading") {
        close();
        var h = el("h" + Math.min(6, k.match[1].length + 2), { "class": "md-heading" });
        inline(h, strip(line, k.match[0].length), span);
        root.appendChild(h);
        return;
      }
      if (k.kind === "rule") { close(); root.appendChild(el("hr")); return; }
      if (k.kind === "ul" || k.kind === "ol") {
        if (!list || listKind !== k.kind) {
          para = null; quote = null;
          list = el(k.kind === "ul" ? "ul" : "ol");
          if (k.kind === "ol" && k.match[2] !== "1") list.setAttribute("start", String(Number(k.match[2])));
          listKind = k.kind;
          root.appendChild(list);
        }
        var li = el("li");
        var indent = k.match[1].replace(/\t/g, "    ").length;
        if (indent >= 2) li.style.marginLeft = Math.min(6, Math.floor(indent / 2)) * 1.2 + "em";
        inline(li, strip(line, k.match[0].length), span);
        list.appendChild(li);
        para = li;
        return;
      }
      if (k.kind === "quote") {
        if (!quote) { close(); quote = el("blockquote"); root.appendChild(quote); para = null; }
        if (para) para.appendChild(el("br"));
        else { para = el("p"); quote.appendChild(para); }
        inline(para, strip(line, k.match[0].length), span);
        return;
      }
      if (para) para.appendChild(el("br"));
      else { list = null; quote = null; para = el("p"); root.appendChild(para); }
      inline(para, line, span);
    });
  }

  function mathPiece(p, span) {
    var m = mathElement(p.tex, p.display, p.text);
    if (span && p.start < span[1] && span[0] < p.end || (span && span[0] === span[1] && p.start <= span[0] && span[0] < p.end)) {
      var mark = el("mark", { "class": "answer" + (p.display ? " block" : ""), title: "the extracted answer" });
      mark.appendChild(m);
      return mark;
    }
    return m;
  }

  /* Text with the part inside `span` (absolute offsets; the text starts at `offset`) marked. */
  function appendText(parent, text, offset, span) {
    if (!text) return;
    if (!span || span[1] <= offset || span[0] >= offset + text.length) {
      parent.appendChild(document.createTextNode(text));
      return;
    }
    var a = Math.max(0, span[0] - offset), b = Math.min(text.length, span[1] - offset);
    if (a > 0) parent.appendChild(document.createTextNode(text.slice(0, a)));
    parent.appendChild(el("mark", { "class": "answer", title: "the extracted answer" }, text.slice(a, b)));
    if (b < text.length) parent.appendChild(document.createTextNode(text.slice(b)));
  }

  /* A line's pieces, with **bold** (which may hold math) and *italic* (within prose). */
  function inline(parent, pieces, span) {
    var markers = 0;
    pieces.forEach(function (p) { if (p.kind === "text") markers += (p.text.match(/\*\*/g) || []).length; });
    var usable = markers - markers % 2, used = 0, target = parent;
    pieces.forEach(function (p) {
      if (p.kind === "math") { target.appendChild(mathPiece(p, span)); return; }
      if (p.kind === "code") {
        var code = el("code");
        appendText(code, p.code, p.start + 1, span);
        target.appendChild(code);
        return;
      }
      var from = 0;
      while (true) {
        var at = used < usable ? p.text.indexOf("**", from) : -1;
        var stop = at < 0 ? p.text.length : at;
        italics(target, p.text.slice(from, stop), p.start + from, span);
        if (at < 0) break;
        used++;
        if (target === parent) { target = el("strong"); parent.appendChild(target); }
        else target = parent;
        from = at + 2;
      }
    });
  }

  function italics(parent, text, offset, span) {
    var re = /(^|[^*\w])\*([^\s*](?:[^*]*[^\s*])?)\*(?![*\w])/g, last = 0, m;
    while ((m = re.exec(text))) {
      var open = m.index + m[1].length;
      appendText(parent, text.slice(last, open), offset + last, span);
      var em = el("em");
      appendText(em, m[2], offset + open + 1, span);
      parent.appendChild(em);
      last = open + m[2].length + 2;
    }
    appendText(parent, text.slice(last), offset + last, span);
  }

  var byProblem = null;   /* run and key -> row indexes */

  function indexRows() {
    byProblem = new Map();
    for (var i = 0; i < rows.n; i++) {
      var p = rows.run(i) + "\u0000" + rows.key(i);
      var list = byProblem.get(p);
      if (!list) { list = []; byProblem.set(p, list); }
      list.push(i);
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
      if (g[0] === "none" || rows.extracted(first) === null) chip.appendChild(el("span", { "class": "dim" }, "no answer"));
      else chip.appendChild(valueElement(clip(rows.extracted(first), 200)));
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

  /* The same problem in the other runs: its one sample's verdict, or, with several samples, how many were correct
   * and their most common answers (samples are never paired by index: their order means nothing). */
  function otherRuns(i) {
    if (!multi) return null;
    var box = el("div", { "class": "others" }), table = el("table", { "class": "mini" }), any = false;
    meta.runs.forEach(function (run, r) {
      if (r === rows.run(i)) return;
      var same = byProblem.get(r + "\u0000" + rows.key(i)) || [];
      if (!same.length) return;
      any = true;
      var tr = el("tr", { "data-run": String(r) });
      tr.appendChild(el("td", null, run.name));
      var cell = el("td");
      if (same.length === 1) {
        cell.appendChild(badge(rows.status(same[0])));
        cell.appendChild(document.createTextNode(" "));
        if (rows.extracted(same[0]) === null) cell.appendChild(el("span", { "class": "dim" }, "no answer"));
        else cell.appendChild(valueElement(clip(rows.extracted(same[0]), 200)));
      } else {
        var correct = same.filter(function (j) { return rows.correct(j); }).length;
        cell.appendChild(document.createTextNode(correct + " of " + same.length + " samples correct; answers: "));
        var counts = new Map();
        same.forEach(function (j) {
          var c = rows.cluster(j), k = c === null || c === undefined ? "none" : String(c);
          if (!counts.has(k)) counts.set(k, [j, 0]);
          counts.get(k)[1]++;
        });
        Array.from(counts.entries()).sort(function (a, b) { return b[1][1] - a[1][1]; }).slice(0, 4).forEach(function (e) {
          var j = e[1][0];
          var chip = el("span", { "class": "cluster" + (e[0] === "none" ? " none" : rows.correct(j) ? " ok" : " bad") });
          if (e[0] === "none" || rows.extracted(j) === null) chip.appendChild(el("span", { "class": "dim" }, "no answer"));
          else chip.appendChild(valueElement(clip(rows.extracted(j), 80)));
          chip.appendChild(el("span", { "class": "n" }, " ×" + e[1][1]));
          cell.appendChild(chip);
          cell.appendChild(document.createTextNode(" "));
        });
      }
      tr.appendChild(cell);
      table.appendChild(tr);
    });
    if (!any) return null;
    box.appendChild(el("div", { "class": "output-title" }, "the same problem in the other runs"));
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

  /* ---- problems (eval runs) ----------------------------------------------------------------------------- */

  var problems = null;            /* the per-problem table: keys, per run columns, per comparison columns */
  var problemIndex = new Map();   /* problem key -> its index in problems.keys */
  var problemRuns = [];           /* the runs that have problems (eval runs) */
  var pstate = { page: 0, size: 50, show: "", sort: "order", text: "", open: {} };
  var pmatches = [];
  var phaystack = null;

  function initProblems(table) {
    problems = table;
    problems.keys.forEach(function (k, i) { problemIndex.set(k, i); });
    problemRuns = [];
    problems.runs.forEach(function (r, i) { if (r.samples.some(function (v) { return v !== null; })) problemRuns.push(i); });
  }

  function problemRows(k, r) { return byProblem.get(r + "\u0000" + problems.keys[k]) || []; }

  function problemFirstRow(k) {
    for (var j = 0; j < problemRuns.length; j++) {
      var rs = problemRows(k, problemRuns[j]);
      if (rs.length) return rs[0];
    }
    return null;
  }

  function problemAccuracy(k) {
    var worst = 2;
    problemRuns.forEach(function (r) {
      var c = problems.runs[r];
      if (c.samples[k]) worst = Math.min(worst, c.correct[k] / c.samples[k]);
    });
    return worst;
  }

  function problemAgreement(k) {
    var least = 2;
    problems.comparisons.forEach(function (c) { if (c.overlap[k] !== null) least = Math.min(least, c.overlap[k]); });
    return least;
  }

  function buildProblemControls() {
    var show = document.getElementById("problem-show"), sort = document.getElementById("problem-sort");
    var shows = [["", "all problems"], ["wrong", "not every sample correct"], ["unsolved", "no sample correct"],
                 ["majority", "most common answer wrong"]];
    meta.problem_agreements.forEach(function (a, c) { shows.push(["differ:" + c, "answers differ: " + a.a + " / " + a.b]); });
    shows.forEach(function (o) { show.appendChild(el("option", { value: o[0] }, o[1])); });
    var sorts = [["order", "in order"], ["accuracy", "lowest accuracy first"]];
    if (problems.comparisons.length) sorts.push(["agreement", "least answer agreement first"]);
    sorts.forEach(function (o) { sort.appendChild(el("option", { value: o[0] }, o[1])); });
    show.addEventListener("change", function () { pstate.show = show.value; applyProblems(); });
    sort.addEventListener("change", function () { pstate.sort = sort.value; applyProblems(); });
    var search = document.getElementById("problem-search"), timer = null;
    search.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { pstate.text = search.value.trim().toLowerCase(); applyProblems(); }, 200);
    });
    document.getElementById("problem-filters").addEventListener("submit", function (e) { e.preventDefault(); });
    document.getElementById("problem-prev").addEventListener("click", function () { turnProblems(-1); });
    document.getElementById("problem-next").addEventListener("click", function () { turnProblems(1); });
    var head = el("tr");
    head.appendChild(el("th", null, "#"));
    head.appendChild(el("th", null, "problem id"));
    head.appendChild(el("th", { "class": "wide" }, "problem"));
    head.appendChild(el("th", { "class": "gold-col" }, "gold"));
    problemRuns.forEach(function (r) {
      head.appendChild(el("th", { "class": "run-col", title: meta.runs[r].name }, multi ? meta.runs[r].name : "correct · pass · maj"));
    });
    meta.problem_agreements.forEach(function (a) {
      head.appendChild(el("th", { "class": "agree-col", title: "answer agreement of " + a.a + " and " + a.b }, "agree: " + a.b));
    });
    document.getElementById("problems-head").appendChild(head);
    Array.prototype.forEach.call(document.querySelectorAll("button.problems-differ"), function (b) {
      b.addEventListener("click", function () {
        pstate.show = "differ:" + b.getAttribute("data-comparison");
        pstate.text = "";
        search.value = "";
        show.value = pstate.show;
        applyProblems();
        document.getElementById("problems").scrollIntoView({ behavior: "smooth" });
      });
    });
  }

  function problemTest() {
    var show = pstate.show, tests = [];
    if (show === "wrong" || show === "unsolved" || show === "majority") {
      tests.push(function (k) {
        return problemRuns.some(function (r) {
          var c = problems.runs[r];
          if (!c.samples[k]) return false;
          if (show === "wrong") return c.correct[k] < c.samples[k];
          if (show === "unsolved") return c.correct[k] === 0;
          return c.majority[k] === 0;
        });
      });
    } else if (show.indexOf("differ:") === 0) {
      var cmp = problems.comparisons[Number(show.slice(7))];
      tests.push(function (k) { return cmp.overlap[k] !== null && cmp.overlap[k] < 1 - 1e-12; });
    }
    if (pstate.text) {
      if (!phaystack) {
        phaystack = problems.keys.map(function (key, k) {
          var i = problemFirstRow(k);
          return [key, i === null ? "" : rows.problem(i) || "", i === null ? "" : rows.gold(i)].join("\n").toLowerCase();
        });
      }
      var needle = pstate.text;
      tests.push(function (k) { return phaystack[k].indexOf(needle) >= 0; });
    }
    return function (k) { return tests.every(function (t) { return t(k); }); };
  }

  function applyProblems() {
    var test = problemTest(), out = [];
    for (var k = 0; k < problems.keys.length; k++) if (test(k)) out.push(k);
    if (pstate.sort === "accuracy") out.sort(function (a, b) { return problemAccuracy(a) - problemAccuracy(b) || a - b; });
    if (pstate.sort === "agreement") out.sort(function (a, b) { return problemAgreement(a) - problemAgreement(b) || a - b; });
    pmatches = out;
    pstate.page = 0;
    pstate.open = {};
    renderProblems();
  }

  function turnProblems(step) {
    var pages = Math.max(1, Math.ceil(pmatches.length / pstate.size));
    pstate.page = Math.min(pages - 1, Math.max(0, pstate.page + step));
    renderProblems();
  }

  function renderProblems() {
    var body = document.getElementById("problems-body");
    body.textContent = "";
    var pages = Math.max(1, Math.ceil(pmatches.length / pstate.size));
    var first = pstate.page * pstate.size, last = Math.min(pmatches.length, first + pstate.size);
    var count = document.getElementById("problem-count");
    count.setAttribute("data-matching", String(pmatches.length));
    count.textContent = pmatches.length
      ? "Problems " + fmt(first + 1) + "–" + fmt(last) + " of " + fmt(pmatches.length) + " shown (of " + fmt(problems.keys.length) + ")"
      : "No problem matches (of " + fmt(problems.keys.length) + ")";
    document.getElementById("problem-page").textContent = "page " + (pstate.page + 1) + " of " + pages;
    document.getElementById("problem-prev").disabled = pstate.page === 0;
    document.getElementById("problem-next").disabled = pstate.page >= pages - 1;
    for (var m = first; m < last; m++) {
      var k = pmatches[m];
      body.appendChild(problemRowElement(k, m));
      if (pstate.open[k]) body.appendChild(problemDetail(k));
    }
  }

  function mark(ok, text, title) {
    return el("span", { "class": "pm " + (ok ? "ok" : "bad"), title: title }, text + (ok ? " ✓" : " ✗"));
  }

  function problemRowElement(k, position) {
    var tr = el("tr", { "class": "row problem-row", "data-problem": String(k), tabindex: "0",
                        "aria-expanded": pstate.open[k] ? "true" : "false" });
    tr.appendChild(el("td", { "class": "num" }, fmt(k + 1)));
    tr.appendChild(el("td", { "class": "id" }, clip(problems.keys[k], 48)));
    var i = problemFirstRow(k);
    tr.appendChild(el("td", { "class": "wide" }, i === null ? "" : clip(rows.problem(i) || "", 140)));
    tr.appendChild(el("td", { "class": "math" }, i === null ? "" : clip(rows.gold(i), 40)));
    problemRuns.forEach(function (r) {
      var c = problems.runs[r], td = el("td", { "class": "run-stats", "data-run": String(r) });
      if (c.samples[k]) {
        td.appendChild(el("span", { "class": "frac" }, c.correct[k] + "/" + c.samples[k]));
        td.appendChild(document.createTextNode(" "));
        td.appendChild(mark(c.solved[k], "pass", "pass@" + c.samples[k] + ": some sample correct"));
        td.appendChild(document.createTextNode(" "));
        td.appendChild(mark(c.majority[k], "maj", "maj@" + c.samples[k] + ": the most common answer correct"));
      } else {
        td.textContent = "–";
      }
      tr.appendChild(td);
    });
    problems.comparisons.forEach(function (c) {
      var v = c.overlap[k];
      tr.appendChild(el("td", { "class": "agree-cell" + (v !== null && v < 1 - 1e-12 ? " differ" : "") },
                        v === null ? "–" : (100 * v).toFixed(0) + "%"));
    });
    function toggle() {
      if (pstate.open[k]) delete pstate.open[k]; else pstate.open[k] = true;
      renderProblems();
      var again = document.querySelector('tr.problem-row[data-problem="' + k + '"]');
      if (again) again.focus();
    }
    tr.addEventListener("click", toggle);
    tr.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); } });
    return tr;
  }

  function problemDetail(k) {
    var tr = el("tr", { "class": "detail problem-detail", "data-problem": String(k) });
    var td = el("td", { colspan: String(4 + problemRuns.length + problems.comparisons.length) });
    tr.appendChild(td);
    var links = el("p", { "class": "links dim" });
    links.appendChild(el("a", { href: problemLink(problems.keys[k]), "class": "problem-link" }, "link to this problem"));
    td.appendChild(links);
    var i = problemFirstRow(k);
    if (i !== null) {
      var box = problemBox(i);
      if (box) td.appendChild(box);
      var dl = el("dl", { "class": "facts" });
      fieldNode(dl, "gold", valueElement(rows.gold(i)));
      problems.comparisons.forEach(function (c, ci) {
        if (c.overlap[k] === null) return;
        var a = meta.problem_agreements[ci];
        field(dl, "answers agree (" + a.a + " / " + a.b + ")", (100 * c.overlap[k]).toFixed(1) + "% · most common answer " +
              (c.same[k] ? "the same" : "differs"));
      });
      td.appendChild(dl);
    }
    problemRuns.forEach(function (r) {
      var c = problems.runs[r];
      if (!c.samples[k]) return;
      var part = el("div", { "class": "problem-run", "data-run": String(r), "data-samples": String(c.samples[k]),
                             "data-correct": String(c.correct[k]), "data-solved": String(c.solved[k]),
                             "data-majority": String(c.majority[k]) });
      var head = el("div", { "class": "output-title" }, (multi ? meta.runs[r].name + ": " : "") + c.correct[k] + " of " +
                    c.samples[k] + " samples correct · ");
      head.appendChild(mark(c.solved[k], "pass@" + c.samples[k]));
      head.appendChild(document.createTextNode(" · "));
      head.appendChild(mark(c.majority[k], "maj@" + c.samples[k]));
      part.appendChild(head);
      var list = el("div", { "class": "cluster-list" });
      c.clusters[k].forEach(function (cl) {
        var first = cl[0], ok = rows.correct(first) && cl[2];
        var chip = el("span", { "class": "cluster" + (cl[2] ? (ok ? " ok" : " bad") : " none"), "data-count": String(cl[1]),
                                "data-vote": String(cl[2]), "data-first": String(first) });
        if (cl[2] && rows.extracted(first) !== null) chip.appendChild(valueElement(rows.extracted(first)));
        else chip.appendChild(el("span", { "class": "dim" }, "no answer that can vote"));
        chip.appendChild(el("span", { "class": "n" }, " ×" + cl[1] + (cl[2] ? (ok ? " ✓" : " ✗") : "")));
        list.appendChild(chip);
      });
      part.appendChild(list);
      var table = el("table", { "class": "mini samples" });
      problemRows(k, r).slice().sort(function (x, y) { return (rows.sample(x) || 0) - (rows.sample(y) || 0) || x - y; })
        .forEach(function (j) { sampleLine(table, j); });
      part.appendChild(table);
      td.appendChild(part);
    });
    return tr;
  }

  /* One sample of a problem: a line (sample index, status, answer) that opens its output in place. */
  function sampleLine(table, j) {
    var tr = el("tr", { "class": "sample-line", "data-index": String(j), tabindex: "0" });
    var s = rows.sample(j);
    tr.appendChild(el("td", { "class": "num" }, s === null || s === undefined ? "" : "#" + s));
    var b = el("td");
    b.appendChild(badge(rows.status(j)));
    tr.appendChild(b);
    var ex = el("td");
    if (rows.extracted(j) === null) ex.appendChild(el("span", { "class": "dim" }, "no answer"));
    else ex.appendChild(valueElement(rows.extracted(j)));
    tr.appendChild(ex);
    var link = el("td", { "class": "dim" });
    link.appendChild(el("a", { href: sampleLink(j), "class": "sample-link" }, "link"));
    tr.appendChild(link);
    table.appendChild(tr);
    var open = null;
    function toggle(e) {
      if (e && e.target && e.target.tagName === "A") return;
      if (open) { open.remove(); open = null; tr.setAttribute("aria-expanded", "false"); return; }
      open = el("tr", { "class": "sample-open", "data-index": String(j) });
      var cell = el("td", { colspan: "4" });
      var reason = el("p", { "class": "reason" });
      reason.appendChild(badge(rows.status(j)));
      reason.appendChild(document.createTextNode(" " + rows.reason(j)));
      cell.appendChild(reason);
      cell.appendChild(outputBox(j));
      open.appendChild(cell);
      tr.after(open);
      tr.setAttribute("aria-expanded", "true");
    }
    tr.addEventListener("click", toggle);
    tr.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); } });
  }

  /* ---- links ------------------------------------------------------------------------------------------------ */

  var sidMaps = null, sidOf = null;

  function buildSampleIds() {
    sidMaps = meta.runs.map(function () { return new Map(); });
    sidOf = new Array(rows.n);
    var repeats = meta.runs.map(function () { return new Map(); });
    for (var i = 0; i < rows.n; i++) {
      var r = rows.run(i), s = rows.sample(i);
      var base = rows.key(i) + (s === null || s === undefined ? "" : "/" + s), id = base;
      if (sidMaps[r].has(id)) {
        var n = repeats[r].get(base) || 1;
        do { n++; id = base + "~" + n; } while (sidMaps[r].has(id));
        repeats[r].set(base, n);
      }
      sidMaps[r].set(id, i);
      sidOf[i] = id;
    }
  }

  function sampleLink(i) {
    if (!sidOf) buildSampleIds();
    return "#sample=" + encodeURIComponent(sidOf[i]) + (multi ? "&run=" + rows.run(i) : "");
  }

  function problemLink(key) { return "#problem=" + encodeURIComponent(key); }

  function markTarget(node) {
    Array.prototype.forEach.call(document.querySelectorAll(".target"), function (e) { e.classList.remove("target"); });
    if (node) {
      node.classList.add("target");
      node.scrollIntoView({ block: "start" });
    }
  }

  function openSample(i) {
    clearFilters(true);
    state.problem = { run: rows.run(i), key: rows.key(i) };
    syncControls();
    apply();
    state.page = Math.max(0, Math.floor(matches.indexOf(i) / state.size));
    state.open[i] = true;
    render();
    markTarget(document.querySelector('tr.detail[data-index="' + i + '"]'));
  }

  function openProblem(k) {
    pstate.show = "";
    pstate.text = "";
    pstate.sort = "order";
    document.getElementById("problem-show").value = "";
    document.getElementById("problem-sort").value = "order";
    document.getElementById("problem-search").value = "";
    applyProblems();
    pstate.page = Math.max(0, Math.floor(pmatches.indexOf(k) / pstate.size));
    pstate.open[k] = true;
    renderProblems();
    markTarget(document.querySelector('tr.problem-detail[data-problem="' + k + '"]'));
  }

  /* Opens what the URL's fragment names: #sample=ID[&run=R] or #problem=ID; anything else is left to the page. */
  function followLink() {
    var fragment = location.hash.replace(/^#/, "");
    if (!/(^|&)(sample|problem)=/.test(fragment)) return;
    var params = new URLSearchParams(fragment), run = Number(params.get("run") || 0);
    var missing = null;
    if (params.has("sample")) {
      if (!sidOf) buildSampleIds();
      var id = params.get("sample"), i = sidMaps[run] ? sidMaps[run].get(id) : undefined;
      if (i === undefined) missing = "sample " + id;
      else openSample(i);
    } else {
      var key = params.get("problem");
      if (problems && problemIndex.has(key)) openProblem(problemIndex.get(key));
      else {
        var any = -1;
        for (var j = 0; j < rows.n && any < 0; j++) if (rows.key(j) === key) any = j;
        if (any < 0) missing = "problem " + key;
        else {
          clearFilters(true);
          state.problem = { run: null, key: key };
          apply();
          markTarget(document.getElementById("samples"));
        }
      }
    }
    var note = document.getElementById("link-note");
    note.hidden = missing === null;
    note.textContent = missing === null ? "" : "This page has no " + missing + " (the link names a problem or sample of another report).";
  }

  /* ---- start --------------------------------------------------------------------------------------------- */

  var charts = drawCharts();
  loadRows().then(function (loaded) {
    rows = loaded;
    indexRows();
    buildControls();
    apply();
    if (rows.problemTable) {
      initProblems(rows.problemTable);
      buildProblemControls();
      applyProblems();
    }
    return charts;
  }).then(function () {
    followLink();
    window.addEventListener("hashchange", followLink);
    document.body.setAttribute("data-state", "ready");
  }).catch(function (err) {
    document.body.setAttribute("data-state", "error");
    document.getElementById("count").textContent = "This page could not be shown whole: " + err.message;
    console.error(err);
  });
})();
