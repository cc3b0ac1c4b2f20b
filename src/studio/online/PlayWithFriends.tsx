/**
 * "Play with friends": makes a room of the game server from the game as it is in the editor —
 * its text, switched-on house rules, params, number of players and bot seats — takes the seat the
 * person chooses, and gives an invite link for every other person's seat. The room keeps these
 * rules: a later edit needs a new room ("Rematch with my edited rules" is this same dialog again).
 */
import { useState } from 'react';
import type { AnalysisInput } from '../analysis/protocol.ts';
import { useModal } from '../app/useModal.ts';
import { saveRoomPass } from '../persist/storage.ts';
import { isBot, type SeatKind } from '../play/seats.ts';
import type { People } from '../play/gameInfo.ts';
import { claimSeat, createRoom, linkTo, roomRequest, type MadeRoom } from './api.ts';
import { formatList, useT } from '../i18n/index.ts';

interface Props {
  source: AnalysisInput;
  players: number;
  seats: readonly SeatKind[];
  people: People | null;
  onClose: () => void;
}

type Step = { kind: 'choose' } | { kind: 'making' } | { kind: 'made'; room: MadeRoom; mine: number } | { kind: 'failed'; message: string };

export const PlayWithFriends = ({ source, players, seats, people, onClose }: Props) => {
  const ref = useModal();
  const t = useT();
  const bots = Array.from({ length: players }, (_, seat) => (isBot(seats[seat]) ? (seats[seat] as string) : null));
  const humans = bots.flatMap((b, seat) => (b === null ? [seat] : []));
  const [mine, setMine] = useState<number>(humans[0] ?? 0);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const name = (seat: number): string => people?.seat(seat) ?? t('online.player', { n: seat + 1 });

  const make = async (): Promise<void> => {
    setStep({ kind: 'making' });
    const made = await createRoom(roomRequest(source, players, bots));
    if (!made.ok) return setStep({ kind: 'failed', message: made.message });
    const room = made.value;
    const own = room.seats[mine];
    const claimed = own?.invite ? await claimSeat(room.room, own.invite) : null;
    if (claimed && !claimed.ok) return setStep({ kind: 'failed', message: claimed.message });
    const invites = room.seats.flatMap((s) => (s.path && s.seat !== mine ? [{ seat: s.seat, path: s.path }] : []));
    saveRoomPass(room.room, { ...(claimed?.ok ? { seat: claimed.value.seat, token: claimed.value.token } : {}), host: room.host, invites });
    setStep({ kind: 'made', room, mine });
  };

  return (
    <dialog
      ref={ref}
      className="history-dialog friends-dialog"
      aria-labelledby="friends-title"
      data-testid="friends-dialog"
      onClose={onClose}
    >
      <h2 id="friends-title">{t('online.playWithFriends')}</h2>
      {step.kind === 'choose' && (
        <>
          <p>
            {t('online.explain', { players })}
            {bots.some((b) => b !== null) &&
              ` ${t('online.explainBots', { list: formatList(bots.flatMap((b, s) => (b ? [t('online.botSeat', { name: name(s), bot: b })] : []))) })}`}
          </p>
          {humans.length > 0 ? (
            <label>
              {t('online.youPlay')}{' '}
              <select value={mine} onChange={(e) => setMine(Number(e.target.value))} data-testid="friends-seat">
                {humans.map((seat) => (
                  <option key={seat} value={seat}>
                    {name(seat)}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p>{t('online.allBots')}</p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn primary" onClick={() => void make()} data-testid="friends-make">
              {t('online.make')}
            </button>
            <button type="button" className="btn ghost" onClick={() => ref.current?.close()}>
              {t('common.cancel')}
            </button>
          </div>
        </>
      )}
      {step.kind === 'making' && <p role="status">{t('online.making')}</p>}
      {step.kind === 'failed' && (
        <>
          <p className="error-box" role="alert" data-testid="friends-problem">
            {step.message}
          </p>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={() => setStep({ kind: 'choose' })}>
              {t('online.tryAgain')}
            </button>
          </div>
        </>
      )}
      {step.kind === 'made' && (
        <>
          <p>{t('online.giveLinks')}</p>
          <ul className="invites" data-testid="friends-invites">
            {step.room.seats
              .filter((s) => s.path && s.seat !== step.mine)
              .map((s) => (
                <li key={s.seat}>
                  {name(s.seat)}:{' '}
                  <input
                    readOnly
                    value={linkTo(s.path as string)}
                    aria-label={t('online.inviteFor', { name: name(s.seat) })}
                    onFocus={(e) => e.currentTarget.select()}
                    data-testid={`invite-${s.seat}`}
                  />
                  <button type="button" className="btn small" onClick={() => void navigator.clipboard?.writeText(linkTo(s.path as string))}>
                    {t('online.copy')}
                  </button>
                </li>
              ))}
            <li>
              {t('online.watchers')}:{' '}
              <input
                readOnly
                value={linkTo(step.room.spectate)}
                aria-label={t('online.watchLink')}
                onFocus={(e) => e.currentTarget.select()}
              />
            </li>
          </ul>
          <div className="dialog-actions">
            <a className="btn primary" href={`#/room/${step.room.room}`} data-testid="friends-open">
              {t('online.open')}
            </a>
          </div>
        </>
      )}
    </dialog>
  );
};
