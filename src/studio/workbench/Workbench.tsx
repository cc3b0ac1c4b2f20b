/**
 * The studio for one game: editor | statechart | board + log, wired together. Edits recompile
 * (debounced) and the board replays the game on the new rules; house-rule changes restart it;
 * clicking a diagnostic or a diagram element reveals its place in the spec.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { CompiledGame } from '../../compile/index.ts';
import { legalMoves, moveOptions, newGame, step, viewOf } from '../../engine/index.ts';
import { botNames } from '../play/engineBots.ts';
import type { Diagnostic, DocPath } from '../../spec/diagnostics.ts';
import { useAnalysis, type AnalysisInput } from '../analysis/useAnalysis.ts';
import { ErrorBoundary } from '../app/ErrorBoundary.tsx';
import { gameHash, replaceHash } from '../app/route.ts';
import { PlayPane } from '../board/PlayPane.tsx';
import { Diagram, type Trail } from '../diagram/Diagram.tsx';
import { setExprContext } from '../editor/exprContext.ts';
import { downloadText, pickTextFile } from '../persist/fileIO.ts';
import { encodeShare, type SharedSpec } from '../persist/share.ts';
import { loadLastGood, onStorageProblem, saveLastGood } from '../persist/storage.ts';
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
import { adoptFiles, baseOf, loadWorkspace, ownSnapshot, type WorkFile } from './workspace.ts';
import { addVersion, loadVersions, type Version } from '../persist/versions.ts';
import { HistoryDialog } from './HistoryDialog.tsx';
import { KeysDialog } from './KeysDialog.tsx';
import { useShortcuts } from '../app/shortcuts.ts';
import { Tour } from './Tour.tsx';
import { formatDateTime, useLanguage, useT, type PlainMessageId } from '../i18n/index.ts';
import type { GameTexts } from './gameTexts.ts';
import { changedParams } from '../../compile/changedParams.ts';
import { studioLink } from '../../rulebook/index.ts';
import { RulebookContext, type RulebookAccess } from '../rules/RulebookContext.tsx';
import { RulesDialog } from '../rules/RulesDialog.tsx';
import { initialWorkbench, workbenchReducer, type PanelId, type RevealAt } from './workbenchState.ts';
import { useStudioSettings } from './useStudioSettings.ts';
import { useEditLatency } from './useEditLatency.ts';
import { useSavedPlay } from './useSavedPlay.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';
import { useGameInput } from './useGameInput.ts';

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

export const Workbench = ({ gameId, initialFiles, texts, shared, shareError, presetVariants, onOpenOwn, tour }: Props) => {
  const t = useT();
  const lang = useLanguage();
  // A share link opens as a copy: nothing of it is written over the user's own version.
  const own = shared === null;
  const { files, setText, revert, saveVersion, flush } = useFiles(gameId, initialFiles, own);
  const [ui, dispatch] = useReducer(workbenchReducer, null, () =>
    initialWorkbench(
      baseOf(files)?.file ?? '',
      shareError ? { kind: 'error', text: t('workbench.brokenShare', { error: shareError }) } : null,
      tour,
    ),
  );
  const { view, active, reveal, banner, storageProblems, open, rulesAt, diagramUsed, movePlayed, playRequest, columns } = ui;
  useShortcuts({ help: () => dispatch({ type: 'toggle', dialog: 'keys' }) });
  const onCompare = useCallback(() => dispatch({ type: 'open', dialog: 'compare' }), []);
  useEffect(() => onStorageProblem((p) => dispatch({ type: 'storage-problem', message: p.message })), []);
  const { settings, onPlayers, onSeats, onVariants, onParams } = useStudioSettings(gameId, shared, presetVariants);
  const [activeStates, setActiveStates] = useState<readonly string[]>([]);
  const [trail, setTrail] = useState<Trail | null>(null);
  const onPlayFromDiagram = useCallback((move: string) => dispatch({ type: 'play-from-diagram', move, nonce: Date.now() }), []);
  const [initialSeed] = useState(() => settings.seed ?? freshSeed());
  const onMovePlayed = useCallback(() => dispatch({ type: 'move-played' }), []);
  const { savedPlay, onSavePlay } = useSavedPlay(gameId, own, onMovePlayed);

  const { base, enabled, shownVariants, rulebooks, input, offVariantDiagnostics } = useGameInput(gameId, files, texts, lang, settings);
  const rulebookAccess = useMemo(
    (): RulebookAccess => ({ rulebooks, lang, open: (focus) => dispatch({ type: 'rules', focus }) }),
    [rulebooks, lang],
  );
  const compareRequest = useMemo(() => input && { base: input.base, before: [], after: input.variants }, [input]);
  const [fallback] = useState(() => (shared ? null : loadLastGood(gameId)));
  const onGood = useCallback((good: AnalysisInput) => own && saveLastGood(gameId, good), [gameId, own]);
  // The shipped game unedited, or the text that compiled here last time, is safe to build in the
  // page before the worker has vetted it: the board need not wait for the worker's reply.
  const [trusted] = useState(() => (files.every((f) => f.original !== null && f.text === f.original) ? input : fallback));
  const offVariantRef = useRef(offVariantDiagnostics);
  offVariantRef.current = offVariantDiagnostics;
  // The editor's markers, set straight from the compile's reply (see useAnalysis's onDiagnostics).
  const markersNow = useRef<((diagnostics: readonly Diagnostic[]) => void) | null>(null);
  const fixAllNow = useRef<(() => void) | null>(null);
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
  useDocumentTitle(game?.title ?? gameId);
  // The address carries the house rules switched on (README: `#/<game>?variants=a,b`), so a
  // bookmark or a copied address opens them; a shared copy leaves the address alone, since a
  // reload opens the user's own version.
  const enabledKey = enabled.join(',');
  useEffect(() => {
    if (own && !open.tour) replaceHash(gameHash(gameId, enabledKey ? { variants: enabledKey } : undefined));
  }, [own, open.tour, gameId, enabledKey]);

  const diagnostics = useMemo(() => [...analysis.diagnostics, ...offVariantDiagnostics], [analysis.diagnostics, offVariantDiagnostics]);

  const { latency, onChange, onMarkersSet } = useEditLatency(setText);

  const revealAt = (at: RevealAt): void => dispatch({ type: 'reveal', at, nonce: Date.now() });
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
  const restartToken = JSON.stringify([enabled, settings.params]);
  const [startRules] = useState(restartToken);
  const onDiagramReveal = useCallback(
    (path: DocPath) => {
      dispatch({ type: 'diagram-used' });
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
  const dragTo = (which: 0 | 1) => (x: number) => {
    const rect = gridRef.current?.getBoundingClientRect();
    if (rect) dispatch({ type: 'splitter', which, at: (x - rect.left) / rect.width });
  };
  const stepBy = (which: 0 | 1) => (delta: number) => dispatch({ type: 'nudge', which, delta });

  const onPanel = useCallback((id: PanelId) => dispatch({ type: 'view', view: id }), []);
  const onActive = useCallback((file: string) => dispatch({ type: 'activate', file }), []);
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
                const text = t('workbench.imported', { name: picked.name, file: activeFile.file });
                dispatch({ type: 'banner', banner: { kind: 'info', text } });
              }
            });
          }}
          onExport={() =>
            activeFile && downloadText(activeFile.file.replace(/^.*\//, '').replace(/^game\.yaml$/, `${gameId}.yaml`), activeFile.text)
          }
          onRevert={() => activeFile && revert(activeFile.file)}
          onShare={shareLink}
          onHistory={() => dispatch({ type: 'open', dialog: 'history' })}
          onKeys={() => dispatch({ type: 'open', dialog: 'keys' })}
          onRules={rulebooks ? () => dispatch({ type: 'rules', focus: undefined }) : undefined}
        />
        {rulesAt && (
          <RulesDialog
            rulebooks={rulebooks}
            lang={lang}
            variants={sheetVariants}
            params={sheetParams}
            link={'link' in rulesLink ? rulesLink.link : ''}
            focus={rulesAt.focus}
            onClose={() => dispatch({ type: 'close-rules' })}
          />
        )}
        {open.keys && <KeysDialog onClose={() => dispatch({ type: 'close', dialog: 'keys' })} />}
        {open.history && (
          <HistoryDialog
            versions={loadVersions(gameId)}
            onRestore={restore}
            onClose={() => dispatch({ type: 'close', dialog: 'history' })}
          />
        )}
        {open.compare && compareRequest && (
          <ErrorBoundary where={t('where.comparison')}>
            <Suspense fallback={null}>
              <CompareDialog
                request={compareRequest}
                beforeTitle={t('compare.beforeTitle', { title: game?.title ?? gameId })}
                afterTitle={t('compare.afterTitle', {
                  rules: enabled.map((id) => shownVariants.find((v) => v.id === id)?.title ?? id).join(', '),
                })}
                onReveal={(at) => {
                  dispatch({ type: 'close', dialog: 'compare' });
                  revealAt(at);
                }}
                onClose={() => dispatch({ type: 'close', dialog: 'compare' })}
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
              onClick={() => dispatch({ type: 'dismiss-storage-problem', message })}
            >
              ✕
            </button>
          </div>
        ))}
        {banner && (
          <div className={`banner ${banner.kind}`} role={banner.kind === 'error' ? 'alert' : 'status'} data-testid="banner">
            {banner.text}
            <button
              type="button"
              className="btn ghost small"
              onClick={() => dispatch({ type: 'banner', banner: null })}
              aria-label={t('common.dismiss')}
            >
              ✕
            </button>
          </div>
        )}
        {open.tour && (
          <Tour
            progress={{ rules: restartToken !== startRules, flow: diagramUsed, played: movePlayed }}
            onPanel={onPanel}
            onClose={() => {
              dispatch({ type: 'close', dialog: 'tour' });
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
              onClick={() => onPanel(id)}
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
              onActive={onActive}
              enabledVariants={enabled}
              diagnostics={diagnostics}
              onChange={onChange}
              reveal={reveal}
              onReveal={(d) => revealAt(d)}
              onMarkersSet={onMarkersSet}
              markersNow={markersNow}
              fixAllNow={fixAllNow}
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
