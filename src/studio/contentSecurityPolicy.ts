/**
 * The studio's Content-Security-Policy: no `unsafe-eval` (schemas are validated by code generated
 * at build time, never compiled in the page) and no inline scripts. Styles may be inline (Monaco
 * and React set them); fonts and the icon may be data: URLs; workers are files of the site.
 * vite.config.ts puts it in the built page and in the build's `_headers` file, for a static host to
 * send as a header (workers obey only a header); `houserules serve` sends what `_headers` says.
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

/**
 * The policies as headers (the build's `_headers`, which `houserules serve` sends too), with what
 * a meta tag cannot carry: the studio is framed by nobody; the frame by the studio alone, and sandboxed.
 */
export const STUDIO_HEADER_POLICY = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;
export const FRAME_HEADER_POLICY = `${FRAME_POLICY}; sandbox allow-scripts; frame-ancestors 'self'`;

/** The frame's page and script, at the site's root beside index.html. */
export const FRAME_PAGE = 'sandbox.html';
export const FRAME_SCRIPT = 'sandbox.js';

/**
 * The build's `_headers` file (which `houserules serve` sends too): the studio's policy on its
 * page, its files and its service worker; the isolated frame's on the frame's page. Rule by rule,
 * since a host sends every rule that matches a path, and two policies on one page would both be enforced.
 */
export const siteHeadersFile = (): string =>
  [
    ...['/', '/index.html', '/assets/*', '/sw.js'].flatMap((path) => [path, `  Content-Security-Policy: ${STUDIO_HEADER_POLICY}`]),
    `/${FRAME_PAGE}`,
    `  Content-Security-Policy: ${FRAME_HEADER_POLICY}`,
    '',
  ].join('\n');
