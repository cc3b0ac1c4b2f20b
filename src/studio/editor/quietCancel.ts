/**
 * Monaco rejects some of its own pending promises with an error named 'Canceled' when an editor
 * or a model is disposed mid-work (microsoft/monaco-editor#2382, #4389); nothing has gone wrong,
 * but the browser reports them as uncaught. Only that exact error is silenced, so any other
 * uncaught error still reaches the console and the studio's error reporting.
 */
const isMonacoCancel = (reason: unknown): boolean => reason instanceof Error && reason.name === 'Canceled' && reason.message === 'Canceled';

export const quietMonacoCancels = (target: Window): void => {
  target.addEventListener('unhandledrejection', (e) => {
    if (isMonacoCancel(e.reason)) e.preventDefault();
  });
  target.addEventListener('error', (e) => {
    if (isMonacoCancel(e.error)) e.preventDefault();
  });
};
