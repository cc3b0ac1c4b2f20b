/**
 * The studio's Content-Security-Policy: no `unsafe-eval` (schemas are validated by code generated
 * at build time, never compiled in the page) and no inline scripts. Styles may be inline (Monaco
 * and React set them); fonts and the icon may be data: URLs; workers are files of the site.
 * vite.config.ts puts it in the built page and in the build's `_headers` file, for a static host to
 * send as a header on every file (workers obey only a header); `houserules serve` sends it itself.
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
