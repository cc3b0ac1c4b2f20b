/**
 * Entry of the studio. The whole app sits in an ErrorBoundary so that no spec, however broken,
 * can leave the page blank: a render failure is shown with a way back.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { ErrorBoundary } from './app/ErrorBoundary.tsx';
import { registerServiceWorker } from './offline/register.ts';
import { startLanguage, t } from './i18n/index.ts';
import './styles/base.css';
import './styles/gallery.css';
import './styles/workbench.css';
import './styles/diagram.css';
import './styles/board.css';
import './styles/guide.css';

// The language is set before the first render, so the page never flashes in another one.
startLanguage();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary where={t('app.whereStudio')}>
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
}
registerServiceWorker();
