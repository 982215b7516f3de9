// Motion for the card table: FLIP animations between two renders of the same screen.
//
// The Python UI calls `nordic21Motion.capture()` just before it patches the DOM and
// `nordic21Motion.play(hints)` just after. Every element with a `data-key` is one thing
// on the table (a card, a die, a chip stack, a seat); the same thing keeps its key from
// one render to the next, so comparing where each key was with where it is now tells
// the story without the UI describing it:
//
//   - a key that moved slides from its old place to its new one;
//   - a new key with `data-from="<key>"` flies in from where that key was (a card from
//     the "deck", a played card from the hand), otherwise it fades in;
//   - `data-face` changing from "down" to "up" turns the card over;
//   - a `data-motion="die"` element that is new or shows a new `data-value` tumbles;
//   - chips (`data-motion="chips"`) slide from stacks whose `data-count` fell to those
//     whose count rose;
//   - a new `data-moment` element (bust, 21, a win) pops up;
//   - hints.leave = {"<old key or prefix*>": "<key>"} sends things that disappeared to
//     that key (a trick gathered to its winner), shrinking as they go;
//   - an element inside `data-motion="still"` never moves (a panel, not a piece).
//
// Only transform and opacity are animated (the compositor runs them at 60 fps).
// With prefers-reduced-motion: reduce, nothing animates at all. CSP: no inline
// script, no eval; styles are set through the CSSOM, which style-src 'self' allows.
// After each play() a "nordic21:motion" event tells listeners (sound.js) what happened.

const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
const EASE = "cubic-bezier(.2,.7,.2,1)";
const TIMES = { move: 360, deal: 420, flip: 320, tumble: 620, chip: 480, moment: 900, leave: 460 };
const MAX_CHIPS_FLYING = 6;

let before = new Map();
const running = new Set();

// A panel beside the table (the history drawer, the coach, the guide, the bar's menu)
// is keyed for the patcher only, so it keeps its identity (open, focus, scroll):
// `data-motion="still"` keeps it and all in it in place, as text is; sliding, it would
// pass over the buttons that just took its place (the match's end over the history).
function keyed(root) {
  return [...root.querySelectorAll("[data-key]")].filter(
    (el) => !el.closest(".n21-ghosts") && !el.closest('[data-motion="still"]')
  );
}

/** A copy to fly with: no keys (it must never be taken for the real thing). */
function copyOf(el) {
  const copy = el.cloneNode(true);
  copy.removeAttribute("data-key");
  for (const inner of copy.querySelectorAll("[data-key]")) inner.removeAttribute("data-key");
  return copy;
}

function snapshot(el) {
  const rect = el.getBoundingClientRect();
  return {
    rect,
    face: el.getAttribute("data-face"),
    value: el.getAttribute("data-value"),
    count: el.getAttribute("data-count"),
    // a copy to fly with if the element is gone after the patch
    ghost: copyOf(el),
    bbox: el instanceof SVGGraphicsElement ? box(el) : null,
  };
}

function box(el) {
  try {
    return el.getBBox();
  } catch {
    return null; // not rendered (Firefox throws)
  }
}

/** Remember where every keyed element is (call just before patching the DOM). */
function capture(root = document) {
  before = new Map();
  for (const el of keyed(root)) {
    before.set(el.getAttribute("data-key"), snapshot(el));
  }
  return before.size;
}

/** Screen pixels per unit of the element's own CSS transform (SVG content is scaled). */
function unitScale(el) {
  if (el instanceof SVGGraphicsElement && el.parentNode && el.parentNode.getScreenCTM) {
    const m = el.parentNode.getScreenCTM();
    if (m) return { x: Math.hypot(m.a, m.b) || 1, y: Math.hypot(m.c, m.d) || 1 };
  }
  return { x: 1, y: 1 };
}

function track(animation) {
  running.add(animation);
  const done = () => running.delete(animation);
  animation.finished.then(done, done);
  return animation;
}

function animate(el, keyframes, options) {
  if (el instanceof SVGElement) {
    // turn and scale SVG pieces about their own centre, as HTML elements do
    el.style.transformBox = "fill-box";
    el.style.transformOrigin = "center";
  }
  return track(el.animate(keyframes, { easing: EASE, fill: "backwards", ...options }));
}

function delta(from, to, el) {
  const s = unitScale(el);
  return {
    dx: (from.left + from.width / 2 - (to.left + to.width / 2)) / s.x,
    dy: (from.top + from.height / 2 - (to.top + to.height / 2)) / s.y,
    sx: to.width ? from.width / to.width : 1,
    sy: to.height ? from.height / to.height : 1,
  };
}

function slide(el, from, to, duration, delay = 0) {
  const d = delta(from, to, el);
  if (Math.abs(d.dx) < 0.5 && Math.abs(d.dy) < 0.5 && Math.abs(d.sx - 1) < 0.01) return false;
  const scale = Number.isFinite(d.sx) && d.sx > 0 ? `scale(${d.sx}, ${d.sy})` : "";
  animate(el, [{ transform: `translate(${d.dx}px, ${d.dy}px) ${scale}` }, { transform: "none" }], {
    duration,
    delay,
  });
  return true;
}

// The face is already drawn when a card turns over, so the turn shows its second half:
// the card opens from its edge, as it does when a dealer turns it up.
function flip(el, delay = 0) {
  animate(el, [{ transform: "scaleX(0.02)" }, { transform: "none" }], {
    duration: TIMES.flip,
    delay,
    easing: "cubic-bezier(.3,.8,.4,1)",
    composite: "add",
  });
}

/** A face-up card from the deck: it flies, turns on its edge near the end, lands open. */
function dealUp(el, from, to, delay) {
  const d = delta(from, to, el);
  const s = `scale(${d.sx}, ${d.sy})`;
  animate(
    el,
    [
      { transform: `translate(${d.dx}px, ${d.dy}px) ${s}` },
      { transform: `translate(${d.dx * 0.25}px, ${d.dy * 0.25}px) scale(${d.sx * 0.04}, 1)`, offset: 0.65 },
      { transform: "none" },
    ],
    { duration: TIMES.deal + TIMES.flip / 2, delay }
  );
}

function tumble(el, index) {
  const turn = index % 2 ? -1 : 1;
  animate(
    el,
    [
      { transform: `translate(${-18 * turn}px, -22px) rotate(${-260 * turn}deg) scale(.7)`, opacity: 0.4 },
      { transform: `translate(${6 * turn}px, 4px) rotate(${30 * turn}deg) scale(1.05)`, offset: 0.6, opacity: 1 },
      { transform: `rotate(${-8 * turn}deg)`, offset: 0.82 },
      { transform: "none" },
    ],
    { duration: TIMES.tumble, delay: index * 60, easing: "cubic-bezier(.3,.6,.3,1)" }
  );
}

function fadeIn(el, delay = 0) {
  animate(el, [{ opacity: 0, transform: "scale(.9)" }, { opacity: 1, transform: "none" }], {
    duration: TIMES.move,
    delay,
  });
}

function pop(el) {
  animate(
    el,
    [
      { opacity: 0, transform: "scale(.4)" },
      { opacity: 1, transform: "scale(1.15)", offset: 0.35 },
      { opacity: 1, transform: "scale(1)", offset: 0.55 },
      { opacity: 1, transform: "none" },
    ],
    { duration: TIMES.moment, easing: "ease-out" }
  );
}

let ghostLayer = null;

function layer() {
  if (!ghostLayer || !ghostLayer.isConnected) {
    ghostLayer = document.createElement("div");
    ghostLayer.className = "n21-ghosts";
    ghostLayer.setAttribute("aria-hidden", "true");
    document.body.appendChild(ghostLayer);
  }
  return ghostLayer;
}

/** A copy of a captured element, on a fixed layer above the page at its old place. */
function ghost(shot) {
  const box = document.createElement("div");
  box.className = "n21-ghost";
  const r = shot.rect;
  box.style.width = `${r.width}px`;
  box.style.height = `${r.height}px`;
  box.style.transform = `translate(${r.left}px, ${r.top}px)`;
  let copy = shot.ghost.cloneNode(true);
  if (shot.bbox) {
    // an SVG piece: wrap it in an <svg> whose viewBox is the piece's own box
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    const b = shot.bbox;
    svg.setAttribute("viewBox", `${b.x} ${b.y} ${b.width || 1} ${b.height || 1}`);
    svg.setAttribute("width", `${r.width}`);
    svg.setAttribute("height", `${r.height}`);
    svg.setAttribute("preserveAspectRatio", "none");
    svg.appendChild(copy);
    copy = svg;
  }
  box.appendChild(copy);
  layer().appendChild(box);
  return box;
}

/** Fly a ghost from rect `from` to rect `to`, then drop it. */
function fly(shot, to, { duration, delay = 0, shrink = 1, fade = false }) {
  const g = ghost(shot);
  const r = shot.rect;
  const dx = to.left + to.width / 2 - (r.left + r.width / 2);
  const dy = to.top + to.height / 2 - (r.top + r.height / 2);
  const start = `translate(${r.left}px, ${r.top}px)`;
  const end = `translate(${r.left + dx}px, ${r.top + dy}px) scale(${shrink})`;
  const a = track(
    g.animate(
      [
        { transform: start, opacity: 1 },
        { transform: end, opacity: fade ? 0 : 1 },
      ],
      { duration, delay, easing: EASE, fill: "both" }
    )
  );
  const drop = () => g.remove();
  a.finished.then(drop, drop);
}

/** Where a nested piece would have been had only its parent moved: its old place
 * shifted by the parent's own move (which the parent's animation already shows). */
function ownStart(oldRect, parent, parentOld) {
  if (!parent || !parentOld) return oldRect;
  const p = parent.getBoundingClientRect();
  const dx = p.left - parentOld.rect.left;
  const dy = p.top - parentOld.rect.top;
  return new DOMRect(oldRect.left + dx, oldRect.top + dy, oldRect.width, oldRect.height);
}

function matches(key, pattern) {
  return pattern.endsWith("*") ? key.startsWith(pattern.slice(0, -1)) : key === pattern;
}

function chipMoves(now, summary) {
  const fell = [];
  const rose = [];
  for (const [key, el] of now) {
    if (el.getAttribute("data-motion") !== "chips") continue;
    const old = before.get(key);
    if (!old || old.count === null) continue;
    const change = Number(el.getAttribute("data-count")) - Number(old.count);
    if (change < 0) fell.push({ key, el, old, left: -change });
    if (change > 0) rose.push({ key, el, left: change });
  }
  let order = 0;
  for (const to of rose) {
    for (const from of fell) {
      if (!to.left) break;
      const n = Math.min(to.left, from.left);
      if (!n) continue;
      to.left -= n;
      from.left -= n;
      // one chip's picture, flying from the middle of where the old stack stood
      const chip = from.el.querySelector(".chip") || to.el.querySelector(".chip");
      if (!chip) continue;
      const shot = snapshot(chip);
      const o = from.old.rect;
      const size = shot.rect;
      shot.rect = new DOMRect(
        o.left + o.width / 2 - size.width / 2,
        o.top + o.height / 2 - size.height / 2,
        size.width,
        size.height
      );
      for (let i = 0; i < Math.min(n, MAX_CHIPS_FLYING); i++) {
        fly(shot, to.el.getBoundingClientRect(), { duration: TIMES.chip, delay: order++ * 70, shrink: 0.6 });
      }
      summary.chips += n;
    }
  }
}

/** Animate from the captured places to the current ones (call just after the patch). */
function play(hints = {}, root = document) {
  const summary = { moved: 0, dealt: 0, flipped: 0, dice: 0, chips: 0, gathered: 0, moments: [] };
  const now = new Map();
  for (const el of keyed(root)) now.set(el.getAttribute("data-key"), el);
  const animateNow = !REDUCED.matches && before.size > 0 && !hints.instant;
  let dealOrder = 0;
  for (const [key, el] of now) {
    const old = before.get(key);
    // a keyed piece inside a keyed parent (a card in a seat) moves with its parent:
    // only its movement relative to the parent is its own
    const nested = el.parentElement && el.parentElement.closest("[data-key]");
    const parentOld = nested ? before.get(nested.getAttribute("data-key")) : null;
    if (old) {
      // Where it lands, measured before any of its animations starts: a card's turn
      // runs from scaleX(0.02), and measured under it a card that also moved slid in
      // fifty times its width (a white bar across the table at a deal's end).
      const to = el.getBoundingClientRect();
      if (el.getAttribute("data-motion") === "die" && el.getAttribute("data-value") !== old.value) {
        if (animateNow) tumble(el, summary.dice);
        summary.dice++;
      } else if (animateNow && slide(el, ownStart(old.rect, nested, parentOld), to, TIMES.move)) {
        summary.moved++;
      }
      if (el.getAttribute("data-face") === "up" && old.face === "down") {
        summary.flipped++;
        // after the slide, added to it: a card that moves and turns does both
        if (animateNow) flip(el);
      }
      continue;
    }
    if (el.hasAttribute("data-moment")) {
      summary.moments.push(el.getAttribute("data-moment"));
      if (!REDUCED.matches) pop(el);
      continue;
    }
    if (el.getAttribute("data-motion") === "die") {
      if (animateNow) tumble(el, summary.dice);
      summary.dice++;
      continue;
    }
    // a new piece of a new parent arrives with its parent
    if (nested && !parentOld) continue;
    const source = before.get(el.getAttribute("data-from") || "");
    if (source) {
      summary.dealt++;
      if (animateNow) {
        const to = el.getBoundingClientRect();
        if (el.getAttribute("data-face") === "up" && el.getAttribute("data-from") === "deck") {
          dealUp(el, source.rect, to, dealOrder * 90);
        } else {
          slide(el, source.rect, to, TIMES.deal, dealOrder * 90);
        }
      }
      dealOrder++;
    } else if (animateNow) {
      fadeIn(el);
    }
  }
  if (hints.leave) {
    for (const [key, shot] of before) {
      if (now.has(key)) continue;
      const target = Object.entries(hints.leave).find(([pattern]) => matches(key, pattern));
      const to = target && now.get(target[1]);
      if (!to) continue;
      summary.gathered++;
      if (animateNow) {
        fly(shot, to.getBoundingClientRect(), {
          duration: TIMES.leave,
          delay: summary.gathered * 60,
          shrink: 0.5,
          fade: true,
        });
      }
    }
  }
  if (animateNow) {
    chipMoves(now, summary);
  } else {
    const quiet = { chips: 0 };
    for (const [key, el] of now) {
      const old = before.get(key);
      if (old && el.getAttribute("data-motion") === "chips" && old.count !== null) {
        quiet.chips += Math.max(0, Number(el.getAttribute("data-count")) - Number(old.count));
      }
    }
    summary.chips = quiet.chips;
  }
  before = new Map();
  document.dispatchEvent(new CustomEvent("nordic21:motion", { detail: summary }));
  return summary;
}

/** Resolves when every animation started so far has finished (bot pacing, tests). */
function settled() {
  return Promise.all([...running].map((a) => a.finished.catch(() => null))).then(() => running.size);
}

/** Stop everything at once, at the end state (a new screen, or reduced motion turned on). */
function finish() {
  for (const a of [...running]) {
    try {
      a.finish();
    } catch {
      a.cancel();
    }
  }
  if (ghostLayer) ghostLayer.replaceChildren();
}

REDUCED.addEventListener("change", () => {
  if (REDUCED.matches) finish();
});

window.nordic21Motion = Object.freeze({
  capture,
  play,
  settled,
  finish,
  reduced: () => REDUCED.matches,
  running: () => running.size,
});
