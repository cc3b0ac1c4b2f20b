/**
 * The store's schema, one entry per version, never edited once shipped: a new version is a new
 * entry that changes the one before. Entry n brings a database from version n to n + 1. The SQL
 * is what SQLite and PostgreSQL both read (BIGINT for times in milliseconds).
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE rooms (
     id TEXT PRIMARY KEY,
     rules TEXT NOT NULL,
     seed TEXT NOT NULL,
     seq INTEGER NOT NULL,
     created BIGINT NOT NULL
   );
   CREATE TABLE events (
     room TEXT NOT NULL REFERENCES rooms (id),
     seq INTEGER NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('move', 'undo')),
     move TEXT,
     at BIGINT NOT NULL,
     PRIMARY KEY (room, seq)
   );
   CREATE TABLE secrets (
     room TEXT NOT NULL REFERENCES rooms (id),
     kind TEXT NOT NULL CHECK (kind IN ('seat', 'host', 'invite')),
     seat INTEGER,
     hash TEXT NOT NULL,
     used INTEGER NOT NULL DEFAULT 0
   );
   CREATE INDEX secrets_by_room ON secrets (room);`,
];
