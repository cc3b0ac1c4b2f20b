/**
 * The studio for one game: editor | statechart | board + log, wired together. Edits recompile
 * (debounced) and the board replays the game on the new rules; house-rule changes restart it;
 * clicking a diagnostic or a diagram element reveals its place in the spec.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CompiledGame } from '../../compile/index.ts';
import { legalMoves, moveOptions, newGame, step, viewOf } from '../../engine/index.ts';
import { botNames } from '../play/engineBots.ts';
import type { Json } from '../../engine/types.ts';
import type { Diagnostic, DocPath } from '../../spec/diagnostics.ts';
import { useAnalysis, type AnalysisInput } from '../analysis/useAnalysis.ts';
import { ErrorBoundary } from '../app/ErrorBoundary.tsx';
import { gameHash, replaceHash } from '../app/route.ts';
import { PlayPane } from '../board/PlayPane.tsx';
import { Diagram, type Trail } from '../diagram/Diagram.tsx';
import type { RevealRequest } from '../editor/SpecEditor.tsx';
import { setExprContext } from '../editor/exprContext.ts';
import { downloadText, pickTextFile } from '../persist/fileIO.ts';
import { encodeShare, type SharedSpec } from '../persist/share.ts';
import {
  loadLastGood,
  loadPlay,
  loadSettings,
  onStorageProblem,
  saveLastGood,
  savePlay,
  saveSettings,
  type GameSettings,
  type SavedPlay,
} from '../persist/storage.ts';
import { freshSeed, type ViewEngine } from '../play/usePlaytest.ts';
import { HUMAN, type SeatKind } from '../play/seats.ts';
import { HouseRules } from '../rules/HouseRules.tsx';
import { BalancePanel } from '../balance/BalancePanel.tsx';
import { ExactTurnPanel } from '../lab/ExactTurnPanel.tsx';
import type { CoverageReport } from '../../sim/coverageReport.ts';
import { EditorPane } from './EditorPane.tsx';
import { Splitter } from './Splitter.tsx';
import { TopBar } from './TopBar.tsx';
import { useFiles } from './useFiles.ts';
import { useVariantInfo } from './useVariantInfo.ts';
import { adoptFiles, loadWorkspace, ownSnapshot, type WorkFile } from './workspace.ts';
import { addVersion, loadVersions, type Version } from '../persist/versions.ts';
import { HistoryDialog } from './HistoryDialog.tsx';
import { KeysDialog } from './KeysDialog.tsx';
import { useShortcuts } from '../app/shortcuts.ts';
import { Tour } from './Tour.tsx';
import { formatDateTime, useLanguage, useT, type PlainMessageId } from '../i18n/index.ts';
import { localeFor, translatedVariants, type GameTexts } from './gameTexts.ts';
import { changedParams } from '../../compile/changedParams.ts';
import { studioLink } from '../../rulebook/index.ts';
import { studioRulebooks } from '../rules/rulebook.ts';
import { RulebookContext, type RulebookAccess } from '../rules/RulebookContext.tsx';
import { RulesDialog } from '../rules/RulesDialog.tsx';

const ENGINE: ViewEngine<CompiledGame> = {
  newGame: (game, opts) => newGame(game, opts),
  legalMoves: (game, state, seat) => legalMoves(game, state, seat),
  step: (game, state, move) => step(game, state, move),
  viewOf: (game, state, seat) => viewOf(game, state, seat),
  moveOptions: (game, state, seat) => moveOptions(game, state, seat),
  botNames,
};

const NONE = {};

// Loaded when first opened: the first page load does not carry it.
const CompareDialog = lazy(() => import('../compare/CompareDialog.tsx').then((m) => ({ default: m.CompareDialog })));

type PanelId = 'edit' | 'diagram' | 'play';
const PANELS: readonly [PanelId, PlainMessageId][] = [
  ['edit', 'panels.edit'],
  ['diagram', 'panels.diagram'],
  ['play', 'panels.play'],
];

interface Props {
  gameId: string;
  initialFiles: WorkFile[];
  /** The game's translations and rulebooks, as shipped. */
  texts: GameTexts;
  shared: SharedSpec | null;
  shareError: string | null;
  presetVariants: string[] | null;
  /** Reloads the workbench with the user's own version (after a restore, or to leave a copy). */
  onOpenOwn: () => void;
  /** Opened from the gallery's "Start here": show the guided first steps. */
  tour: boolean;
}

const initialSettings = (gameId: string, shared: SharedSpec | null, preset: string[] | null): GameSettings => {
  const s = loadSettings(gameId);
  if (shared) return { ...s, variants: shared.variants, params: shared.params };
  if (preset) return { ...s, variants: preset };
  return s;
};

export const Workbench = ({ gameId, initialFiles, texts, shared, shareError, presetVariants, onOpenOwn, tour }: Props) => {
  const t = useT();
  const lang = useLanguage();
  // A share link opens as a copy: nothing of it is written over the user's own version.
  const own = shared === null;
  const { files, setText, revert, saveVersion, flush } = useFiles(gameId, initialFiles, own);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [keysOpen, setKeysOpen] = useState(false);
  useShortcuts({ help: () => setKeysOpen((o) => !o) });
  const [compareOpen, setCompareOpen] = useState(false);
  const onCompare = useCallback(() => setCompareOpen(true), []);
  // On a narrow screen one panel shows at a time; the board first, as a player opening a game wants.
  const [view, setView] = useState<PanelId>('play');
  const [storageProblems, setStorageProblems] = useState<string[]>([]);
  useEffect(() => onStorageProblem((p) => setStorageProblems((ps) => (ps.includes(p.message) ? ps : [...ps, p.message]))), []);
  const base = files.find((f) => f.role === 'base') ?? files[0];
  const [active, setActive] = useState(base?.file ?? '');
  const [settings, setSettings] = useState(() => initialSettings(gameId, shared, presetVariants));
  const [banner, setBanner] = useState<{ kind: 'error' | 'info'; text: string } | null>(
    shareError ? { kind: 'error', text: t('workbench.brokenShare', { error: shareError }) } : null,
  );
  const [reveal, setReveal] = useState<RevealRequest | null>(null);
  const [activeStates, setActiveStates] = useState<readonly string[]>([]);
  const [trail, setTrail] = useState<Trail | null>(null);
  const [playRequest, setPlayRequest] = useState<{ move: string; nonce: number } | null>(null);
  const [tourOpen, setTourOpen] = useState(tour);
  const [diagramUsed, setDiagramUsed] = useState(false);
  const [movePlayed, setMovePlayed] = useState(false);
  const onPlayFromDiagram = useCallback((move: string) => {
    setDiagramUsed(true);
    setPlayRequest({ move, nonce: Date.now() });
  }, []);
  const [columns, setColumns] = useState<[number, number]>([0.33, 0.3]);
  const [latency, setLatency] = useState<number | null>(null);
  const lastEdit = useRef<number | null>(null);
  const [initialSeed] = useState(() => settings.seed ?? freshSeed());
  // A share link opens its own game; otherwise the game left here last time goes on.
  const [savedPlay] = useState(() => (shared ? null : loadPlay(gameId)));
  const lastPlay = useRef<SavedPlay | null>(savedPlay);
  const onSavePlay = useCallback(
    (play: SavedPlay) => {
      const before = lastPlay.current;
      if (before && before.seed === play.seed && play.cursor === before.cursor + 1) setMovePlayed(true);
      lastPlay.current = play;
      return own && savePlay(gameId, play);
    },
    [gameId, own],
  );

  useEffect(() => {
    if (own) saveSettings(gameId, settings);
  }, [gameId, settings, own]);

  const variantInfo = useVariantInfo(files);
  const enabled = useMemo(() => {
    const known = new Set(variantInfo.infos.map((v) => v.id));
    return settings.variants.filter((v) => known.has(v));
  }, [settings.variants, variantInfo.infos]);
  // The game plays in the interface's language where the game is translated into it.
  const locale = useMemo(
    () =>
      localeFor(
        texts,
        lang,
        variantInfo.infos.map((v) => v.id),
      ),
    [texts, lang, variantInfo],
  );
  const shownVariants = useMemo(() => translatedVariants(variantInfo.infos, locale), [variantInfo, locale]);
  const rulebooks = useMemo(
    () =>
      studioRulebooks(
        gameId,
        variantInfo.infos.map((v) => v.id),
        texts.rulebooks,
      ),
    [gameId, variantInfo, texts],
  );
  // The Rules panel, open at a rule when one was asked for.
  const [rulesAt, setRulesAt] = useState<{ focus: string | undefined } | null>(null);
  const rulebookAccess = useMemo((): RulebookAccess => ({ rulebooks, lang, open: (focus) => setRulesAt({ focus }) }), [rulebooks, lang]);
  const input = useMemo(
    (): AnalysisInput | null =>
      base
        ? {
            base: { file: base.file, text: base.text },
            variants: enabled
              .map((id) => files.find((f) => f.role === 'variant' && (variantInfo.infos.find((v) => v.id === id)?.file ?? '') === f.file))
              .filter((f): f is WorkFile => f !== undefined)
              .map((f) => ({ file: f.file, text: f.text })),
            params: settings.params,
            ...(locale ? { locale } : {}),
          }
        : null,
    [base, files, enabled, settings.params, variantInfo, locale],
  );
  const compareRequest = useMemo(() => input && { base: input.base, before: [], after: input.variants }, [input]);
  const [fallback] = useState(() => (shared ? null : loadLastGood(gameId)));
  const onGood = useCallback((good: AnalysisInput) => own && saveLastGood(gameId, good), [gameId, own]);
  // The shipped game unedited, or the text that compiled here last time, is safe to build in the
  // page before the worker has vetted it: the board need not wait for the worker's reply.
  const [trusted] = useState(() => (files.every((f) => f.original !== null && f.text === f.original) ? input : fallback));
  // Problems of the variant files that are not switched on (the compile only reads the others).
  const offVariantDiagnostics = useMemo(
    () => variantInfo.infos.filter((v) => !enabled.includes(v.id)).flatMap((v) => variantInfo.diagnostics.get(v.file) ?? []),
    [variantInfo, enabled],
  );
  const offVariantRef = useRef(offVariantDiagnostics);
  offVariantRef.current = offVariantDiagnostics;
  // The editor's markers, set straight from the compile's reply (see useAnalysis's onDiagnostics).
  const markersNow = useRef<((diagnostics: readonly Diagnostic[]) => void) | null>(null);
  const onDiagnostics = useCallback((d: readonly Diagnostic[]) => markersNow.current?.([...d, ...offVariantRef.current]), []);
  const analysis = useAnalysis(input, fallback, onGood, trusted, onDiagnostics);
  // A shared copy is kept in the history once the worker has compiled it (never before).
  const copyKept = useRef(false);
  useEffect(() => {
    if (!own && analysis.version > 0 && !copyKept.current) {
      copyKept.current = true;
      saveVersion(t('versions.fromShare'));
    }
  }, [own, analysis.version, saveVersion]);

  /** Makes `next` the user's own version, after keeping what is there now in the history. */
  const becomeOwn = (next: readonly WorkFile[], note: string): void => {
    if (!own) addVersion(gameId, ownSnapshot(gameId, files), t('versions.yours', { note }));
    saveVersion(note);
    // An autosave still waiting would write the replaced text over the adopted one.
    flush();
    adoptFiles(gameId, next);
    onOpenOwn();
  };
  const restore = (version: Version): void => {
    void loadWorkspace(gameId, version.files).then((ws) => {
      if (ws.ok) becomeOwn(ws.files, t('versions.beforeRestore', { at: formatDateTime(version.at) }));
    });
  };
  const game = analysis.lastGood;
  useEffect(() => setExprContext(game ?? null), [game]);
  // The browser's tab and history name the game, not the tool.
  const title = game?.title ?? gameId;
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · houserules`;
    return () => {
      document.title = before;
    };
  }, [title]);
  // The address carries the house rules switched on (README: `#/<game>?variants=a,b`), so a
  // bookmark or a copied address opens them; a shared copy leaves the address alone, since a
  // reload opens the user's own version.
  const enabledKey = enabled.join(',');
  useEffect(() => {
    if (own && !tourOpen) replaceHash(gameHash(gameId, enabledKey ? { variants: enabledKey } : undefined));
  }, [own, tourOpen, gameId, enabledKey]);

  const diagnostics = useMemo(() => [...analysis.diagnostics, ...offVariantDiagnostics], [analysis.diagnostics, offVariantDiagnostics]);

  const onChange = useCallback(
    (file: string, text: string) => {
      lastEdit.current = performance.now();
      setText(file, text);
    },
    [setText],
  );
  const onMarkersSet = useCallback(() => {
    if (lastEdit.current === null) return;
    setLatency(performance.now() - lastEdit.current);
    lastEdit.current = null;
  }, []);

  const revealAt = (at: { file: string; line: number; column: number; endLine?: number; endColumn?: number }): void => {
    setActive(at.file);
    setReveal({ ...at, nonce: Date.now() });
  };
  const revealPath = useCallback(
    (path: DocPath) => {
      if (!game) return;
      try {
        revealAt(game.locator.locate(path));
      } catch {
        // A path the locator cannot place (the spec changed since the diagram was drawn): ignore.
      }
    },
    [game],
  );

  const players = Math.min(Math.max(settings.players ?? game?.players.default ?? 2, game?.players.min ?? 1), game?.players.max ?? 99);
  const seats: SeatKind[] = useMemo(() => Array.from({ length: players }, (_, i) => settings.seats[i] ?? HUMAN), [players, settings.seats]);
  // Stable callbacks, so the memoised panes do not re-render on every keystroke.
  const onPlayers = useCallback((n: number) => setSettings((s) => ({ ...s, players: n })), []);
  const onSeats = useCallback((next: SeatKind[]) => setSettings((s) => ({ ...s, seats: next })), []);
  const onVariants = useCallback((variants: string[]) => setSettings((s) => ({ ...s, variants })), []);
  const onParams = useCallback((params: Record<string, Json>) => setSettings((s) => ({ ...s, params })), []);
  const restartToken = JSON.stringify([enabled, settings.params]);
  const [startRules] = useState(restartToken);
  const onDiagramReveal = useCallback(
    (path: DocPath) => {
      setDiagramUsed(true);
      revealPath(path);
    },
    [revealPath],
  );
  const activeFile = files.find((f) => f.file === active);
  // A Balance run's coverage shades the diagram while the rules it ran are the ones compiled.
  const [coverage, setCoverage] = useState<{ game: CompiledGame; report: CoverageReport } | null>(null);
  const onCoverage = useCallback((report: CoverageReport | null) => setCoverage(report && game ? { game, report } : null), [game]);

  const shareLink = async (): Promise<string> => {
    const edited = Object.fromEntries(files.filter((f) => f.original === null || f.text !== f.original).map((f) => [f.file, f.text]));
    // A link always carries the base file, so it opens the same game even after the shipped one changes.
    if (base) edited[base.file] = base.text;
    const data = await encodeShare({ game: gameId, files: edited, variants: enabled, params: settings.params });
    return `${window.location.origin}${window.location.pathname}#/${encodeURIComponent(gameId)}?share=${data}`;
  };

  const status = [
    analysis.version > 0 ? t('status.compiled', { ms: Math.round(analysis.ms) }) : t('status.compiling'),
    latency !== null ? t('status.markers', { ms: Math.round(latency) }) : '',
    analysis.ok ? '' : game ? t('status.lastGood') : '',
  ]
    .filter(Boolean)
    .join(' · ');

  const [c1, c2] = columns;
  const gridRef = useRef<HTMLElement | null>(null);
  /** Puts splitter `which` at `f`, a fraction of the width, within each column's bounds. */
  const placeSplitter = (which: 0 | 1, at: (cols: [number, number]) => number): void =>
    setColumns(([a, b]) => {
      const f = at([a, b]);
      return which === 0 ? [Math.min(0.7, Math.max(0.15, f)), b] : [a, Math.min(0.6, Math.max(0.1, f - a))];
    });
  const dragTo = (which: 0 | 1) => (x: number) => {
    const rect = gridRef.current?.getBoundingClientRect();
    if (rect) placeSplitter(which, () => (x - rect.left) / rect.width);
  };
  const stepBy = (which: 0 | 1) => (delta: number) => placeSplitter(which, ([a, b]) => (which === 0 ? a : a + b) + delta);

  const sheetVariants = useMemo(() => shownVariants.filter((v) => enabled.includes(v.id)), [shownVariants, enabled]);
  const sheetParams = useMemo(() => (game ? changedParams(game) : []), [game]);
  const rulesLink = studioLink(`${window.location.origin}${window.location.pathname}`, gameId, enabled);
  return (
    <RulebookContext.Provider value={rulebookAccess}>
      <div className="studio-page">
        <TopBar
          title={game?.title ?? gameId}
          activeFile={active}
          canRevert={!!activeFile && activeFile.original !== null && activeFile.text !== activeFile.original}
          onImport={() => {
            void pickTextFile().then((picked) => {
              if (picked && activeFile) {
                saveVersion(t('versions.beforeImport', { name: picked.name }));
                onChange(activeFile.file, picked.text);
                setBanner({ kind: 'info', text: t('workbench.imported', { name: picked.name, file: activeFile.file }) });
              }
            });
          }}
          onExport={() =>
            activeFile && downloadText(activeFile.file.replace(/^.*\//, '').replace(/^game\.yaml$/, `${gameId}.yaml`), activeFile.text)
          }
          onRevert={() => activeFile && revert(activeFile.file)}
          onShare={shareLink}
          onHistory={() => setHistoryOpen(true)}
          onKeys={() => setKeysOpen(true)}
          onRules={rulebooks ? () => setRulesAt({ focus: undefined }) : undefined}
        />
        {rulesAt && (
          <RulesDialog
            rulebooks={rulebooks}
            lang={lang}
            variants={sheetVariants}
            params={sheetParams}
            link={'link' in rulesLink ? rulesLink.link : ''}
            focus={rulesAt.focus}
            onClose={() => setRulesAt(null)}
          />
        )}
        {keysOpen && <KeysDialog onClose={() => setKeysOpen(false)} />}
        {historyOpen && <HistoryDialog versions={loadVersions(gameId)} onRestore={restore} onClose={() => setHistoryOpen(false)} />}
        {compareOpen && compareRequest && (
          <ErrorBoundary where={t('where.comparison')}>
            <Suspense fallback={null}>
              <CompareDialog
                request={compareRequest}
                beforeTitle={t('compare.beforeTitle', { title: game?.title ?? gameId })}
                afterTitle={t('compare.afterTitle', {
                  rules: enabled.map((id) => shownVariants.find((v) => v.id === id)?.title ?? id).join(', '),
                })}
                onReveal={(at) => {
                  setCompareOpen(false);
                  revealAt(at);
                }}
                onClose={() => setCompareOpen(false)}
              />
            </Suspense>
          </ErrorBoundary>
        )}
        {!own && (
          <div className="banner info" role="status" data-testid="copy-banner">
            <span>{t('workbench.copyNote', { title: game?.title ?? gameId })}</span>
            <button type="button" className="btn small" data-testid="open-own" onClick={onOpenOwn}>
              {t('workbench.backToMine')}
            </button>
            <button
              type="button"
              className="btn small"
              data-testid="adopt-copy"
              onClick={() => becomeOwn(files, t('versions.beforeAdopt'))}
            >
              {t('workbench.makeMine')}
            </button>
          </div>
        )}
        {storageProblems.map((message) => (
          <div key={message} className="banner error" role="alert" data-testid="storage-problem">
            {message}
            <button
              type="button"
              className="btn ghost small"
              aria-label={t('common.dismiss')}
              onClick={() => setStorageProblems((ps) => ps.filter((m) => m !== message))}
            >
              ✕
            </button>
          </div>
        ))}
        {banner && (
          <div className={`banner ${banner.kind}`} role={banner.kind === 'error' ? 'alert' : 'status'} data-testid="banner">
            {banner.text}
            <button type="button" className="btn ghost small" onClick={() => setBanner(null)} aria-label={t('common.dismiss')}>
              ✕
            </button>
          </div>
        )}
        {tourOpen && (
          <Tour
            progress={{ rules: restartToken !== startRules, flow: diagramUsed, played: movePlayed }}
            onPanel={setView}
            onClose={() => {
              setTourOpen(false);
              replaceHash(gameHash(gameId));
            }}
          />
        )}
        <nav className="view-tabs" aria-label={t('panels.label')}>
          {PANELS.map(([id, label]) => (
            <button
              key={id}
              type="button"
              className={`view-tab ${view === id ? 'active' : ''}`}
              aria-pressed={view === id}
              onClick={() => setView(id)}
              data-testid={`view-${id}`}
            >
              {t(label)}
            </button>
          ))}
        </nav>
        <main
          className={`workbench show-${view}`}
          ref={gridRef}
          style={{ gridTemplateColumns: `${c1}fr 5px ${c2}fr 5px ${1 - c1 - c2}fr` }}
        >
          <ErrorBoundary where={t('where.editor')}>
            <EditorPane
              files={files}
              active={active}
              onActive={setActive}
              enabledVariants={enabled}
              diagnostics={diagnostics}
              onChange={onChange}
              reveal={reveal}
              onReveal={(d) => revealAt(d)}
              onMarkersSet={onMarkersSet}
              markersNow={markersNow}
              status={status}
              startEditor={analysis.version > 0}
            />
          </ErrorBoundary>
          <Splitter onDrag={dragTo(0)} onStep={stepBy(0)} value={c1 * 100} label={t('workbench.resizeEditor')} />
          <ErrorBoundary where={t('where.diagram')} resetKey={game}>
            <Diagram
              graph={analysis.graph ?? game?.graph}
              active={activeStates}
              onReveal={onDiagramReveal}
              stale={!analysis.ok && !!game}
              trail={trail}
              onPlay={onPlayFromDiagram}
              coverage={coverage && coverage.game === game ? coverage.report : null}
            />
          </ErrorBoundary>
          <Splitter onDrag={dragTo(1)} onStep={stepBy(1)} value={(c1 + c2) * 100} label={t('workbench.resizeDiagram')} />
          <div className="right-column">
            <HouseRules
              variants={shownVariants}
              enabled={enabled}
              onVariants={onVariants}
              params={game?.params ?? NONE}
              values={game?.paramValues ?? NONE}
              overrides={settings.params}
              onParams={onParams}
              onCompare={onCompare}
            />
            <ErrorBoundary where={t('where.playtest')} resetKey={game}>
              <PlayPane
                engine={ENGINE}
                game={game}
                players={players}
                onPlayers={onPlayers}
                seats={seats}
                onSeats={onSeats}
                restartToken={restartToken}
                initialSeed={initialSeed}
                onActiveStates={setActiveStates}
                onTrail={setTrail}
                playRequest={playRequest}
                stale={!analysis.ok && !!game}
                savedPlay={savedPlay}
                onSavePlay={onSavePlay}
                onRevealGuard={revealPath}
                source={analysis.lastGoodInput}
              />
            </ErrorBoundary>
            <ErrorBoundary where={t('where.balance')} resetKey={game}>
              <BalancePanel input={input} game={game} onCoverage={onCoverage} onReveal={revealPath} />
            </ErrorBoundary>
            <ErrorBoundary where={t('where.exactTurn')} resetKey={game}>
              <ExactTurnPanel input={input} game={game} />
            </ErrorBoundary>
          </div>
        </main>
      </div>
    </RulebookContext.Provider>
  );
};
