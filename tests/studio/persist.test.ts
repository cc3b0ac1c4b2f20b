/**
 * The studio never loses work (issue 11, and issue 16's studio findings), in Node with a
 * localStorage stand-in: unreadable saved data is set aside and reported, a full storage frees
 * room from old versions and reports what it could not save, bad saved settings are named by
 * field, versions keep a one-line summary, links cannot inflate without bound, and a link's files
 * must belong to its game.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { loadPlay, loadSettings, onStorageProblem, PREFIX, saveFileText, type StorageProblem } from '../../src/studio/persist/storage.ts';
import { addVersion, diffSummary, KEEP_VERSIONS, lineChanges, loadVersions, MAX_VERSIONS } from '../../src/studio/persist/versions.ts';
import { decodeShare, encodeShare, MAX_INFLATED_BYTES } from '../../src/studio/persist/share.ts';
import { belongsTo, snapshotOf } from '../../src/studio/workbench/workspace.ts';
import { parseRoute } from '../../src/studio/app/route.ts';

/** localStorage with a quota in characters, as browsers count it. */
class FakeStorage {
  data = new Map<string, string>();
  constructor(public quota = Infinity) {}
  get length(): number {
    return this.data.size;
  }
  key(i: number): string | null {
    return [...this.data.keys()][i] ?? null;
  }
  getItem(k: string): string | null {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    const used = [...this.data].reduce((n, [key, val]) => n + (key === k ? 0 : key.length + val.length), 0);
    if (used + k.length + v.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.data.set(k, v);
  }
  removeItem(k: string): void {
    this.data.delete(k);
  }
}

let storage: FakeStorage;
const problems: StorageProblem[] = [];
onStorageProblem((p) => problems.push(p));

beforeEach(() => {
  storage = new FakeStorage();
  (globalThis as { window?: unknown }).window = { localStorage: storage };
  problems.length = 0;
});

describe('saved data that cannot be read', () => {
  it('names the field of bad saved settings (players: 3.5), sets the entry aside and keeps it', () => {
    const raw = JSON.stringify({ variants: [], params: {}, seats: [], players: 3.5 });
    storage.setItem(`${PREFIX}settings:g`, raw);
    expect(loadSettings('g')).toEqual({ variants: [], params: {}, seats: [] });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(/players is 3\.5/);
    expect(storage.getItem(`${PREFIX}corrupt:settings:g`)).toBe(raw);
  });

  it('sets aside a game in progress that is not JSON, and reports it', () => {
    storage.setItem(`${PREFIX}play:g`, '{"seed": 1, "moves": [');
    expect(loadPlay('g')).toBeNull();
    expect(problems[0]?.kind).toBe('corrupt');
    expect(storage.getItem(`${PREFIX}corrupt:play:g`)).toBe('{"seed": 1, "moves": [');
  });

  it('keeps good settings as they are', () => {
    storage.setItem(
      `${PREFIX}settings:g`,
      JSON.stringify({ variants: ['a'], params: { n: 2 }, seats: ['human', 'bot'], players: 2, seed: 7 }),
    );
    expect(loadSettings('g')).toEqual({ variants: ['a'], params: { n: 2 }, seats: ['human', 'random'], players: 2, seed: 7 });
    expect(problems).toEqual([]);
  });
});

describe('a full storage', () => {
  it('drops the oldest versions beyond those kept to make room, and reports an edit it still cannot save', () => {
    for (let i = 0; i < MAX_VERSIONS; i++) addVersion('g', { 'games/g/game.yaml': `v${i}\n${'x'.repeat(200)}` }, 'edit', 1000 + i);
    expect(loadVersions('g')).toHaveLength(MAX_VERSIONS);
    const used = [...storage.data].reduce((n, [k, v]) => n + k.length + v.length, 0);
    storage.quota = used + 500;
    // Needs more room than is free: the history is trimmed to the newest KEEP_VERSIONS, then it fits.
    expect(saveFileText('games/g/game.yaml', 'y'.repeat(2000))).toBe(true);
    expect(loadVersions('g')).toHaveLength(KEEP_VERSIONS);
    expect(loadVersions('g')[KEEP_VERSIONS - 1]?.files['games/g/game.yaml']).toMatch(new RegExp(`^v${MAX_VERSIONS - 1}\\n`));
    expect(problems).toEqual([]);
    // Far too large: not saved, and said so.
    expect(saveFileText('games/g/game.yaml', 'z'.repeat(100_000))).toBe(false);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(/storage is full.*games\/g\/game\.yaml.*Export/);
  });
});

describe('versions', () => {
  it('keeps each distinct save with its time and a one-line summary of the change', () => {
    addVersion('g', { 'games/g/game.yaml': 'a\nb\nc' }, 'edit', 1);
    addVersion('g', { 'games/g/game.yaml': 'a\nb\nc' }, 'edit', 2);
    addVersion('g', { 'games/g/game.yaml': 'a\nB\nc\nd', 'games/g/variants/v.yaml': 'x' }, 'edit', 3);
    const history = loadVersions('g');
    expect(history.map((v) => v.at)).toEqual([1, 3]);
    expect(history[1]?.summary).toBe('game.yaml +2 −1 from line 2; v.yaml added');
    expect(history[0]?.summary).toBe('first saved version');
  });

  it('keeps the reason of a save whose texts the newest version already holds (edits settled just before an import)', () => {
    addVersion('g', { 'games/g/game.yaml': 'a' }, 'edit', 1);
    addVersion('g', { 'games/g/game.yaml': 'a' }, 'before importing other.yaml', 2);
    addVersion('g', { 'games/g/game.yaml': 'a' }, 'before importing other.yaml', 3);
    const history = loadVersions('g');
    expect(history).toHaveLength(1);
    expect(history[0]?.note).toBe('edit; before importing other.yaml');
    expect(history[0]?.at).toBe(1);
  });

  it('keeps at most MAX_VERSIONS, the newest', () => {
    for (let i = 0; i < MAX_VERSIONS + 5; i++) addVersion('g', { f: String(i) }, 'edit', i);
    const history = loadVersions('g');
    expect(history).toHaveLength(MAX_VERSIONS);
    expect(history[0]?.at).toBe(5);
    expect(MAX_VERSIONS).toBeGreaterThanOrEqual(KEEP_VERSIONS);
    expect(KEEP_VERSIONS).toBeGreaterThanOrEqual(20);
  });

  it('counts changed lines as a multiset and finds the first changed line', () => {
    expect(lineChanges('a\nb\nc', 'a\nc\nb')).toEqual({ added: 0, removed: 0, from: 2 });
    expect(lineChanges('a', 'a\na')).toEqual({ added: 1, removed: 0, from: 2 });
    expect(diffSummary({ f: 'x' }, { f: 'x' })).toBe('no change');
    expect(diffSummary({ 'games/g/variants/v.yaml': 'x' }, {})).toBe('v.yaml removed');
  });

  it('snapshots only edited files and files that exist only here', () => {
    expect(
      snapshotOf([
        { file: 'a', role: 'base', original: 'x', text: 'x' },
        { file: 'b', role: 'variant', original: 'x', text: 'y' },
        { file: 'c', role: 'variant', original: null, text: 'z' },
      ]),
    ).toEqual({ b: 'y', c: 'z' });
  });
});

describe('share links are untrusted', () => {
  it('refuses a link that inflates past the cap, without inflating it all', async () => {
    const huge = { game: 'g', files: { 'games/g/game.yaml': 'a'.repeat(MAX_INFLATED_BYTES + 10) }, variants: [], params: {} };
    const data = await encodeShare(huge);
    expect(data.length).toBeLessThan(MAX_INFLATED_BYTES / 100);
    const r = await decodeShare(data);
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/inflates to more than/) });
  });

  it('refuses params that are not values', async () => {
    const data = await encodeShare({ game: 'g', files: { 'games/g/game.yaml': 'x' }, variants: [], params: 5 as never });
    expect(await decodeShare(data)).toMatchObject({ ok: false, error: expect.stringMatching(/params/) });
  });

  it("accepts only the files of the link's own game", () => {
    expect(belongsTo('g', 'games/g/game.yaml')).toBe(true);
    expect(belongsTo('g', 'games/g/variants/six-dice.yaml')).toBe(true);
    expect(belongsTo('g', 'games/h/game.yaml')).toBe(false);
    expect(belongsTo('g', 'games/g/../h/game.yaml')).toBe(false);
    expect(belongsTo('g', 'games/gg/game.yaml')).toBe(false);
  });
});

describe('addresses', () => {
  it('says that #/% is not a valid link instead of throwing', () => {
    const r = parseRoute('#/%');
    expect(r).toMatchObject({ page: 'gallery', problem: expect.stringMatching(/not a valid link/) });
    expect(parseRoute('#/%E0%A4%A?x=1')).toMatchObject({ page: 'gallery' });
  });
});
