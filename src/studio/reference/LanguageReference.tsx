/**
 * The language reference (docs/LANGUAGE.md, bundled when the site is built) inside the studio:
 * rendered from plain data (reference/markdown.ts, never as HTML), with its contents and a search
 * that keeps the sections holding the words and marks them. Loaded only when first opened.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import source from '../../../docs/LANGUAGE.md?raw';
import { parseMarkdown, sectionsOf, type Block, type Inline, type Section } from './markdown.ts';
import '../styles/reference.css';
import { useT } from '../i18n/index.ts';

const SECTIONS: readonly Section[] = sectionsOf(parseMarkdown(source));

const domId = (anchor: string): string => `ref-${anchor}`;

/** `text` with every occurrence of `query` (already lower-case) marked. */
const marked = (text: string, query: string): ReactNode => {
  if (!query) return text;
  const out: ReactNode[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(query); at >= 0; at = lower.indexOf(query, from)) {
    out.push(text.slice(from, at), <mark key={at}>{text.slice(at, at + query.length)}</mark>);
    from = at + query.length;
  }
  out.push(text.slice(from));
  return out;
};

const scrollToAnchor = (anchor: string): void => {
  document.getElementById(domId(anchor))?.scrollIntoView({ block: 'start' });
};

const InlineView = ({ nodes, query }: { nodes: readonly Inline[]; query: string }) => (
  <>
    {nodes.map((n, i) => {
      switch (n.kind) {
        case 'text':
          return <span key={i}>{marked(n.text, query)}</span>;
        case 'code':
          return <code key={i}>{marked(n.text, query)}</code>;
        case 'strong':
          return (
            <strong key={i}>
              <InlineView nodes={n.children} query={query} />
            </strong>
          );
        case 'em':
          return (
            <em key={i}>
              <InlineView nodes={n.children} query={query} />
            </em>
          );
        case 'link':
          if (n.href === null)
            return (
              <span key={i}>
                <InlineView nodes={n.children} query={query} />
              </span>
            );
          if (n.href.startsWith('#')) {
            const anchor = n.href.slice(1);
            // An in-page link scrolls the reference; following it would change the studio's route.
            return (
              <a
                key={i}
                href={`#${domId(anchor)}`}
                onClick={(e) => {
                  e.preventDefault();
                  scrollToAnchor(anchor);
                }}
              >
                <InlineView nodes={n.children} query={query} />
              </a>
            );
          }
          return (
            <a key={i} href={n.href} target="_blank" rel="noopener noreferrer">
              <InlineView nodes={n.children} query={query} />
            </a>
          );
      }
    })}
  </>
);

const BlockView = ({ block, query }: { block: Block; query: string }) => {
  switch (block.kind) {
    case 'heading': {
      const Tag = `h${Math.min(block.level + 1, 6)}` as 'h2';
      return (
        <Tag id={domId(block.id)}>
          <InlineView nodes={block.inline} query={query} />
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p>
          <InlineView nodes={block.inline} query={query} />
        </p>
      );
    case 'code':
      return (
        <pre>
          <code>{marked(block.text, query)}</code>
        </pre>
      );
    case 'list':
      return (
        <ul>
          {block.items.map((item, i) => (
            <li key={i}>
              <InlineView nodes={item} query={query} />
            </li>
          ))}
        </ul>
      );
    case 'table':
      return (
        <div className="reference-table">
          <table>
            <thead>
              <tr>
                {block.head.map((c, i) => (
                  <th key={i}>
                    <InlineView nodes={c} query={query} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((c, i) => (
                    <td key={i}>
                      <InlineView nodes={c} query={query} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
};

interface Props {
  onClose: () => void;
}

export default function LanguageReference({ onClose }: Props) {
  const t = useT();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = useMemo(() => (q ? SECTIONS.filter((s) => s.text.includes(q)) : SECTIONS), [q]);
  const contents = SECTIONS.flatMap((s) => (s.heading?.level === 2 ? [s.heading] : []));
  const body = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    body.current?.scrollTo({ top: 0 });
  }, [q]);
  return (
    <div className="reference-backdrop" onClick={onClose}>
      <aside
        className="reference"
        role="dialog"
        aria-modal="true"
        aria-label={t('reference.title')}
        data-testid="reference"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <header className="reference-head">
          <h2>{t('reference.title')}</h2>
          <input
            type="search"
            autoFocus
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('reference.search')}
            aria-label={t('reference.search')}
            data-testid="reference-search"
          />
          <span className="reference-count" data-testid="reference-count" aria-live="polite">
            {q ? t('reference.sections', { count: shown.length }) : ''}
          </span>
          <button
            type="button"
            className="btn ghost small"
            onClick={onClose}
            aria-label={t('reference.close')}
            data-testid="reference-close"
          >
            ✕
          </button>
        </header>
        {!q && (
          <nav className="reference-contents" aria-label={t('reference.contents')}>
            {contents.map((h) => (
              <a
                key={h.id}
                href={`#${domId(h.id)}`}
                onClick={(e) => {
                  e.preventDefault();
                  scrollToAnchor(h.id);
                }}
              >
                {h.text.replace(/`/g, '')}
              </a>
            ))}
          </nav>
        )}
        <div className="reference-body" ref={body} data-testid="reference-body">
          {shown.length === 0 && <p className="empty-note">{t('reference.nothing', { query: query.trim() })}</p>}
          {shown.map((s, i) => (
            <section key={s.heading?.id ?? `top-${i}`} data-section={s.heading?.id ?? ''}>
              {s.heading && <BlockView block={s.heading} query={q} />}
              {s.blocks.map((b, j) => (
                <BlockView key={j} block={b} query={q} />
              ))}
            </section>
          ))}
        </div>
      </aside>
    </div>
  );
}
