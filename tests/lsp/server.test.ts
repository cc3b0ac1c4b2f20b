/**
 * `houserules lsp --stdio` end to end: the real server as a child process, driven by an LSP client
 * over its stdin and stdout, on a copy of a shipped game with a broken variant beside it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type CodeAction,
  type CompletionItem,
  type Hover,
  type Location,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type Position,
} from 'vscode-languageserver-protocol/node';
import { runCli } from '../helpers/cli.ts';

const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/houserules.js');

const BROKEN = `variant: broken
game: ten-thousand
title: Broken
description: A variant with a name nothing declares.
patch:
  definitions:
    +bonus:
      description: A bonus.
      params: { f: number }
      returns: number
      body: "game.turnPoints + triple(f) + nosuchname"
`;

/** A variant whose one problem is a misspelt name, with one close name. */
const TYPO = `houserules: 2
variant: typo
game: ten-thousand
title: Typo
description: A variable misspelt in a new definition.
patch:
  definitions:
    +bonus:
      description: A bonus.
      returns: number
      body: "game.turnPonts + 1"
`;

/** The 0-based position of `needle`'s first occurrence in `text`, moved `delta` characters on. */
const positionOf = (text: string, needle: string, delta = 0): Position => {
  const offset = text.indexOf(needle) + delta;
  expect(text.indexOf(needle)).toBeGreaterThanOrEqual(0);
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length - 1, character: (lines[lines.length - 1] ?? '').length };
};

let dir: string;
let gamePath: string;
let variantPath: string;
let gameText: string;
let child: ChildProcess;
let client: ProtocolConnection;
const published: PublishDiagnosticsParams[] = [];

/**
 * The first diagnostics published for `uri` after `since` publications that pass `test`: a check
 * the server scheduled before may still publish first.
 */
const diagnosticsFor = async (
  uri: string,
  since: number,
  test: (p: PublishDiagnosticsParams) => boolean = () => true,
): Promise<PublishDiagnosticsParams> => {
  for (let waited = 0; waited < 30_000; waited += 20) {
    const found = published.slice(since).find((p) => p.uri === uri && test(p));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no diagnostics for ${uri}`);
};

const open = (path: string, text: string): void => {
  void client.sendNotification('textDocument/didOpen', {
    textDocument: { uri: pathToFileURL(path).href, languageId: 'yaml', version: 1, text },
  });
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'houserules-lsp-'));
  const folder = join(dir, 'games', 'tt');
  mkdirSync(join(folder, 'variants'), { recursive: true });
  gamePath = join(folder, 'game.yaml');
  variantPath = join(folder, 'variants', 'broken.yaml');
  gameText = readFileSync(join(ROOT, 'games/ten-thousand/game.yaml'), 'utf8');
  writeFileSync(gamePath, gameText);
  writeFileSync(variantPath, BROKEN);
  child = spawn(process.execPath, [BIN, 'lsp', '--stdio'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  client = createProtocolConnection(
    new StreamMessageReader(child.stdout as NodeJS.ReadableStream),
    new StreamMessageWriter(child.stdin as NodeJS.WritableStream),
  );
  client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
  });
  client.listen();
  const init = await client.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {} });
  expect(init).toMatchObject({ capabilities: { hoverProvider: true, definitionProvider: true } });
  await client.sendNotification('initialized', {});
});

afterAll(() => {
  child.kill();
  client.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('houserules lsp --stdio', () => {
  const variantUri = (): string => pathToFileURL(variantPath).href;
  const gameUri = (): string => pathToFileURL(gamePath).href;

  it("publishes a broken variant's diagnostics where validate places them, with their codes", async () => {
    const since = published.length;
    open(variantPath, BROKEN);
    const got = await diagnosticsFor(variantUri(), since);
    const validated = await runCli(['validate', gamePath, '--variant', 'broken', '--json']);
    const expected = JSON.parse(validated.out).diagnostics as { code: string; line: number; column: number }[];
    expect(expected.length).toBeGreaterThan(0);
    expect(got.diagnostics.map((d) => ({ code: d.code, line: d.range.start.line, character: d.range.start.character }))).toEqual(
      expected.map((d) => ({ code: d.code, line: d.line - 1, character: d.column - 1 })),
    );
    expect(got.diagnostics[0]).toMatchObject({ code: 'unknown-name', source: 'houserules', severity: 1 });
  });

  it('offers the quick fix of a misspelt name; applied, it leaves no diagnostic', async () => {
    const typoPath = join(dir, 'games', 'tt', 'variants', 'typo.yaml');
    const typoUri = pathToFileURL(typoPath).href;
    const text = TYPO;
    writeFileSync(typoPath, text);
    const since = published.length;
    open(typoPath, text);
    const got = await diagnosticsFor(typoUri, since);
    expect(got.diagnostics.map((d) => d.code)).toEqual(['unknown-name']);
    const [problem] = got.diagnostics;
    const actions = (await client.sendRequest('textDocument/codeAction', {
      textDocument: { uri: typoUri },
      range: problem?.range,
      context: { diagnostics: got.diagnostics },
    })) as CodeAction[];
    expect(actions.map((a) => [a.title, a.kind, a.isPreferred])).toEqual([["Change 'turnPonts' to 'turnPoints'", 'quickfix', true]]);
    const [edit] = actions[0]?.edit?.changes?.[typoUri] ?? [];
    if (!edit) throw new Error('the quick fix has no edit');
    const offsetOf = (p: Position): number => text.split('\n').slice(0, p.line).join('\n').length + (p.line > 0 ? 1 : 0) + p.character;
    const fixed = text.slice(0, offsetOf(edit.range.start)) + edit.newText + text.slice(offsetOf(edit.range.end));
    expect(fixed).toBe(text.replace('turnPonts', 'turnPoints'));
    const after = published.length;
    void client.sendNotification('textDocument/didChange', {
      textDocument: { uri: typoUri, version: 2 },
      contentChanges: [{ text: fixed }],
    });
    expect((await diagnosticsFor(typoUri, after)).diagnostics).toEqual([]);
  });

  it('checks the game once opened, and then hovers and completes inside its expressions', async () => {
    const since = published.length;
    open(gamePath, gameText);
    expect((await diagnosticsFor(gameUri(), since)).diagnostics.filter((d) => d.severity === 1)).toEqual([]);

    const at = (needle: string, delta: number) => ({ textDocument: { uri: gameUri() }, position: positionOf(gameText, needle, delta) });
    const hover = (await client.sendRequest('textDocument/hover', at('last(players[seat].levels)', 1))) as Hover;
    expect(JSON.stringify(hover.contents)).toContain('last(');
    const field = (await client.sendRequest('textDocument/hover', at('game.turnPoints % 100', 7))) as Hover;
    expect(JSON.stringify(field.contents)).toContain('number');

    const fields = (await client.sendRequest('textDocument/completion', at('len(players[seat].levels)', 18))) as CompletionItem[];
    expect(fields.map((c) => c.label)).toEqual(expect.arrayContaining(['levels', 'ticks']));
    const names = (await client.sendRequest('textDocument/completion', at('len(players[seat].levels)', 2))) as CompletionItem[];
    expect(names.map((c) => c.label)).toEqual(expect.arrayContaining(['len', 'last', 'game', 'players', 'triple']));
  });

  it("goes from game.X in a variant to the key that declares it in the game's file", async () => {
    const location = (await client.sendRequest('textDocument/definition', {
      textDocument: { uri: variantUri() },
      position: positionOf(BROKEN, 'game.turnPoints', 8),
    })) as Location;
    expect(location.uri).toBe(gameUri());
    const declared = positionOf(gameText, 'turnPoints:\n');
    expect(location.range).toEqual({ start: declared, end: { ...declared, character: declared.character + 'turnPoints'.length } });
  });

  it('checks an open variant again when its game changes', async () => {
    const since = published.length;
    // The game now declares the definition the variant adds, which the variant may no longer add.
    const changed = gameText.replace('definitions:\n', 'definitions:\n  bonus:\n    returns: number\n    body: "1"\n');
    void client.sendNotification('textDocument/didChange', {
      textDocument: { uri: gameUri(), version: 2 },
      contentChanges: [{ text: changed }],
    });
    const got = await diagnosticsFor(variantUri(), since, (p) => p.diagnostics.some((d) => d.code === 'variant'));
    expect(got.diagnostics.map((d) => d.code)).toContain('variant');
    const reverted = published.length;
    void client.sendNotification('textDocument/didChange', {
      textDocument: { uri: gameUri(), version: 3 },
      contentChanges: [{ text: gameText }],
    });
    await diagnosticsFor(variantUri(), reverted, (p) => p.diagnostics.every((d) => d.code === 'unknown-name'));
  });

  it("hovers inside a variant's new definition once the variant compiles", async () => {
    const fixed = BROKEN.replace(' + nosuchname', '');
    const since = published.length;
    void client.sendNotification('textDocument/didChange', {
      textDocument: { uri: variantUri(), version: 2 },
      contentChanges: [{ text: fixed }],
    });
    await diagnosticsFor(variantUri(), since, (p) => p.diagnostics.length === 0);
    const hover = (await client.sendRequest('textDocument/hover', {
      textDocument: { uri: variantUri() },
      position: positionOf(fixed, 'triple(f)', 2),
    })) as Hover;
    expect(JSON.stringify(hover.contents)).toContain('triple(f: number)');
  });

  it('shuts down and exits with code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await client.sendRequest('shutdown');
    await client.sendNotification('exit');
    expect(await exited).toBe(0);
  });
});

describe('houserules lsp', () => {
  it('refuses to start without --stdio, its only transport', async () => {
    const { code, err } = await runCli(['lsp']);
    expect(code).toBe(1);
    expect(err).toContain('houserules lsp --stdio');
  });
});
