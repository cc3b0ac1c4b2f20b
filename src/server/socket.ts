/**
 * One room's socket: reads every message through the protocol's reader, in the order it came,
 * and keeps the socket within its limits. A malformed, too long or too frequent message gets an
 * error frame and counts as a strike; past `socketStrikes` the socket is closed. Nothing a client
 * sends can throw out of here.
 */
import { WebSocket, type RawData } from 'ws';
import { LIMITS } from '../limits.ts';
import type { Connection, Hub } from './hub.ts';
import { readClientMessage, type ErrorCode, type ServerMessage } from './protocol.ts';

/** ws closes a socket at once past this; below it, a long message is refused with a frame. */
export const MAX_PAYLOAD = LIMITS.messageBytes * 4;
const HEARTBEAT_MS = 30_000;

const sizeOf = (data: RawData): number =>
  Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data instanceof ArrayBuffer ? data.byteLength : data.length;
const textOf = (data: RawData): string => (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString('utf8');

export const attachSocket = (ws: WebSocket, roomId: string, hub: Hub, now: () => number = Date.now): void => {
  const connection: Connection = {
    send: (message: ServerMessage) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    },
    close: (code, reason) => ws.close(code, reason),
  };
  let allowance = LIMITS.messagesPerSecond * 2;
  let checked = now();
  let strikes = 0;
  let greeted = false;
  let alive = true;
  let chain: Promise<void> = Promise.resolve();

  const strike = (code: ErrorCode, message: string): void => {
    connection.send({ type: 'error', code, message });
    strikes += 1;
    if (strikes >= LIMITS.socketStrikes) ws.close(1008, 'too many refused messages');
  };
  const withinRate = (): boolean => {
    const t = now();
    allowance = Math.min(LIMITS.messagesPerSecond * 2, allowance + ((t - checked) / 1000) * LIMITS.messagesPerSecond);
    checked = t;
    if (allowance < 1) return false;
    allowance -= 1;
    return true;
  };
  const internal = (error: unknown): void => {
    connection.send({
      type: 'error',
      code: 'server-error',
      message: `the server failed on this message: ${error instanceof Error ? error.message : String(error)}`,
    });
  };

  ws.on('message', (data, isBinary) => {
    if (!withinRate()) return strike('rate-limited', `more than ${LIMITS.messagesPerSecond} messages a second: this one was dropped`);
    if (sizeOf(data) > LIMITS.messageBytes) return strike('too-large', `a message may have ${LIMITS.messageBytes} bytes at most`);
    if (isBinary) return strike('bad-message', 'messages are JSON text');
    const read = readClientMessage(textOf(data));
    if (!read.ok) return strike(read.code, read.message);
    const message = read.value;
    if (message.type === 'ping') return connection.send({ type: 'pong' });
    if (message.type === 'hello') {
      if (greeted) return strike('bad-message', 'a socket says hello once');
      greeted = true;
    } else if (!greeted)
      return strike('hello-first', 'the first message must be {"type": "hello", "token": "..."} (no token: a spectator)');
    // One message of a socket at a time, in the order they came.
    chain = chain
      .then(() =>
        message.type === 'hello'
          ? hub.hello(connection, message, roomId)
          : message.type === 'move'
            ? hub.move(connection, message)
            : message.type === 'undo'
              ? hub.undo(connection, message)
              : undefined,
      )
      .catch(internal);
  });
  ws.on('pong', () => {
    alive = true;
  });
  const heartbeat = setInterval(() => {
    if (!alive) return ws.terminate();
    alive = false;
    ws.ping();
  }, HEARTBEAT_MS);
  ws.on('close', () => {
    clearInterval(heartbeat);
    hub.leave(connection);
  });
  ws.on('error', () => ws.terminate());
};
