/** "Language": opens the language reference over the page; its text loads on the first open. */
import { lazy, Suspense, useState } from 'react';
import { useT } from '../i18n/index.ts';

const LanguageReference = lazy(() => import('./LanguageReference.tsx'));

export const ReferenceButton = () => {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn ghost"
        onClick={() => setOpen(true)}
        data-testid="language-reference"
        title={t('reference.buttonTitle')}
      >
        {t('reference.button')}
      </button>
      {open && (
        <Suspense fallback={<div className="reference-backdrop" aria-busy="true" />}>
          <LanguageReference onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
