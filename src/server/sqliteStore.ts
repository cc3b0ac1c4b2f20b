/**
 * The embedded store: one SQLite file through better-sqlite3, in WAL mode with full synchronous
 * commits, so a move is on disk before anyone is told of it and a server killed at any moment
 * restarts with every acknowledged move. The schema is versioned (`PRAGMA user_version`) and
 * migrated at start.
 */
import Database from 'better-sqlite3';
import {
  eventOf,
  type ClaimResult,
  type EventRecord,
  type EventRow,
  type RoomRecord,
  type RoomRules,
  type RoomStore,
  type SecretRecord,
} from './store.ts';
import { MIGRATIONS } from './migrations.ts';

interface RoomRow {
  id: string;
  rules: string;
  seed: string;
  seq: number;
  created: number;
}
interface SecretRow {
  kind: string;
  seat: number | null;
  hash: string;
  used: number;
}

/** Runs the migrations the file has not had yet, each in its own transaction. */
const migrate = (db: Database.Database): void => {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length)
    throw new Error(`the database file is of a newer houserules (schema ${version}, this one knows ${MIGRATIONS.length})`);
  MIGRATIONS.slice(version).forEach((sql, i) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + i + 1}`);
    })();
  });
};

export const openSqliteStore = (file: string): RoomStore => {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  const insertRoom = db.prepare('INSERT INTO rooms (id, rules, seed, seq, created) VALUES (?, ?, ?, ?, ?)');
  const insertSecret = db.prepare('INSERT INTO secrets (room, kind, seat, hash, used) VALUES (?, ?, ?, ?, ?)');
  const selectRoom = db.prepare<[string], RoomRow>('SELECT id, rules, seed, seq, created FROM rooms WHERE id = ?');
  const selectEvents = db.prepare<[string, number], EventRow>('SELECT seq, kind, move FROM events WHERE room = ? AND seq > ? ORDER BY seq');
  const selectSecrets = db.prepare<[string], SecretRow>('SELECT kind, seat, hash, used FROM secrets WHERE room = ?');
  const bumpSeq = db.prepare('UPDATE rooms SET seq = seq + 1 WHERE id = ? AND seq = ?');
  const insertEvent = db.prepare('INSERT INTO events (room, seq, kind, move, at) VALUES (?, ?, ?, ?, ?)');
  const spendInvite = db.prepare("UPDATE secrets SET used = 1 WHERE room = ? AND kind = 'invite' AND hash = ? AND used = 0");
  const inviteSeat = db.prepare<[string, string], { seat: number | null; used: number }>(
    "SELECT seat, used FROM secrets WHERE room = ? AND kind = 'invite' AND hash = ?",
  );

  const create = db.transaction((room: RoomRecord, secrets: readonly SecretRecord[]) => {
    insertRoom.run(room.id, JSON.stringify(room.rules), room.seed, room.seq, room.created);
    for (const s of secrets) insertSecret.run(room.id, s.kind, s.seat, s.hash, s.used ? 1 : 0);
  });
  const appendOne = (id: string, expected: number, event: EventRecord): boolean => {
    if (event.seq !== expected + 1 || bumpSeq.run(id, expected).changes !== 1) return false;
    insertEvent.run(id, event.seq, event.kind, event.kind === 'move' ? JSON.stringify(event.move) : null, Date.now());
    return true;
  };
  // Group commit: the appends asked for in one turn of the event loop share one transaction, so
  // one disk flush makes all of them durable, and nobody is answered before it.
  type Append = { id: string; expected: number; event: EventRecord; done: (stored: boolean) => void; failed: (error: unknown) => void };
  let batch: Append[] = [];
  const commit = db.transaction((appends: readonly Append[]) => appends.map((a) => appendOne(a.id, a.expected, a.event)));
  const flush = (): void => {
    const appends = batch;
    batch = [];
    try {
      const stored = commit(appends);
      appends.forEach((a, i) => a.done(stored[i] === true));
    } catch (error) {
      for (const a of appends) a.failed(error);
    }
  };
  const claim = db.transaction((id: string, inviteHash: string, tokenHash: string): ClaimResult => {
    const invite = inviteSeat.get(id, inviteHash);
    if (!invite || invite.seat === null) return 'unknown';
    if (spendInvite.run(id, inviteHash).changes !== 1) return 'used';
    insertSecret.run(id, 'seat', invite.seat, tokenHash, 0);
    return { seat: invite.seat };
  });

  return {
    createRoom: async (room, secrets) => {
      create(room, secrets);
    },
    room: async (id) => {
      const row = selectRoom.get(id);
      return row && { id: row.id, rules: JSON.parse(row.rules) as RoomRules, seed: row.seed, seq: row.seq, created: row.created };
    },
    events: async (id, after = 0) => selectEvents.all(id, after).map(eventOf),
    secrets: async (id) =>
      selectSecrets.all(id).map((r) => ({ kind: r.kind as SecretRecord['kind'], seat: r.seat, hash: r.hash, used: r.used === 1 })),
    append: (id, expected, event) =>
      new Promise<boolean>((done, failed) => {
        if (batch.length === 0) setImmediate(flush);
        batch.push({ id, expected, event, done, failed });
      }),
    claim: async (id, inviteHash, tokenHash) => claim(id, inviteHash, tokenHash),
    close: async () => {
      db.close();
    },
  };
};
