/** Work by key, run once typing pauses: a keystroke within `ms` of the last one for the same key replaces it. */
export interface Debouncer {
  schedule(key: string, run: () => void): void;
  cancel(key: string): void;
}

export const debouncer = (ms: number): Debouncer => {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const cancel = (key: string): void => {
    clearTimeout(timers.get(key));
    timers.delete(key);
  };
  return {
    schedule: (key, run) => {
      cancel(key);
      timers.set(
        key,
        setTimeout(() => {
          timers.delete(key);
          run();
        }, ms),
      );
    },
    cancel,
  };
};
