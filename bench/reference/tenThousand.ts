/**
 * A hand-written engine of 10,000's base rules (T-B1…T-B14 with the default params of
 * games/ten-thousand/game.yaml: exact 10,000, entry 500, no 50s, three ticks strike a level,
 * bumping, take-back, every scoring die kept). It is the speed limit the interpreter is measured
 * against (bench/run.ts) and an oracle for it (tests/runtime/oracle.test.ts): it draws the dice
 * from the same PRNG in the same order, so the same seed and moves give the same game.
 * Never imported by src/.
 */
import { Rng, seedRng } from '../../src/runtime/rng.ts';

export type TenThousandMove = 'roll' | 'bank' | 'takeBack' | 'fresh';

type Phase = 'start' | 'ready' | 'decide' | 'over';

const TARGET = 10_000;
const ENTRY = 500;
const MIN_BANK = 200;
const TICKS_TO_FALL = 3;
const DICE = 5;

const triple = (face: number): number => (face === 1 ? 1000 : 100 * face);

/** The best reading of a roll (T-B5): points and how many dice score. */
export const scoreRoll = (faces: readonly number[]): { points: number; used: number } => {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const f of faces) counts[f] = (counts[f] as number) + 1;
  if (
    faces.length === 5 &&
    counts[2] === 1 &&
    counts[3] === 1 &&
    counts[4] === 1 &&
    counts[5] === 1 &&
    (counts[1] === 1 || counts[6] === 1)
  ) {
    return { points: 1500, used: 5 };
  }
  let points = 0;
  let used = 0;
  for (let f = 1; f <= 6; f++) {
    const c = counts[f] as number;
    if (c >= 3) {
      points += triple(f) * (c === 3 ? 1 : c === 4 ? 2 : 4);
      used += c;
    } else if (f === 1 || f === 5) {
      points += (f === 1 ? 100 : 50) * c;
      used += c;
    }
  }
  return { points, used };
};

export class TenThousand {
  readonly levels: number[][];
  readonly ticks: number[];
  active = 0;
  turn = 0;
  winner = -1;
  private phase: Phase = 'ready';
  private turnPoints = 0;
  private mustRoll = false;
  private leftPoints = 0;
  private leftDice = 0;
  private takingBack = false;
  /** Dice free to roll; the others are set aside. */
  private free = DICE;
  private readonly rng: Rng;

  constructor(
    readonly players: number,
    seed: number | string,
  ) {
    this.levels = Array.from({ length: players }, () => []);
    this.ticks = Array.from({ length: players }, () => 0);
    this.rng = new Rng(seedRng(seed));
    this.startTurn();
  }

  get over(): boolean {
    return this.phase === 'over';
  }

  level(seat: number): number {
    const ladder = this.levels[seat] as number[];
    return ladder.length === 0 ? 0 : (ladder[ladder.length - 1] as number);
  }

  legal(): TenThousandMove[] {
    switch (this.phase) {
      case 'start':
        return ['takeBack', 'fresh'];
      case 'ready':
        return ['roll'];
      case 'decide':
        return this.mayBank() ? ['roll', 'bank'] : ['roll'];
      default:
        return [];
    }
  }

  private mayBank(): boolean {
    const entered = (this.levels[this.active] as number[]).length > 0;
    return (
      !this.mustRoll && this.turnPoints % 100 === 0 && (entered || this.turnPoints >= ENTRY) && (!entered || this.turnPoints >= MIN_BANK)
    );
  }

  apply(move: TenThousandMove): void {
    if (move === 'takeBack') {
      this.turnPoints = this.leftPoints;
      this.takingBack = true;
      this.free = this.leftDice;
      this.phase = 'ready';
    } else if (move === 'fresh') {
      this.leftDice = 0;
      this.phase = 'ready';
    } else if (move === 'roll') this.roll();
    else this.bank();
  }

  private startTurn(): void {
    this.free = DICE;
    this.turnPoints = 0;
    this.mustRoll = false;
    this.takingBack = false;
    this.phase = this.leftDice === 0 ? 'ready' : 'start';
  }

  private roll(): void {
    const faces: number[] = [];
    for (let i = 0; i < this.free; i++) faces.push(1 + this.rng.below(6));
    this.mustRoll = false;
    const { points, used } = scoreRoll(faces);
    if (this.takingBack && points === 0) {
      this.leftDice = 0;
      this.startTurn();
      return;
    }
    if (points === 0) {
      this.tick();
      return;
    }
    this.turnPoints += points;
    this.free -= used;
    this.takingBack = false;
    if (this.free === 0) {
      this.free = DICE;
      this.mustRoll = true;
    }
    this.phase = 'decide';
  }

  private bank(): void {
    const seat = this.active;
    const newLevel = this.level(seat) + this.turnPoints;
    this.leftPoints = this.turnPoints;
    this.leftDice = this.free;
    if (newLevel > TARGET) {
      this.leftDice = 0;
      this.tick();
      return;
    }
    (this.levels[seat] as number[]).push(newLevel);
    this.ticks[seat] = 0;
    for (let other = 0; other < this.players; other++) {
      if (other !== seat && this.level(other) === newLevel) (this.levels[other] as number[]).pop();
    }
    if (newLevel >= TARGET) {
      this.winner = seat;
      this.phase = 'over';
      return;
    }
    this.nextTurn();
  }

  private tick(): void {
    const seat = this.active;
    this.ticks[seat] = (this.ticks[seat] as number) + 1;
    this.leftDice = 0;
    if ((this.ticks[seat] as number) >= TICKS_TO_FALL) {
      (this.levels[seat] as number[]).pop();
      this.ticks[seat] = 0;
    }
    this.nextTurn();
  }

  private nextTurn(): void {
    this.active = (this.active + 1) % this.players;
    this.turn++;
    this.startTurn();
  }
}
