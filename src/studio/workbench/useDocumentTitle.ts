/** The browser's tab and history name the game, not the tool; the title before comes back on leaving. */
import { useEffect } from 'react';

export const useDocumentTitle = (title: string): void => {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · houserules`;
    return () => {
      document.title = before;
    };
  }, [title]);
};
