// The table's transport between devices: one WebRTC data channel per remote seat.
//
// The host (the tablet) makes an offer per seat, a guest (a phone) answers it, and the
// two descriptions travel as pairing codes (web/remote/pairing.py shortens them; a QR
// code or a pasted text carries them). There is no server: no STUN, no TURN, no
// signaling socket, so ICE is non-trickle: each side waits until its candidates are
// gathered and hands over one complete description.
//
// RTCPeerConnection is used directly, with no wrapper library: we need one ordered data
// channel of text and nothing else (no media, no renegotiation, no trickle), which is a
// few calls; the wrappers (simple-peer and the like) are written for Node first and pull
// in polyfills of its Buffer, events and streams, far more code than this module.
//
// globalThis.nordicRtc = {available, offer, answer, accept, send, close, listen, state}.
// Every peer is kept under an id (a string, one per remote seat); listen() takes the one
// callback (id, kind, text) that hears "open", "message" (with its text) and "close"
// (once per connection: the channel closed, or the connection failed, closed or
// dropped).

// ICE gathering: wait until it is complete, or GATHER_MS, then use what is gathered; but
// with no candidate yet (a busy phone: measured here with two apps booting on 2 cores),
// wait on for the first one, up to GATHER_MAX_MS: a description without one is useless.
const GATHER_MS = 3000;
const GATHER_MAX_MS = 15000;

const peers = new Map(); // id -> {pc, channel, ended}
let listener = null;

function emit(id, entry, kind, text = "") {
  if (peers.get(id) !== entry || entry.ended) return; // a replaced or ended peer is quiet
  if (kind === "close") entry.ended = true;
  if (listener) listener(id, kind, text);
}

// A channel the other side made is already "open" in its datachannel event, and its
// open event still follows (the WebRTC spec's "announce the data channel as open"):
// "open" is told once, whichever comes first (told twice, the guest said hello twice
// and the table refused the second).
function take(id, entry, channel) {
  entry.channel = channel;
  const opened = () => {
    if (entry.opened) return;
    entry.opened = true;
    emit(id, entry, "open");
  };
  channel.onopen = opened;
  channel.onmessage = (event) => emit(id, entry, "message", String(event.data));
  channel.onclose = () => emit(id, entry, "close");
  if (channel.readyState === "open") opened();
}

function create(id) {
  close(id); // replacing a peer closes the old one
  const pc = new RTCPeerConnection({ iceServers: [] });
  const entry = { pc, channel: null, ended: false, opened: false };
  peers.set(id, entry);
  pc.onconnectionstatechange = () => {
    if (["failed", "closed", "disconnected"].includes(pc.connectionState)) {
      emit(id, entry, "close");
    }
  };
  return entry;
}

// Resolves when gathering is complete, or after GATHER_MS with what has been gathered
// (if anything has: else at the first candidate, or after GATHER_MAX_MS).
function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    let some = false;
    let late = false;
    const done = () => {
      clearTimeout(soon);
      clearTimeout(cap);
      pc.removeEventListener("icegatheringstatechange", check);
      pc.removeEventListener("icecandidate", found);
      resolve();
    };
    const check = () => pc.iceGatheringState === "complete" && done();
    const found = (event) => {
      if (!event.candidate) return done(); // a null candidate ends gathering
      some = true;
      if (late) done();
    };
    const soon = setTimeout(() => (some ? done() : (late = true)), GATHER_MS);
    const cap = setTimeout(done, GATHER_MAX_MS);
    pc.addEventListener("icegatheringstatechange", check);
    pc.addEventListener("icecandidate", found);
  });
}

async function describe(pc, description) {
  await pc.setLocalDescription(description);
  await gathered(pc);
  return pc.localDescription.sdp;
}

globalThis.nordicRtc = {
  available: () => typeof RTCPeerConnection === "function",

  // Host: a new peer for seat `id`, its channel "table", and the complete offer's SDP.
  async offer(id) {
    const entry = create(id);
    take(id, entry, entry.pc.createDataChannel("table", { ordered: true }));
    return describe(entry.pc, await entry.pc.createOffer());
  },

  // Guest: a new peer that takes the host's channel, and the complete answer's SDP.
  async answer(id, offerSdp) {
    const entry = create(id);
    entry.pc.ondatachannel = (event) => take(id, entry, event.channel);
    await entry.pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
    return describe(entry.pc, await entry.pc.createAnswer());
  },

  // Host: the guest's answer; the channel opens by itself after this.
  async accept(id, answerSdp) {
    const entry = peers.get(id);
    if (!entry) throw new Error(`nordicRtc: no offer under ${id}`);
    await entry.pc.setRemoteDescription({ type: "answer", sdp: answerSdp });
  },

  // Whether the text was handed to an open channel.
  send(id, text) {
    const channel = peers.get(id)?.channel;
    if (!channel || channel.readyState !== "open") return false;
    try {
      channel.send(String(text));
      return true;
    } catch {
      return false; // closing underneath us, or its buffer is full
    }
  },

  close,

  listen(callback) {
    listener = callback;
  },

  // "none", "open", "closed" (ended), else the connection's state ("new", "connecting"...).
  state(id) {
    const entry = peers.get(id);
    if (!entry) return "none";
    if (entry.channel?.readyState === "open") return "open";
    if (entry.ended) return "closed";
    return entry.pc.connectionState;
  },
};

// Closes and forgets the peer under `id` (it reports nothing more).
function close(id) {
  const entry = peers.get(id);
  if (!entry) return;
  peers.delete(id);
  entry.ended = true;
  entry.channel?.close();
  entry.pc.close();
}
