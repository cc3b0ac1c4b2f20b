/**
 * What the workbench shows around the game, as one state changed by one pure reducer: the panel a
 * narrow screen shows, the file in the editor and the place revealed in it, the dialogs, the
 * banners, the tour's progress, a move asked for from the diagram and the columns' widths. The
 * game itself (files, settings, compile) has hooks of its own.
 */
import type { RevealRequest } from '../editor/SpecEditor.tsx';

export type PanelId = 'edit' | 'diagram' | 'play';

/** The dialogs opened and closed by a button or a key; the Rules dialog also says where it opens. */
export type Dialog = 'history' | 'keys' | 'compare' | 'tour';

export interface Banner {
  readonly kind: 'error' | 'info';
  readonly text: string;
}

export interface WorkbenchState {
  readonly view: PanelId;
  readonly active: string;
  readonly reveal: RevealRequest | null;
  readonly banner: Banner | null;
  /** Problems the browser's storage reported, each shown once until dismissed. */
  readonly storageProblems: readonly string[];
  readonly open: Readonly<Record<Dialog, boolean>>;
  /** The Rules dialog, open at a rule when one was asked for. */
  readonly rulesAt: { readonly focus: string | undefined } | null;
  /** The tour's steps done by hand: the diagram used, a move played on the board. */
  readonly diagramUsed: boolean;
  readonly movePlayed: boolean;
  readonly playRequest: { readonly move: string; readonly nonce: number } | null;
  /** The editor's and the diagram's widths, as fractions of the page. */
  readonly columns: readonly [number, number];
}

/** A place in a file to show in the editor. */
export type RevealAt = Omit<RevealRequest, 'nonce'>;

export type WorkbenchAction =
  | { readonly type: 'view'; readonly view: PanelId }
  | { readonly type: 'activate'; readonly file: string }
  /** `nonce` tells a second reveal of the same place from the first. */
  | { readonly type: 'reveal'; readonly at: RevealAt; readonly nonce: number }
  | { readonly type: 'banner'; readonly banner: Banner | null }
  | { readonly type: 'storage-problem'; readonly message: string }
  | { readonly type: 'dismiss-storage-problem'; readonly message: string }
  | { readonly type: 'open'; readonly dialog: Dialog }
  | { readonly type: 'close'; readonly dialog: Dialog }
  | { readonly type: 'toggle'; readonly dialog: Dialog }
  | { readonly type: 'rules'; readonly focus: string | undefined }
  | { readonly type: 'close-rules' }
  | { readonly type: 'diagram-used' }
  | { readonly type: 'move-played' }
  | { readonly type: 'play-from-diagram'; readonly move: string; readonly nonce: number }
  /** A splitter put at `at`, a fraction of the page's width. */
  | { readonly type: 'splitter'; readonly which: 0 | 1; readonly at: number }
  /** A splitter moved by `delta` of the page's width (the arrow keys). */
  | { readonly type: 'nudge'; readonly which: 0 | 1; readonly delta: number };

export const initialWorkbench = (active: string, banner: Banner | null, tour: boolean): WorkbenchState => ({
  // On a narrow screen one panel shows at a time; the board first, as a player opening a game wants.
  view: 'play',
  active,
  reveal: null,
  banner,
  storageProblems: [],
  open: { history: false, keys: false, compare: false, tour },
  rulesAt: null,
  diagramUsed: false,
  movePlayed: false,
  playRequest: null,
  columns: [0.33, 0.3],
});

/** The board's column keeps at least this share of the page, whichever splitter moves. */
const BOARD_MIN = 0.15;

const within = (low: number, high: number, x: number): number => Math.min(high, Math.max(low, x));

/**
 * Each column within its bounds: the editor 15–70% of the page, the diagram 10–60%, and the board
 * what is left but never under 15% (a wide editor and a wide diagram once left it a negative width).
 */
const placed = ([a, b]: readonly [number, number], which: 0 | 1, at: number): [number, number] =>
  which === 0 ? [within(0.15, Math.min(0.7, 1 - BOARD_MIN - b), at), b] : [a, within(0.1, Math.min(0.6, 1 - BOARD_MIN - a), at - a)];

export const workbenchReducer = (state: WorkbenchState, action: WorkbenchAction): WorkbenchState => {
  switch (action.type) {
    case 'view':
      return { ...state, view: action.view };
    case 'activate':
      return { ...state, active: action.file };
    case 'reveal':
      return { ...state, active: action.at.file, reveal: { ...action.at, nonce: action.nonce } };
    case 'banner':
      return { ...state, banner: action.banner };
    case 'storage-problem':
      return state.storageProblems.includes(action.message)
        ? state
        : { ...state, storageProblems: [...state.storageProblems, action.message] };
    case 'dismiss-storage-problem':
      return { ...state, storageProblems: state.storageProblems.filter((m) => m !== action.message) };
    case 'open':
      return { ...state, open: { ...state.open, [action.dialog]: true } };
    case 'close':
      return { ...state, open: { ...state.open, [action.dialog]: false } };
    case 'toggle':
      return { ...state, open: { ...state.open, [action.dialog]: !state.open[action.dialog] } };
    case 'rules':
      return { ...state, rulesAt: { focus: action.focus } };
    case 'close-rules':
      return { ...state, rulesAt: null };
    case 'diagram-used':
      return state.diagramUsed ? state : { ...state, diagramUsed: true };
    case 'move-played':
      return state.movePlayed ? state : { ...state, movePlayed: true };
    case 'play-from-diagram':
      return { ...state, diagramUsed: true, playRequest: { move: action.move, nonce: action.nonce } };
    case 'splitter':
      return { ...state, columns: placed(state.columns, action.which, action.at) };
    case 'nudge': {
      const [a, b] = state.columns;
      return { ...state, columns: placed(state.columns, action.which, (action.which === 0 ? a : a + b) + action.delta) };
    }
  }
};
