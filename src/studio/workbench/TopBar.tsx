/** The game page's header: where you are, file actions (import, export, revert), the language reference and sharing. */
import { useState } from 'react';
import { ReferenceButton } from '../reference/ReferenceButton.tsx';

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
}

export const TopBar = ({ title, activeFile, canRevert, onImport, onExport, onRevert, onShare, onHistory, onKeys }: Props) => {
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
      <a className="brand" href="#/" title="All games">
        <span className="brand-mark">◆</span> houserules
      </a>
      <span className="crumb">/</span>
      <h1 className="game-title" data-testid="game-title">
        {title}
      </h1>
      <span className="topbar-file">{activeFile}</span>
      <span className="topbar-spacer" />
      <button type="button" className="btn ghost" onClick={onImport} data-testid="import" title="Replace the open file with a YAML file from disk">
        Import
      </button>
      <button type="button" className="btn ghost" onClick={onExport} data-testid="export" title="Download the open file">
        Export
      </button>
      <button type="button" className="btn ghost" onClick={onRevert} disabled={!canRevert} data-testid="revert" title="Throw away the edits of the open file">
        Revert
      </button>
      <ReferenceButton />
      <button type="button" className="btn ghost" onClick={onHistory} data-testid="history" title="Saved versions of this game, to look back at or restore">
        History
      </button>
      <button type="button" className="btn ghost" onClick={onKeys} data-testid="keys" title="Keyboard shortcuts (?)" aria-keyshortcuts="?">
        Keys
      </button>
      <button type="button" className="btn" onClick={() => void share()} data-testid="share" title="A link that carries your edited spec and house rules">
        Share
      </button>
      {link && (
        <div className="share-pop" role="dialog" aria-label="Share link">
          <input readOnly value={link} data-testid="share-link" onFocus={(e) => e.target.select()} />
          <span className="share-note">{copied ? 'Copied.' : 'Copy this link.'} It holds the edited files ({Math.round(link.length / 1024)} kB).</span>
          <button type="button" className="btn ghost small" onClick={() => setLink(null)}>
            ✕
          </button>
        </div>
      )}
    </header>
  );
};
