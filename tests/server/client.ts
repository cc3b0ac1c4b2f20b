/** A scripted client of the game server for tests: the socket's frames in order, and waits for one. */
import WebSocket from 'ws';
import type { ServerMessage } from '../../src/server/protocol.ts';

export interface TestClient {
  readonly received: ServerMessage[];
  send(message: unknown): void;
  sendRaw(text: string): void;
  /** The first frame from `from` on that passes `test` (waits for it), and where it is. */
  next<T extends ServerMessage>(test: (m: ServerMessage) => m is T, timeoutMs?: number): Promise<T>;
  /** The last `state` frame so far. */
  state(): Extract<ServerMessage, { type: 'state' }> | undefined;
  closed(): Promise<{ code: number; reason: string }>;
  close(): void;
}

export const isType =
  <K extends ServerMessage['type']>(type: K) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: K }> =>
    m.type === type;

export const connect = (base: string, room: string): Promise<TestClient> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/rooms/${room}/socket`);
    const received: ServerMessage[] = [];
    let seen = 0;
    const waiters = new Set<() => void>();
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    ws.on('message', (data) => {
      received.push(JSON.parse(String(data)) as ServerMessage);
      for (const w of [...waiters]) w();
    });
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        received,
        send: (message) => ws.send(JSON.stringify(message)),
        sendRaw: (text) => ws.send(text),
        next: (test, timeoutMs = 10_000) =>
          new Promise((found, fail) => {
            const look = (): boolean => {
              for (; seen < received.length; seen++) {
                const m = received[seen] as ServerMessage;
                if (test(m)) {
                  seen++;
                  found(m);
                  return true;
                }
              }
              return false;
            };
            if (look()) return;
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              fail(
                new Error(
                  `no such frame within ${timeoutMs} ms; received: ${received.map((m) => (m.type === 'error' ? `error ${m.code}` : m.type)).join(', ')}`,
                ),
              );
            }, timeoutMs);
            const waiter = (): void => {
              if (look()) {
                clearTimeout(timer);
                waiters.delete(waiter);
              }
            };
            waiters.add(waiter);
            closed.then(() => waiter());
          }),
        state: () => received.filter(isType('state')).at(-1),
        closed: () => closed,
        close: () => ws.close(),
      }),
    );
  });

export const post = async (base: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
