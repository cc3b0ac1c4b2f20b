/**
 * The store on PostgreSQL, for several server processes sharing one database: the same schema and
 * the same interface as SQLite's. A move is appended by one statement that moves the room's event
 * count from the number it expects (under PostgreSQL's row lock, two processes can never both
 * append event n), inserts the event and NOTIFYs the channel every process LISTENs on, so the
 * others learn of it only once it is committed — PostgreSQL's own messaging, no broker to run.
 */
import pg from 'pg';
import { MIGRATIONS } from './migrations.ts';
import { eventOf, type ClaimResult, type EventRow, type RoomRecord, type RoomRules, type RoomStore, type SecretRecord } from './store.ts';

const CHANNEL = 'houserules_events';
/** Any fixed number: the lock that lets one starting process migrate while the others wait. */
const MIGRATION_LOCK = 4_815_162_342;

interface RoomRow {
  id: string;
  rules: string;
  seed: string;
  seq: number;
  created: string;
}

/** Runs what the database has not had of the migrations, one process at a time. */
const migrate = async (client: pg.PoolClient): Promise<void> => {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS houserules_schema (version INTEGER NOT NULL)');
    const row = (await client.query<{ version: number }>('SELECT version FROM houserules_schema')).rows[0];
    const version = row?.version ?? 0;
    if (version > MIGRATIONS.length)
      throw new Error(`the database is of a newer houserules (schema ${version}, this one knows ${MIGRATIONS.length})`);
    for (const sql of MIGRATIONS.slice(version)) await client.query(sql);
    if (row) await client.query('UPDATE houserules_schema SET version = $1', [MIGRATIONS.length]);
    else await client.query('INSERT INTO houserules_schema (version) VALUES ($1)', [MIGRATIONS.length]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
};

const inTransaction = async <T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

export const openPgStore = async (url: string): Promise<RoomStore> => {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const first = await pool.connect();
  try {
    await migrate(first);
  } finally {
    first.release();
  }
  const listeners: ((room: string, seq: number) => void)[] = [];
  // LISTEN needs a connection of its own, kept open: a pooled one could be handed to a query.
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  listener.on('notification', (message) => {
    const [room = '', seq = ''] = (message.payload ?? '').split(':');
    for (const l of listeners) l(room, Number(seq));
  });
  await listener.query(`LISTEN ${CHANNEL}`);

  return {
    createRoom: (room: RoomRecord, secrets: readonly SecretRecord[]) =>
      inTransaction(pool, async (client) => {
        await client.query('INSERT INTO rooms (id, rules, seed, seq, created) VALUES ($1, $2, $3, $4, $5)', [
          room.id,
          JSON.stringify(room.rules),
          room.seed,
          room.seq,
          room.created,
        ]);
        for (const s of secrets)
          await client.query('INSERT INTO secrets (room, kind, seat, hash, used) VALUES ($1, $2, $3, $4, $5)', [
            room.id,
            s.kind,
            s.seat,
            s.hash,
            s.used ? 1 : 0,
          ]);
      }),
    room: async (id) => {
      const row = (await pool.query<RoomRow>('SELECT id, rules, seed, seq, created FROM rooms WHERE id = $1', [id])).rows[0];
      return (
        row && { id: row.id, rules: JSON.parse(row.rules) as RoomRules, seed: row.seed, seq: Number(row.seq), created: Number(row.created) }
      );
    },
    events: async (id, after = 0) =>
      (await pool.query<EventRow>('SELECT seq, kind, move FROM events WHERE room = $1 AND seq > $2 ORDER BY seq', [id, after])).rows.map(
        eventOf,
      ),
    secrets: async (id) =>
      (
        await pool.query<{ kind: string; seat: number | null; hash: string; used: number }>(
          'SELECT kind, seat, hash, used FROM secrets WHERE room = $1',
          [id],
        )
      ).rows.map((r) => ({
        kind: r.kind as SecretRecord['kind'],
        seat: r.seat,
        hash: r.hash,
        used: Number(r.used) === 1,
      })),
    append: async (id, expected, event) => {
      if (event.seq !== expected + 1) return false;
      // One statement, so one round trip and its own transaction: the row lock makes a second
      // process wait at the UPDATE, then find the count moved on (no row, nothing inserted).
      const appended = await pool.query(
        `WITH bumped AS (UPDATE rooms SET seq = seq + 1 WHERE id = $1 AND seq = $2 RETURNING id),
              added AS (INSERT INTO events (room, seq, kind, move, at) SELECT id, $3, $4, $5, $6 FROM bumped RETURNING room)
         SELECT pg_notify($7, $8) FROM added`,
        [
          id,
          expected,
          event.seq,
          event.kind,
          event.kind === 'move' ? JSON.stringify(event.move) : null,
          Date.now(),
          CHANNEL,
          `${id}:${event.seq}`,
        ],
      );
      return appended.rowCount === 1;
    },
    claim: (id, inviteHash, tokenHash) =>
      inTransaction(pool, async (client): Promise<ClaimResult> => {
        const invite = (
          await client.query<{ seat: number | null }>("SELECT seat FROM secrets WHERE room = $1 AND kind = 'invite' AND hash = $2", [
            id,
            inviteHash,
          ])
        ).rows[0];
        if (!invite || invite.seat === null) return 'unknown';
        const spent = await client.query("UPDATE secrets SET used = 1 WHERE room = $1 AND kind = 'invite' AND hash = $2 AND used = 0", [
          id,
          inviteHash,
        ]);
        if (spent.rowCount !== 1) return 'used';
        await client.query("INSERT INTO secrets (room, kind, seat, hash, used) VALUES ($1, 'seat', $2, $3, 0)", [
          id,
          invite.seat,
          tokenHash,
        ]);
        return { seat: invite.seat };
      }),
    subscribe: (listener) => {
      listeners.push(listener);
    },
    close: async () => {
      await listener.end();
      await pool.end();
    },
  };
};
