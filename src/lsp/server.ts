/**
 * `houserules lsp`: the language server. Open game and variant files are checked as the editor
 * types (once it pauses), and hover, completion, go to definition and quick fixes are answered
 * from the text and from the last game that compiled in the file's game folder, as the studio does.
 */
import { dirname } from 'node:path';
import {
  createConnection,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type CompletionItem,
  type Connection,
  type Definition,
  type Hover,
  type TextDocumentPositionParams,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { completeAt, exprAt, hoverAt, type ExprContext } from '../assist/exprAssist.ts';
import { itemKeyHoverAt } from '../assist/itemKeyHover.ts';
import { LIMITS } from '../limits.ts';
import type { Diagnostic } from '../spec/diagnostics.ts';
import { completionItems, exprHover, itemKeyHover } from './assist.ts';
import { checkFile } from './check.ts';
import { actionsIn } from './codeActions.ts';
import { debouncer } from './debounce.ts';
import { declarationAt } from './definition.ts';
import { toLspDiagnostic } from './diagnostics.ts';
import { diskText, pathOf, roleOf, uriOf, type Role } from './workspace.ts';

/** How long typing must pause before a file is checked again. */
export const CHECK_DELAY_MS = 150;

interface Open {
  readonly doc: TextDocument;
  readonly path: string;
  readonly role: Role;
}

export const startServer = (connection: Connection): void => {
  const documents = new TextDocuments(TextDocument);
  /**
   * The last game that compiled, by the file checked and by its game folder: what expressions are
   * completed and hovered from; a file's own first (a variant's game has its new names), else its folder's.
   */
  const contexts = new Map<string, ExprContext>();
  /** What was last published, by URI: what quick fixes are made from. */
  const published = new Map<string, readonly Diagnostic[]>();
  const checks = debouncer(CHECK_DELAY_MS);

  const openAt = (path: string): TextDocument | undefined => documents.all().find((d) => pathOf(d.uri) === path);
  const read = (path: string): string | undefined => openAt(path)?.getText() ?? diskText(path);

  /** The open document at `uri`, when it is a game or a variant. */
  const specAt = (uri: string): Open | null => {
    const doc = documents.get(uri);
    const path = pathOf(uri);
    const role = path === null ? null : roleOf(path);
    return doc && path !== null && role ? { doc, path, role } : null;
  };

  /** Past the parser's limit the text is refused by the check; nothing else reads it. */
  const opened = (uri: string): Open | null => {
    const open = specAt(uri);
    return open && open.doc.getText().length <= LIMITS.yamlChars ? open : null;
  };

  const publish = (uri: string, diagnostics: readonly Diagnostic[]): void => {
    published.set(uri, diagnostics);
    void connection.sendDiagnostics({ uri, diagnostics: diagnostics.map(toLspDiagnostic) });
  };

  const check = (uri: string): void => {
    const open = specAt(uri);
    if (!open) return;
    const { path, role } = open;
    const checked = checkFile(role, read);
    if (checked.game) {
      contexts.set(path, checked.game);
      contexts.set(dirname(role.game), checked.game);
    }
    for (const [file, diagnostics] of checked.diagnostics) {
      if (file === path) publish(uri, diagnostics);
      // The game's problems a variant's check met are shown on the game only while the game is not open to be checked itself.
      else if (file === role.game && !openAt(file)) publish(uriOf(file), diagnostics);
    }
    if (role.kind === 'game') {
      for (const other of documents.all()) {
        const variant = specAt(other.uri)?.role;
        if (variant?.kind === 'variant' && variant.game === path) checks.schedule(other.uri, () => check(other.uri));
      }
    }
  };

  documents.onDidChangeContent(({ document }) => checks.schedule(document.uri, () => check(document.uri)));
  documents.onDidClose(({ document }) => {
    checks.cancel(document.uri);
    const path = pathOf(document.uri);
    if (path !== null) contexts.delete(path);
    publish(document.uri, []);
  });

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      completionProvider: { triggerCharacters: ['.'] },
      definitionProvider: true,
      codeActionProvider: { codeActionKinds: ['quickfix'] },
    },
    serverInfo: { name: 'houserules' },
  }));

  const context = (open: Open): ExprContext | undefined => contexts.get(open.path) ?? contexts.get(dirname(open.role.game));

  connection.onHover(({ textDocument, position }: TextDocumentPositionParams): Hover | null => {
    const open = opened(textDocument.uri);
    if (!open) return null;
    const text = open.doc.getText();
    const offset = open.doc.offsetAt(position);
    const cx = context(open);
    const place = cx ? exprAt(text, offset) : null;
    const item = cx && place ? hoverAt(cx, place) : null;
    if (item) return exprHover(item);
    const key = itemKeyHoverAt(text, offset, open.role.kind === 'variant');
    return key ? itemKeyHover(key) : null;
  });

  connection.onCompletion(({ textDocument, position }): CompletionItem[] => {
    const open = opened(textDocument.uri);
    const cx = open ? context(open) : undefined;
    if (!open || !cx) return [];
    const place = exprAt(open.doc.getText(), open.doc.offsetAt(position));
    const done = place ? completeAt(cx, place) : null;
    return done ? completionItems(done, position) : [];
  });

  connection.onDefinition(({ textDocument, position }): Definition | null => {
    const open = opened(textDocument.uri);
    if (!open) return null;
    const text = open.doc.getText();
    const gameText = open.role.kind === 'game' ? text : read(open.role.game);
    const found = declarationAt(text, open.doc.offsetAt(position), gameText);
    if (!found) return null;
    const inSelf = found.in === 'self' || open.role.kind === 'game';
    const target = inSelf ? open.doc : TextDocument.create(uriOf(open.role.game), 'yaml', 0, gameText ?? '');
    const uri = inSelf ? open.doc.uri : (openAt(open.role.game)?.uri ?? target.uri);
    return { uri, range: { start: target.positionAt(found.range[0]), end: target.positionAt(found.range[1]) } };
  });

  connection.onCodeAction(({ textDocument, range }): CodeAction[] =>
    actionsIn(textDocument.uri, published.get(textDocument.uri) ?? [], range),
  );

  documents.listen(connection);
  connection.listen();
};

/** The server over stdin and stdout; resolves when the client says exit (the connection then ends the process, as LSP asks). */
export const serveStdio = (): Promise<void> => {
  const connection = createConnection(process.stdin, process.stdout);
  const exited = new Promise<void>((resolve) => connection.onExit(resolve));
  startServer(connection);
  return exited;
};
