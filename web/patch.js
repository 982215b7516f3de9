// Patches the app's screen into the page instead of replacing it (web/dom.py calls
// window.nordic21Patch). morphdom (vendored from npm, vendor/morphdom/) walks the old
// and the new tree and changes only what differs, so an element that is in both keeps
// its identity: the button under a finger, the field being typed in (its text, caret
// and focus), a scrolled panel, a card moving from a hand to a trick (data-key).
"use strict";
(() => {
  const key = (node) =>
    node.nodeType === 1 ? node.id || node.getAttribute("data-key") || undefined : undefined;

  const options = {
    childrenOnly: true,
    getNodeKey: key,
    onBeforeElUpdated(from, to) {
      // What a person is typing wins over the markup: the screen is redrawn on
      // "change", and a redraw for another reason must not undo their keys.
      if (from === document.activeElement && (from.tagName === "INPUT" || from.tagName === "TEXTAREA")) {
        if (from.type !== "checkbox" && from.type !== "radio") to.value = from.value;
      }
      // A drawer a person opened (the history, the coach's figures) stays open: the
      // markup always draws it closed.
      if (from.tagName === "DETAILS" && from.open) to.setAttribute("open", "");
      return !from.isEqualNode(to);
    },
  };

  window.nordic21Patch = (root, html) => {
    const next = root.cloneNode(false);
    next.innerHTML = html;
    window.morphdom(root, next, options);
  };
})();
