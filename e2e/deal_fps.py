"""The frame rate of a real deal on the built site (Chromium, requestAnimationFrame
timestamps): Tjueett at ten seats, the person holds the bank and taps Stake, and the
face-down cards fly to nine seats. Prints frames, fps, the worst gap and the long tasks
(PerformanceObserver 'longtask': the Python render and patch) in the 1.5 s after the tap.

    python3 scripts/build_site.py --out _site && .venv/bin/python e2e/deal_fps.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from e2e.browser import CHROMIUM_ARGS, system_chromium  # noqa: E402
from e2e.helpers import button, move_css, open_setup, set_seats, settle  # noqa: E402
from e2e.server import SiteServer  # noqa: E402

MEASURE = """stake => new Promise(resolve => {
  const frames = [], tasks = [];
  new PerformanceObserver(l => l.getEntries().forEach(e => tasks.push(Math.round(e.duration))))
    .observe({type: 'longtask'});
  let started = 0;
  const original = Element.prototype.animate;
  Element.prototype.animate = function (...a) { started++; return original.apply(this, a); };
  const t0 = performance.now();
  document.querySelector(stake).click();
  const tick = t => { frames.push(t); if (t - t0 < 1500) requestAnimationFrame(tick); else {
    const gaps = frames.slice(1).map((f, i) => f - frames[i]);
    resolve({frames: frames.length, fps: (frames.length - 1) / ((frames.at(-1) - frames[0]) / 1000),
      worstGapMs: Math.max(...gaps), over20ms: gaps.filter(g => g > 20).length,
      animationsStarted: started, longTasksMs: tasks}); } };
  requestAnimationFrame(tick);
})"""


def main() -> int:
    server = SiteServer(ROOT / "_site").start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=system_chromium(), args=CHROMIUM_ARGS)
            for width, height in ((1024, 768), (390, 844)):
                page = browser.new_context(
                    viewport={"width": width, "height": height}, service_workers="block"
                ).new_page()
                open_setup(page, server.url, "Tjueett")
                set_seats(page, [("Ann", "human")] + [(f"Bot {n}", "medium") for n in range(2, 11)])
                button(page, "Start").click()
                stake = move_css("Stake")  # the bank's stake: the deal follows it
                page.wait_for_selector(stake)
                page.wait_for_function("() => window.nordic21Motion")
                settle(page)  # the table at rest before the tap
                measured = page.evaluate(MEASURE, stake)
                print(f"deal at {width}x{height}: {json.dumps(measured)}")
                page.context.close()
            browser.close()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
