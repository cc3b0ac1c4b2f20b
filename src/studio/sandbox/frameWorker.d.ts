/** The compiled tier's Balance worker as one script's text (vite.config.ts builds it into the frame's script). */
declare module 'virtual:frame-worker' {
  const source: string;
  export default source;
}
