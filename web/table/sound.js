// Sound and touch for the card table: short sounds made on the spot with Web Audio (no
// file is fetched), a light vibration where the device has one, and one toggle for
// both, remembered in localStorage under the app's prefix (web/storage.py PREFIX).
//
// It listens to the "nordic21:motion" events motion.js sends after each render, so the
// UI needs no extra call: a dealt or turned card clicks, dice rattle, chips clink, a
// bust sinks and a 21 or a win rises. `nordic21Sound.play(kind)` plays one directly.
// Browsers start audio only after a tap: the context is made on the first sound asked
// for after one, and a sound asked for before that is skipped, never queued.

const KEY = "nordic21.sound"; // "off" when muted; absent or "on" means on
const VIBRATION = { turn: [60, 80, 60], dice: 18, chips: 12, bust: [40, 60, 40], win: [20, 40, 20, 40, 60], twentyone: [30, 50, 80] };

let context = null;
let noiseBuffer = null;
let unlocked = navigator.userActivation ? navigator.userActivation.hasBeenActive : false;

function muted() {
  try {
    return localStorage.getItem(KEY) === "off";
  } catch {
    return false; // storage refused (private mode): sound stays on, nothing is saved
  }
}

function setMuted(value) {
  try {
    localStorage.setItem(KEY, value ? "off" : "on");
  } catch {
    // storage refused: the choice holds for this page only
  }
  if (value && context) context.suspend();
  document.dispatchEvent(new CustomEvent("nordic21:sound", { detail: { muted: value } }));
  return value;
}

function audio() {
  if (!unlocked) return null;
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === "suspended") context.resume();
  return context;
}

function noise(ctx) {
  if (!noiseBuffer) {
    noiseBuffer = ctx.createBuffer(1, Math.floor(ctx.sampleRate * 0.5), ctx.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    let seed = 12345; // the same rustle every time: a small LCG, not Math.random
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data[i] = (seed / 0x3fffffff - 1) * 0.9;
    }
  }
  const source = ctx.createBufferSource();
  source.buffer = noiseBuffer;
  return source;
}

/** A burst of filtered noise: a card's swish, a die's knock. */
function burst(ctx, at, { length, freq, q = 1, gain = 0.4, type = "bandpass" }) {
  const src = noise(ctx);
  const filter = ctx.createBiquadFilter();
  filter.type = type;
  filter.frequency.value = freq;
  filter.Q.value = q;
  const env = ctx.createGain();
  env.gain.setValueAtTime(0.0001, at);
  env.gain.exponentialRampToValueAtTime(gain, at + 0.005);
  env.gain.exponentialRampToValueAtTime(0.0001, at + length);
  src.connect(filter).connect(env).connect(ctx.destination);
  src.start(at, Math.random() * 0.3, length + 0.02);
}

/** A short tone with a fast decay: a chip's clink, a note of a fanfare. */
function tone(ctx, at, { freq, to = freq, length, gain = 0.2, type = "triangle" }) {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  if (to !== freq) osc.frequency.exponentialRampToValueAtTime(to, at + length);
  const env = ctx.createGain();
  env.gain.setValueAtTime(0.0001, at);
  env.gain.exponentialRampToValueAtTime(gain, at + 0.01);
  env.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(env).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

const SOUNDS = {
  card(ctx, t) {
    burst(ctx, t, { length: 0.07, freq: 3800, q: 0.8, gain: 0.35 });
  },
  dice(ctx, t) {
    // a rattle: a few knocks that come closer together and softer as the die settles
    let at = t;
    for (let i = 0; i < 5; i++) {
      burst(ctx, at, { length: 0.035, freq: 1800 + i * 250, q: 4, gain: 0.5 - i * 0.07 });
      at += 0.07 - i * 0.009;
    }
  },
  chips(ctx, t) {
    tone(ctx, t, { freq: 2900, length: 0.08, gain: 0.12, type: "sine" });
    tone(ctx, t + 0.05, { freq: 3400, length: 0.1, gain: 0.1, type: "sine" });
  },
  bust(ctx, t) {
    tone(ctx, t, { freq: 330, to: 110, length: 0.45, gain: 0.18, type: "sawtooth" });
  },
  twentyone(ctx, t) {
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(ctx, t + i * 0.08, { freq: f, length: 0.25 }));
  },
  // a seat on its own phone: its turn has come (two soft notes going up)
  turn(ctx, t) {
    tone(ctx, t, { freq: 659.25, length: 0.18, gain: 0.16, type: "sine" });
    tone(ctx, t + 0.16, { freq: 880, length: 0.24, gain: 0.16, type: "sine" });
  },
  win(ctx, t) {
    [392, 523.25, 659.25, 783.99].forEach((f, i) => tone(ctx, t + i * 0.11, { freq: f, length: 0.3 }));
  },
};

/** Play `kind` (turn, card, dice, chips, bust, twentyone, win) and vibrate for it, unless muted. */
function play(kind) {
  if (muted() || !SOUNDS[kind]) return false;
  if (VIBRATION[kind] && navigator.vibrate && unlocked) navigator.vibrate(VIBRATION[kind]);
  const ctx = audio();
  if (!ctx) return false;
  SOUNDS[kind](ctx, ctx.currentTime + 0.01);
  return true;
}

function onMotion(event) {
  const d = event.detail || {};
  const moments = d.moments || [];
  // the moment says it all; otherwise the loudest kind of what happened
  if (moments.includes("bust")) play("bust");
  else if (moments.includes("twentyone")) play("twentyone");
  else if (moments.includes("win")) play("win");
  else if (d.dice) play("dice");
  else if (d.chips) play("chips");
  else if (d.dealt || d.flipped || d.gathered) play("card");
}

function unlock() {
  unlocked = true;
}

for (const type of ["pointerdown", "keydown"]) {
  window.addEventListener(type, unlock, { capture: true, passive: true });
}
document.addEventListener("nordic21:motion", onMotion);

window.nordic21Sound = Object.freeze({
  play,
  muted,
  setMuted,
  toggle: () => setMuted(!muted()),
  key: KEY,
});
