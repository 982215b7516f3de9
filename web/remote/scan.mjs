// Reading the host's QR code with the guest's camera: sets globalThis.nordicScan.
//
//   nordicScan.available()       -> true when the browser can ask for a camera at all
//   nordicScan.start(video)      -> Promise<string>: the first QR code's text seen
//   nordicScan.stop()            -> stops the camera; a pending start() rejects "stopped"
//   nordicScan.engine            -> "BarcodeDetector" or "jsQR" once start() has begun
//
// start() asks for the rear camera (facingMode "environment", as a preference, so a
// laptop's only camera still does), plays it muted and inline in the given <video>, and
// reads a frame through a canvas a few times a second. It rejects with an Error whose
// `name` is getUserMedia's (NotAllowedError: the player said no; NotFoundError: no
// camera; NotReadableError: another app holds it; OverconstrainedError; SecurityError:
// not a secure context), or NotSupportedError when there is no getUserMedia, so the UI
// can say it in words; stop() ends a pending start() with an Error "stopped" (name
// AbortError).
//
// The decoder: the browser's own BarcodeDetector where it reads "qr_code" (Chrome on
// Android and macOS, Safari 17+); elsewhere (Chromium and Firefox on Linux and Windows,
// Firefox on Android) jsQR, vendored from npm (`jsqr`, pinned in package.json) by
// scripts/build_site.py into vendor/jsqr/ and loaded only then, with a <script> element
// (its dist is UMD, no ES module build; the CSP allows 'self' scripts, no inline ones).
// jsQR because it is plain JavaScript: 257 kB (57 kB gzipped), no wasm, nothing fetched.
// The usual polyfill, npm `barcode-detector` on zxing-wasm, is faster but fetches its
// ~1 MB wasm from a CDN by default (the CSP and an offline table forbid that), and would
// need that wasm vendored and its URL overridden.

const SCAN_EVERY_MS = 200;
//: Frames are scaled down to at most this many pixels on their long side before jsQR
//: reads them: a 1080p frame costs it ~10x a 640x480 one, and a code held up to a phone
//: fills the frame anyway.
const MAX_SIDE = 800;
const JSQR_URL = new URL("../../vendor/jsqr/jsQR.js", import.meta.url).href;

let current = null; // {stream, video, timer, reject}
let jsqrLoading = null;

function named(name, message) {
  const error = new Error(message || name);
  error.name = name;
  return error;
}

function available() {
  return Boolean(globalThis.navigator?.mediaDevices?.getUserMedia);
}

function loadJsQR() {
  if (globalThis.jsQR) return Promise.resolve(globalThis.jsQR);
  if (!jsqrLoading) {
    jsqrLoading = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = JSQR_URL;
      script.async = true;
      script.onload = () =>
        globalThis.jsQR ? resolve(globalThis.jsQR) : reject(named("NotSupportedError", "jsQR did not load"));
      script.onerror = () => {
        jsqrLoading = null;
        script.remove();
        reject(named("NotSupportedError", "jsQR could not be loaded"));
      };
      document.head.append(script);
    });
  }
  return jsqrLoading;
}

// A function frame -> Promise<string|null>: the browser's detector, else jsQR.
async function makeReader() {
  const Detector = globalThis.BarcodeDetector;
  if (Detector) {
    try {
      const formats = Detector.getSupportedFormats ? await Detector.getSupportedFormats() : ["qr_code"];
      if (formats.includes("qr_code")) {
        const detector = new Detector({ formats: ["qr_code"] });
        return {
          engine: "BarcodeDetector",
          read: async (canvas) => {
            const codes = await detector.detect(canvas);
            const code = codes.find((c) => c.rawValue);
            return code ? code.rawValue : null;
          },
        };
      }
    } catch {
      // A detector that cannot start: read with jsQR instead.
    }
  }
  const jsQR = await loadJsQR();
  return {
    engine: "jsQR",
    read: async (canvas, context) => {
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const code = jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" });
      return code && code.data ? code.data : null;
    },
  };
}

function stop() {
  const scan = current;
  current = null;
  if (!scan) return;
  clearTimeout(scan.timer);
  for (const track of scan.stream?.getTracks() ?? []) track.stop();
  if (scan.video) {
    scan.video.pause();
    scan.video.srcObject = null;
  }
  scan.reject(named("AbortError", "stopped"));
}

async function openCamera() {
  if (!available()) throw named("NotSupportedError", "no getUserMedia");
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: "environment" } },
      audio: false,
    });
  } catch (error) {
    throw named(error?.name || "NotReadableError", error?.message);
  }
}

function start(video) {
  stop();
  let settle;
  const result = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  const scan = { stream: null, video, timer: 0, reject: settle.reject };
  current = scan;
  const live = () => current === scan;
  const finish = (text) => {
    if (!live()) return;
    scan.reject = () => {};
    stop();
    settle.resolve(text);
  };
  const fail = (error) => {
    if (!live()) return;
    scan.reject = () => {};
    stop();
    settle.reject(error);
  };
  (async () => {
    const stream = await openCamera();
    if (!live()) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    scan.stream = stream;
    video.muted = true;
    video.playsInline = true;
    video.setAttribute("playsinline", "");
    video.srcObject = stream;
    await video.play();
    const reader = await makeReader();
    if (!live()) return;
    nordicScan.engine = reader.engine;
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });
    const tick = async () => {
      if (!live()) return;
      const w = video.videoWidth;
      const h = video.videoHeight;
      if (w && h) {
        const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
        canvas.width = Math.round(w * scale);
        canvas.height = Math.round(h * scale);
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        let text = null;
        try {
          text = await reader.read(canvas, context);
        } catch {
          // One unreadable frame; the next may do.
        }
        if (text) return finish(text);
      }
      if (live()) scan.timer = setTimeout(tick, SCAN_EVERY_MS);
    };
    tick();
  })().catch((error) =>
    fail(error instanceof Error && error.name !== "Error" ? error : named("NotReadableError", String(error?.message ?? error))),
  );
  return result;
}

const nordicScan = { available, start, stop, engine: null };
globalThis.nordicScan = nordicScan;
export default nordicScan;
