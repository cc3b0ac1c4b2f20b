/** The game page's header: where you are, file actions (import, export, revert), the language reference and sharing. */
import { useState } from 'react';
import { ReferenceButton } from '../reference/ReferenceButton.tsx';
import { LanguagePicker, useT } from '../i18n/index.ts';

interface Props {
  title: string;
  activeFile: string;
  canRevert: boolean;
  onImport: () => void;
  onExport: () => void;
  onRevert: () => void;
  onShare: () => Promise<string>;
  onHistory: () => void;
  /** Opens the list of keyboard shortcuts. */
  onKeys: () => void;
  /** Opens the game's rulebook; absent for a game that has none. */
  onRules?: (() => void) | undefined;
}

export const TopBar = ({ title, activeFile, canRevert, onImport, onExport, onRevert, onShare, onHistory, onKeys, onRules }: Props) => {
  const t = useT();
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const share = async (): Promise<void> => {
    const url = await onShare();
    setLink(url);
    setCopied(false);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // Clipboard access can be refused (no user gesture, insecure origin): the link is shown anyway.
    }
  };
  return (
    <header className="topbar">
      <a className="brand" href="#/" title={t('topbar.allGames')}>
        <span className="brand-mark">◆</span> houserules
      </a>
      <span className="crumb">/</span>
      <h1 className="game-title" data-testid="game-title">
        {title}
      </h1>
      <span className="topbar-file">{activeFile}</span>
      <span className="topbar-spacer" />
      <button type="button" className="btn ghost" onClick={onImport} data-testid="import" title={t('topbar.importTitle')}>
        {t('topbar.import')}
      </button>
      <button type="button" className="btn ghost" onClick={onExport} data-testid="export" title={t('topbar.exportTitle')}>
        {t('topbar.export')}
      </button>
      <button
        type="button"
        className="btn ghost"
        onClick={onRevert}
        disabled={!canRevert}
        data-testid="revert"
        title={t('topbar.revertTitle')}
      >
        {t('topbar.revert')}
      </button>
      <LanguagePicker />
      {onRules && (
        <button type="button" className="btn ghost" onClick={onRules} data-testid="rules-open" title={t('rulebook.openTitle')}>
          {t('rulebook.open')}
        </button>
      )}
      <ReferenceButton />
      <button type="button" className="btn ghost" onClick={onHistory} data-testid="history" title={t('topbar.historyTitle')}>
        {t('topbar.history')}
      </button>
      <button type="button" className="btn ghost" onClick={onKeys} data-testid="keys" title={t('topbar.keysTitle')} aria-keyshortcuts="?">
        {t('topbar.keys')}
      </button>
      <button type="button" className="btn" onClick={() => void share()} data-testid="share" title={t('topbar.shareTitle')}>
        {t('topbar.share')}
      </button>
      {link && (
        <div className="share-pop" role="dialog" aria-label={t('topbar.shareLink')}>
          <input readOnly value={link} data-testid="share-link" onFocus={(e) => e.target.select()} />
          <span className="share-note">
            {t(copied ? 'topbar.copied' : 'topbar.copyThis')} {t('topbar.linkSize', { kb: Math.round(link.length / 1024) })}
          </span>
          <button type="button" className="btn ghost small" onClick={() => setLink(null)} aria-label={t('common.close')}>
            ✕
          </button>
        </div>
      )}
    </header>
  );
};
