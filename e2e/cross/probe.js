// Loaded first by every page of the cross-engine suite (e2e/cross/site.py puts it in
// index.html as the site is served): WebDriver classic has no console log, so errors
// are kept here for the tests to read.
(() => {
  const seen = [];
  window.__n21errors = seen;
  const text = (value) => {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    if (typeof value === "string") return value;
    try { return JSON.stringify(value); } catch (e) { return String(value); }
  };
  // Capture phase: a script or image that fails to load fires "error" on the element.
  window.addEventListener("error", (event) => {
    const target = event.target && (event.target.src || event.target.href);
    seen.push(`error: ${event.message || (target ? "failed to load " + target : "unknown")}`);
  }, true);
  window.addEventListener("unhandledrejection", (event) => {
    seen.push(`unhandled rejection: ${text(event.reason)}`);
  });
  document.addEventListener("securitypolicyviolation", (event) => {
    seen.push(`CSP: ${event.violatedDirective} ${event.blockedURI}`);
  });
  const original = console.error;
  console.error = function (...args) {
    seen.push(`console.error: ${args.map(text).join(" ")}`);
    return original.apply(this, args);
  };
})();
