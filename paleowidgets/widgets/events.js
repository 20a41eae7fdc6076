// The page side of paleowidgets (events.py): what ipycanvas and ipywidgets do not do for a
// classroom. It runs as the error handler of a hidden image in an ipywidgets HTML widget
// (`this` is that image), every time a view of that widget is shown; core ipywidgets only,
// so nothing can keep a page's widgets from being restored after a reload.
//
// * Keys belong to the board: pointing at a canvas marked `paleo-keys` (mouse or pen, not
//   touch) focuses it, so its keys reach ipycanvas' own key handler (which stops them there)
//   with no click that would place a shape. When the pointer leaves, a focus that came from
//   pointing goes back where it was. Every element inside a `paleo-widget` carries Lumino's
//   `data-lm-suppress-shortcuts` once it has the focus, so no key pressed on a button of ours
//   reaches JupyterLab's or Notebook 7's shortcuts (R: raw cell, D D: delete...).
// * The wheel over a canvas scrolls the page: ipycanvas cancels every wheel event on a
//   canvas; stopping the event on its way down (capture, at the document) keeps it from that
//   handler, and the browser scrolls.
// * The board fits the screen: each `paleo-fit` canvas gets a max-height so that the widget,
//   from its top to the bottom of that canvas, fits in the height of the scrolling area it is
//   in (JupyterLab's notebook panel, Voila's page), recomputed when either changes size; a
//   widget near the top of the page fits under what is above it (Voila's title and intro).
//
// * Screen readers hear the message line: ipywidgets replaces an HTML widget's content on
//   every update, and a live region that is replaced is not announced. Each widget gets one
//   persistent live region (`.paleo-live`, visually hidden, role=status, polite) whose text
//   follows its message line (`.paleo-message`) when that changes.
//
// * The boards draw as many pixels as the screen shows: the page's devicePixelRatio goes to
//   the kernel through a hidden FloatText (`.paleo-page-scale`, events.py's PageScale),
//   when a widget is shown and whenever the window resizes (a zoom changes the ratio).
//
// Everything is installed once per page however many widgets show it.

const KEYS = ".paleo-keys";
const ROOT = ".paleo-widget";
const FIT = "canvas.paleo-fit";
const SIDE = "paleo-side";
const MESSAGE = ".paleo-message";
const LIVE = "paleo-live";
const MIN_FIT = 200;      // px: below this the board is too small to play; let it scroll
const LEAD = 0.25;        // of the height: what may stand above a widget that opens whole
const SLACK = 12;         // px left under the board (output padding, the focus ring)
const SCALE = ".paleo-page-scale input";

// widget -> the element of it that had the focus last. Shared by every run of this script
// (each view of the hooks runs it in a scope of its own), so kept on the page.
const focused = globalThis.__paleoFocused || (globalThis.__paleoFocused = new WeakMap());

function editable(el) {
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

function outermost(el) {
  let root = el.closest(ROOT);
  while (root && root.parentElement && root.parentElement.closest(ROOT)) {
    root = root.parentElement.closest(ROOT);
  }
  return root;
}

// The page's scrolling area: the outermost ancestor that scrolls (JupyterLab's notebook
// panel; inner ones, like an output's overflow-x, are not the page), else the window.
function scroller(el) {
  let found = null;
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if ((y === "auto" || y === "scroll") && p.clientHeight > 0) found = p;
  }
  return found;
}

// Beside a side panel (board.py's board_beside), the board leaves the panel its least
// width, so that the row does not wrap the panel below the board; on outputs too narrow
// for both it wraps after all.
function room(canvas) {
  const row = canvas.parentElement;
  const side = row && Array.from(row.children).find((c) => c.classList.contains(SIDE));
  if (!side) return null;
  const style = getComputedStyle(side);
  const left = row.clientWidth - (parseFloat(style.minWidth) || 0)
    - (parseFloat(style.marginLeft) || 0) - 1;
  return left >= MIN_FIT ? Math.floor(left) : null;
}

function fit(root) {
  if (!root || !root.isConnected) return;
  const area = scroller(root);
  const height = area ? area.clientHeight : window.innerHeight;
  const top = root.getBoundingClientRect().top;
  // Near the top of the page (Voila's title and intro, a notebook's first cell), the widget
  // fits under what is above it, so that the page shows it whole as it opens; further down
  // (a lesson's cell) it fits the screen once scrolled to.
  const start = area ? top - area.getBoundingClientRect().top + area.scrollTop
    : top + window.scrollY;
  const lead = start >= 0 && start <= height * LEAD ? start : 0;
  for (const canvas of root.querySelectorAll(FIT)) {
    const width = room(canvas);
    const wide = width === null ? "" : `${width}px`;
    if (canvas.style.getPropertyValue("--paleo-room") !== wide) {
      if (wide) canvas.style.setProperty("--paleo-room", wide);
      else canvas.style.removeProperty("--paleo-room");
    }
    const above = canvas.getBoundingClientRect().top - top;
    const max = Math.max(MIN_FIT, Math.floor(height - lead - above - SLACK));
    if (canvas.style.maxHeight !== `${max}px`) canvas.style.maxHeight = `${max}px`;
  }
}

// The page's devicePixelRatio into every page-scale input under `root`, sent to the kernel
// as ipywidgets' own view sends a number typed in (its `change` event), when it differs.
function report(root) {
  const ratio = Math.round((window.devicePixelRatio || 1) * 100) / 100;
  for (const input of root.querySelectorAll(SCALE)) {
    if (parseFloat(input.value) === ratio) continue;
    input.value = String(ratio);
    input.dispatchEvent(new Event("change", {bubbles: true}));
  }
}

function fitAll() {
  for (const root of document.querySelectorAll(ROOT)) {
    if (outermost(root) === root) fit(root);
  }
}

function install() {
  if (globalThis.__paleoPageHooks) return;
  globalThis.__paleoPageHooks = true;
  let pointed = null;      // the canvas that has the focus because the pointer is on it
  let before = null;       // what had the focus before it

  // On the focused element itself, not only on the widget: Lumino stops looking at the
  // first element that carries the mark, but a shortcut whose selector ends in `:focus`
  // (R: raw cell, in command mode) already matches the focused element, before any
  // ancestor is looked at. Notebook 7 reads keys on their way down (JupyterLab on their way
  // up, after ipycanvas stopped them), so there an unmarked canvas or button lets R through.
  document.addEventListener("focusin", (e) => {
    const root = e.target.closest && e.target.closest(ROOT);
    if (!root) return;
    focused.set(outermost(root), e.target);
    for (const el of [root, e.target]) {
      if (!el.hasAttribute("data-lm-suppress-shortcuts")) {
        el.setAttribute("data-lm-suppress-shortcuts", "");
      }
    }
  }, true);

  document.addEventListener("pointerover", (e) => {
    if (e.pointerType === "touch") return;
    const canvas = e.target.closest && e.target.closest(KEYS);
    const active = document.activeElement;
    if (!canvas || active === canvas) return;
    if (editable(active) && active.closest(ROOT)) return;    // typing in a field of ours
    before = active;
    pointed = canvas;
    canvas.focus({preventScroll: true});
  }, true);

  // A press on the words of a widget (the score, the message, the tracks: nothing that
  // takes the focus itself) lets JupyterLab focus the cell around it, in command mode, where
  // M makes it a Markdown cell and the widget vanishes: the widget's board takes the focus
  // instead, so the keys stay ours (and act on the board).
  let pressed = null;      // the widget of such a press, until the focus has moved
  let pressedAt = 0;
  document.addEventListener("pointerdown", (e) => {
    const root = e.target.closest && e.target.closest(ROOT);
    const control = e.target.closest && e.target.closest(
      "button, input, select, textarea, a, canvas, [tabindex], [contenteditable]");
    pressed = root && !(control && root.contains(control)) ? outermost(root) : null;
    pressedAt = e.timeStamp;
  }, true);
  document.addEventListener("focusin", (e) => {
    const root = pressed;
    if (!root || e.timeStamp - pressedAt > 1000) return;    // not this press's focus
    if (root.contains(e.target) || !e.target.contains(root)) return;
    setTimeout(() => {       // after the notebook's own mousedown handler has had its turn
      if (pressed !== root) return;
      pressed = null;
      const board = Array.from(root.querySelectorAll(KEYS)).find((c) => c.offsetParent !== null);
      if (board) board.focus({preventScroll: true});
    }, 0);
  }, true);

  document.addEventListener("pointerout", (e) => {
    if (!pointed || e.target !== pointed) return;
    if (e.relatedTarget && pointed.contains(e.relatedTarget)) return;
    const canvas = pointed;
    pointed = null;
    if (document.activeElement !== canvas) return;
    if (before && before.isConnected && before !== document.body && !before.closest(ROOT)) {
      before.focus({preventScroll: true});
    } else {
      canvas.blur();
    }
  }, true);

  document.addEventListener("focusout", (e) => {
    if (e.target === pointed) pointed = null;    // Tab or a click moved the focus on
  }, true);

  // Tab leaves a canvas as it leaves any control: ipycanvas cancels every key on its
  // canvas, Tab too, which would trap the keyboard there.
  document.addEventListener("keydown", (e) => {
    if (e.key === "Tab" && e.target.closest && e.target.closest(KEYS)) e.stopPropagation();
  }, true);

  // Tab from a notebook in command mode (JupyterLab, Notebook 7: the active cell has the
  // focus) goes to the board of the active cell, else of the nearest cell that shows one
  // (above first: the cell just run), instead of through the cell's toolbar, the side
  // bars, the status bar and the menus (17 presses on the demo at 1366x768).
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Tab" || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey) return;
    const board = boardNear(e.target);
    if (!board) return;
    e.preventDefault();
    e.stopPropagation();
    board.focus();
  }, true);

  document.addEventListener("wheel", (e) => {
    if (e.target.closest && e.target.closest(KEYS)) e.stopPropagation();
  }, {capture: true, passive: true});

  window.addEventListener("resize", () => {
    fitAll();
    report(document);
  });
}

// The board to go to from a notebook cell in command mode (`el` has the focus): the first
// shown board (a canvas that takes keys, in one of our widgets) of the active cell, else of
// the cells before and after it, nearest first. None when `el` is not a cell or a notebook.
function boardNear(el) {
  if (!el || !el.classList) return null;
  const notebook = el.classList.contains("jp-Notebook") ? el
    : el.classList.contains("jp-Cell") ? el.closest(".jp-Notebook") : null;
  if (!notebook) return null;
  const cells = Array.from(notebook.querySelectorAll(".jp-Cell"));
  const active = el.classList.contains("jp-Cell") ? el
    : notebook.querySelector(".jp-Cell.jp-mod-active");
  const at = cells.indexOf(active);
  if (at < 0) return null;
  const shown = (cell) => Array.from(cell.querySelectorAll(`${ROOT} ${KEYS}`))
    .find((c) => c.offsetParent !== null);
  for (let d = 0; d < cells.length; d++) {
    for (const i of d === 0 ? [at] : [at - d, at + d]) {
      const board = i >= 0 && i < cells.length ? shown(cells[i]) : null;
      if (board) return board;
    }
  }
  return null;
}

// The widget's live region, made once: a message line (re-created by every update of its
// HTML widget) is copied into it when its text changes, so the region is one element whose
// text changes, which is what a screen reader announces.
function speak(root) {
  if (root.querySelector(`:scope > .${LIVE}`)) return;
  const live = document.createElement("div");
  live.className = LIVE;
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  root.appendChild(live);
  const said = new WeakMap();       // a message line's container -> the text last copied
  // innerText: the words shown, not those for the other pointer (events.css)
  const read = (el) => (el.innerText || el.textContent || "").replace(/\s+/g, " ").trim();
  const follow = (announce) => {
    for (const message of root.querySelectorAll(MESSAGE)) {
      const holder = message.parentElement;
      const text = read(message);
      if (!holder || said.get(holder) === text) continue;
      said.set(holder, text);
      if (announce && text && live.textContent !== text) live.textContent = text;
    }
  };
  follow(false);                    // what shows when the page opens is not news
  new MutationObserver(() => {
    follow(true);
    rescue(root);
  }).observe(root, {childList: true, subtree: true, characterData: true, attributes: true,
                    attributeFilter: ["style", "class"]});
}

// A control that goes away under the keyboard (the name question once answered, a bonus
// button once chosen, the star choice once cancelled) leaves the focus on the page's body
// and the keys nowhere: the widget's board takes it, so a pupil at the keyboard goes on.
function rescue(root) {
  const last = focused.get(root);
  const active = document.activeElement;
  if (!last || (active && active !== document.body)) return;
  if (last.isConnected && last.offsetParent !== null && !last.disabled) return;
  focused.delete(root);
  const board = Array.from(root.querySelectorAll(KEYS)).find((c) => c.offsetParent !== null);
  if (board) board.focus({preventScroll: true});
}

function whenConnected(el, then, tries = 600) {
  if (el.isConnected) then();
  else if (tries > 0) requestAnimationFrame(() => whenConnected(el, then, tries - 1));
}

// This view of the hooks: fit its widget now and whenever it or the scrolling area changes
// size (a frame later: changing a size inside the observer's callback would loop).
function attach(el) {
  whenConnected(el, () => {
    const root = outermost(el);
    if (!root) return;
    speak(root);
    fit(root);
    report(root);
    const observer = new ResizeObserver(() => requestAnimationFrame(() => fit(root)));
    observer.observe(root);
    const area = scroller(root);
    if (area) observer.observe(area);
  });
}

install();
attach(this);
