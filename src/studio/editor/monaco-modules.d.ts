// Monaco's ESM entries and contributions have no typings of their own; the API entry exports the
// same API as the package root, which is what we type it as.
declare module 'monaco-editor/esm/vs/editor/editor.api.js' {
  export * from 'monaco-editor';
}
declare module 'monaco-editor/esm/vs/*';
