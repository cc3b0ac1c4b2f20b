/**
 * Monaco on the spec files: one model per file (so each keeps its own undo history), our
 * pipeline's diagnostics as markers, and "reveal" requests from the diagram and the diagnostics
 * list. Loaded lazily: Monaco is most of the studio's weight and the gallery does not need it.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Diagnostic } from '../../spec/diagnostics.ts';
import { monaco } from './monaco.ts';
import { setDiagnosticMarkers } from './markers.ts';
import { fixAllOf, operationsOf } from './quickFixes.ts';
import { t } from '../i18n/index.ts';

export interface RevealRequest {
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** Changes on every request, so revealing the same place twice still scrolls. */
  nonce: number;
}

/** Where the editor puts its "Fix all" (every lone fix of the file shown, one undo step), for the problems list's button. */
export interface FixAllNow {
  current: (() => void) | null;
}

/** Where the editor puts its way of setting markers at once, outside React's render. */
export interface MarkersNow {
  current: ((diagnostics: readonly Diagnostic[]) => void) | null;
}

interface Props {
  files: readonly { file: string; text: string }[];
  active: string;
  diagnostics: readonly Diagnostic[];
  onChange: (file: string, text: string) => void;
  reveal: RevealRequest | null;
  /** Called once the markers of a diagnostics list are set, for latency figures. */
  onMarkersSet?: () => void;
  markersNow?: MarkersNow;
  fixAllNow?: FixAllNow;
}

type Editor = ReturnType<typeof monaco.editor.create>;
type Model = ReturnType<typeof monaco.editor.createModel>;

const FIX_ALL = 'houserules.fixAll';

const uriOf = (file: string) => monaco.Uri.parse(`file:///${file}`);

const modelFor = (file: string, text: string): Model => {
  const uri = uriOf(file);
  return monaco.editor.getModel(uri) ?? monaco.editor.createModel(text, 'yaml', uri);
};

export default function SpecEditor({ files, active, diagnostics, onChange, reveal, onMarkersSet, markersNow, fixAllNow }: Props) {
  const host = useRef<HTMLDivElement | null>(null);
  const editor = useRef<Editor | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // Set while we write a text into a model ourselves, so that write is not reported as an edit.
  const applying = useRef(false);

  useEffect(() => {
    if (!host.current) return;
    const ed = monaco.editor.create(host.current, {
      theme: 'houserules-dark',
      automaticLayout: true,
      fontSize: 13,
      lineHeight: 19,
      tabSize: 2,
      insertSpaces: true,
      // Tab indents here, so a keyboard user must be told how out: Monaco's own tab-focus toggle.
      ariaLabel: t('editor.ariaLabel'),
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      renderWhitespace: 'boundary',
      wordBasedSuggestions: 'off',
      quickSuggestions: { other: true, comments: false, strings: true },
      fixedOverflowWidgets: true,
      model: null,
    });
    editor.current = ed;
    const fixAll = ed.addAction({
      id: FIX_ALL,
      label: t('editor.fixAll'),
      contextMenuGroupId: '1_modification',
      run: (target) => {
        const model = target.getModel();
        const fixes = model ? fixAllOf(model) : [];
        if (fixes.length === 0) return;
        // One undo step for all of them, as for one quick fix.
        target.pushUndoStop();
        target.executeEdits(FIX_ALL, fixes.flatMap(operationsOf));
        target.pushUndoStop();
      },
    });
    const sub = ed.onDidChangeModelContent(() => {
      const model = ed.getModel();
      if (!model || applying.current) return;
      onChangeRef.current(model.uri.path.replace(/^\//, ''), model.getValue());
    });
    return () => {
      sub.dispose();
      fixAll.dispose();
      ed.dispose();
      editor.current = null;
    };
  }, []);

  // Keep models in step with texts changed outside the editor (import, revert, share links).
  useEffect(() => {
    for (const f of files) {
      const model = modelFor(f.file, f.text);
      if (model.getValue() !== f.text) {
        applying.current = true;
        // An edit operation rather than setValue keeps the change undoable.
        model.pushEditOperations([], [{ range: model.getFullModelRange(), text: f.text }], () => null);
        applying.current = false;
      }
    }
  }, [files]);

  useEffect(() => {
    const ed = editor.current;
    const f = files.find((x) => x.file === active);
    if (!ed || !f) return;
    const model = modelFor(f.file, f.text);
    if (ed.getModel() !== model) ed.setModel(model);
  }, [active, files]);

  // Markers follow the diagnostics only: Monaco itself moves existing markers along as text is
  // typed, so re-setting them on every keystroke would only flicker (and blur latency figures).
  // A reply's markers come twice (markersNow, then the commit): the second time they are set
  // again only if the diagnostics differ, or the text changed since (Monaco moved the markers).
  const fileNames = files.map((f) => f.file).join('\u0000');
  const filesRef = useRef(files);
  filesRef.current = files;
  const shown = useRef(new Map<string, string>());
  const markersSetRef = useRef(onMarkersSet);
  markersSetRef.current = onMarkersSet;
  const setMarkers = useRef((all: readonly Diagnostic[]): void => {
    for (const f of filesRef.current) {
      const mine = all.filter((d) => d.file === f.file);
      const model = modelFor(f.file, f.text);
      const key = `${model.getVersionId()}:${JSON.stringify(mine)}`;
      if (shown.current.get(f.file) === key) continue;
      shown.current.set(f.file, key);
      setDiagnosticMarkers(monaco, model, mine);
    }
    markersSetRef.current?.();
  }).current;
  useEffect(() => {
    if (!fixAllNow) return;
    fixAllNow.current = () => void editor.current?.getAction(FIX_ALL)?.run();
    return () => {
      fixAllNow.current = null;
    };
  }, [fixAllNow]);
  useEffect(() => {
    if (!markersNow) return;
    markersNow.current = setMarkers;
    return () => {
      markersNow.current = null;
    };
  }, [markersNow, setMarkers]);
  // In the commit, not after the paint, for diagnostics that did not come through markersNow.
  useLayoutEffect(() => setMarkers(diagnostics), [diagnostics, fileNames, setMarkers]);

  useEffect(() => {
    const ed = editor.current;
    if (!ed || !reveal) return;
    const f = files.find((x) => x.file === reveal.file);
    if (!f) return;
    const model = modelFor(f.file, f.text);
    if (ed.getModel() !== model) ed.setModel(model);
    const range = {
      startLineNumber: reveal.line,
      startColumn: reveal.column,
      endLineNumber: reveal.endLine ?? reveal.line,
      endColumn: reveal.endColumn ?? reveal.column,
    };
    ed.setSelection(range);
    ed.revealRangeInCenterIfOutsideViewport(range);
    ed.focus();
  }, [reveal]);

  return <div className="editor-host" data-testid="editor" ref={host} />;
}
