/**
 * A room's socket for the studio: says hello with this browser's token (none: a spectator), keeps
 * the latest state and every event, and after a drop connects again and says hello with the last
 * event it has, so it misses nothing. Moves and undos are sent on the state they were made on;
 * the server's refusals are kept to show.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Move } from '../../engine/types.ts';
import type { RoomEvent, SeatInfo, ServerMessage } from '../../server/protocol.ts';
import type { RoomPass } from '../persist/storage.ts';
import { t } from '../i18n/index.ts';

export type RoomState = Extract<ServerMessage, { type: 'state' }>;

export interface Room {
  readonly status: 'connecting' | 'open' | 'lost' | 'refused';
  readonly state: RoomState | null;
  /** Every event so far, in order, once each. */
  readonly events: readonly RoomEvent[];
  readonly seats: readonly SeatInfo[];
  readonly seat: number | null;
  readonly host: boolean;
  /** The server's last refusal, if it is still news. */
  readonly problem: string | null;
  move(move: Move): void;
  undo(): void;
  dismiss(): void;
}

const RETRY_MS = [500, 1000, 2000, 4000, 8000];

const socketUrl = (room: string): string => {
  const url = new URL(`api/rooms/${encodeURIComponent(room)}/socket`, new URL('./', window.location.href));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
};

/** The events with `incoming` added: one per seq, in order (a resume may repeat none, but a hello without seq sends all). */
export const mergeEvents = (known: readonly RoomEvent[], incoming: readonly RoomEvent[]): RoomEvent[] => {
  if (incoming.length === 0) return known as RoomEvent[];
  const bySeq = new Map(known.map((e) => [e.seq, e]));
  for (const e of incoming) bySeq.set(e.seq, e);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
};

export const useRoom = (room: string, pass: RoomPass | null): Room => {
  const [status, setStatus] = useState<Room['status']>('connecting');
  const [state, setState] = useState<RoomState | null>(null);
  const [events, setEvents] = useState<readonly RoomEvent[]>([]);
  const [seats, setSeats] = useState<readonly SeatInfo[]>([]);
  const [who, setWho] = useState<{ seat: number | null; host: boolean }>({ seat: null, host: false });
  const [problem, setProblem] = useState<string | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const lastSeq = useRef<number | undefined>(undefined);
  const seqNow = useRef(0);

  useEffect(() => {
    if (!pass) return undefined;
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = (): void => {
      const ws = new WebSocket(socketUrl(room));
      socket.current = ws;
      setStatus('connecting');
      ws.onopen = () => {
        ws.send(
          JSON.stringify({
            type: 'hello',
            ...(pass.token ? { token: pass.token } : {}),
            ...(pass.host ? { host: pass.host } : {}),
            ...(lastSeq.current !== undefined ? { seq: lastSeq.current } : {}),
          }),
        );
      };
      ws.onmessage = (message) => {
        let data: ServerMessage;
        try {
          data = JSON.parse(String(message.data)) as ServerMessage;
        } catch {
          return;
        }
        if (data.type === 'welcome') {
          attempt = 0;
          setStatus('open');
          setWho({ seat: data.seat, host: data.host });
          setSeats(data.seats);
        } else if (data.type === 'state') {
          lastSeq.current = data.seq;
          seqNow.current = data.seq;
          setState(data);
          setEvents((known) => mergeEvents(known, data.events));
        } else if (data.type === 'seats') setSeats(data.seats);
        else if (data.type === 'error') {
          setProblem(data.message);
          if (data.code === 'bad-token' || data.code === 'no-room') setStatus('refused');
        }
      };
      ws.onclose = (event) => {
        if (stopped || socket.current !== ws) return;
        // Refused for good (a token that opens nothing, no such room): do not knock again.
        if (event.code === 1008) {
          setStatus('refused');
          return;
        }
        setStatus('lost');
        retry = setTimeout(open, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket.current?.close();
      socket.current = null;
    };
  }, [room, pass]);

  const send = useCallback((message: unknown): void => {
    if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify(message));
    else setProblem(t('online.notConnected'));
  }, []);

  return {
    status,
    state,
    events,
    seats,
    seat: who.seat,
    host: who.host,
    problem,
    move: (move) => send({ type: 'move', seq: seqNow.current, move: { move: move.move, ...(move.args ? { args: move.args } : {}) } }),
    undo: () => send({ type: 'undo', seq: seqNow.current }),
    dismiss: () => setProblem(null),
  };
};
