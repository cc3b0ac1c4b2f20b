/**
 * The studio's Content-Security-Policy: no `unsafe-eval` (schemas are validated by code generated
 * at build time, never compiled in the page) and no inline scripts. Styles may be inline (Monaco
 * and React set them); fonts and the icon may be data: URLs; workers are files of the site.
 * vite.config.ts puts it in the built page and in the build's `_headers` file, for a static host to
 * send as a header (workers obey only a header); `houserules serve` sends it itself.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

/**
 * The isolated frame's policy (src/studio/sandbox): the one place where rules compiled to
 * JavaScript run in the browser, so it may compile code (`unsafe-eval`) and start workers from the
 * script it was given (`blob:`), and nothing else: no network at all, no images, styles, forms or
 * plugins. The frame is also sandboxed without `allow-same-origin` (the iframe's attribute, and the
 * `sandbox` directive where a header carries the policy), so its origin is opaque: it reaches none
 * of the studio's storage, and the browser keeps the studio's page out of its reach.
 */
export const FRAME_POLICY = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-eval' blob:",
  'worker-src blob:',
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** What only a header can add to the frame's policy (a meta tag cannot carry these directives): framed by the studio alone, and sandboxed. */
export const FRAME_HEADER_ONLY = "sandbox allow-scripts; frame-ancestors 'self'";

export const FRAME_HEADER_POLICY = `${FRAME_POLICY}; ${FRAME_HEADER_ONLY}`;

/** The frame's page and script, at the site's root beside index.html. */
export const FRAME_PAGE = 'sandbox.html';
export const FRAME_SCRIPT = 'sandbox.js';
