/**
 * A hand-written engine of Regicide (R-1…R-9), with the house rules and official extras as
 * switches (R-H1…R-H4, R-O1…R-O3), matching games/regicide/game.yaml: the same card ids, the same
 * zone orders and the same PRNG draws (shuffles, hearts), so the same seed and moves leave the
 * same cards in every zone. The speed limit for the bench and an oracle for the interpreter
 * (tests/runtime/oracle.test.ts). Never imported by src/.
 */
import { Rng, seedRng } from '../../src/runtime/rng.ts';

export interface Card {
  readonly id: string;
  readonly rank: string;
  readonly suit: string;
  readonly value: number;
  readonly attack: number;
  readonly health: number;
}

export interface RegicideRules {
  readonly players: number;
  readonly immunity: boolean;
  readonly jester: boolean;
  readonly companions: boolean;
  readonly enemiesInHand: boolean;
  readonly combos: boolean;
  readonly yieldLimit: boolean;
  /** With the yield limit, may a solo player yield (the disputed reading of R-O2)? */
  readonly soloYield: boolean;
  /** Whole rounds of yields that change nothing before the castle holds (0: never). */
  readonly stallRounds: number;
  /** Jesters set aside as solo flips (R-O3). */
  readonly flips: number;
}

export const BASE_RULES: Omit<RegicideRules, 'players'> = {
  immunity: false,
  jester: false,
  companions: false,
  enemiesInHand: false,
  combos: false,
  yieldLimit: false,
  soloYield: false,
  stallRounds: 2,
  flips: 0,
};

/** The published game (immunity, Jester, companions, enemies in hand, combos, yield limit), and solo's flips. */
export const SOLO_PUBLISHED: RegicideRules = {
  players: 1,
  immunity: true,
  jester: true,
  companions: true,
  enemiesInHand: true,
  combos: true,
  yieldLimit: true,
  soloYield: false,
  stallRounds: 2,
  flips: 2,
};

export type RegicideMove =
  | { readonly move: 'play' | 'discard'; readonly cards: readonly Card[] }
  | { readonly move: 'yield' | 'flip' }
  | { readonly move: 'chooseNext'; readonly next: number };

type Phase = 'choose' | 'choosing' | 'suffer' | 'over';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['hearts', 'diamonds', 'clubs', 'spades'];
const HAND = [8, 7, 6, 5];
const JESTERS = [0, 0, 1, 2];
const COMBO_SIZE = 4;
const COMBO_LIMIT = 10;

const card = (id: number, rank: string, suit: string): Card => {
  const attack = rank === 'J' ? 10 : rank === 'Q' ? 15 : rank === 'K' ? 20 : 0;
  const i = RANKS.indexOf(rank);
  return { id: `card-${id}`, rank, suit, value: i >= 0 && i < 10 ? i + 1 : attack, attack, health: 2 * attack };
};

/** The 54 cards in the spec's order: two Jesters, then A…K of each suit. */
export const deck = (): Card[] => {
  const cards = [card(1, 'jester', 'none'), card(2, 'jester', 'none')];
  for (const suit of SUITS) for (const rank of RANKS) cards.push(card(cards.length + 1, rank, suit));
  return cards;
};

const isEnemy = (c: Card): boolean => c.health > 0;
const isJester = (c: Card): boolean => c.rank === 'jester';

export class Regicide {
  box: Card[];
  castle: Card[] = [];
  tavern: Card[] = [];
  readonly hands: Card[][];
  played: Card[] = [];
  discard: Card[] = [];
  flips: Card[] = [];
  active = 0;
  turn = 0;
  defeated = 0;
  /** True: the players won; false: they lost; null: still playing. */
  won: boolean | null = null;
  private phase: Phase = 'choose';
  private attack = 0;
  private suits: string[] = [];
  private jesterPlayed = false;
  private damage = 0;
  private shield = 0;
  private dormantShield = 0;
  private immunityOff = false;
  private incoming = 0;
  private idleYields = 0;
  private readonly yielded: boolean[];
  private readonly maxHand: number;
  private readonly rng: Rng;

  constructor(
    readonly rules: RegicideRules,
    seed: number | string,
  ) {
    const n = rules.players;
    this.rng = new Rng(seedRng(seed));
    this.maxHand = HAND[n - 1] as number;
    this.hands = Array.from({ length: n }, () => []);
    this.yielded = Array.from({ length: n }, () => false);
    this.box = this.rng.shuffle(deck());
    for (const rank of ['K', 'Q', 'J']) this.castle = [...this.take(this.box, (c) => c.rank === rank), ...this.castle];
    this.tavern = this.take(this.box, (c) => !isJester(c));
    this.tavern = [...this.box.splice(0, JESTERS[n - 1] as number), ...this.tavern];
    this.flips = this.box.splice(0, rules.flips);
    this.tavern = this.rng.shuffle(this.tavern);
    for (let round = 0; round < this.maxHand; round++) {
      for (let seat = 0; seat < n; seat++) {
        const top = this.tavern.shift();
        if (top) (this.hands[seat] as Card[]).push(top);
      }
    }
    this.settleChoose();
  }

  /** Removes and returns the cards of `zone` that pass, in order. */
  private take(zone: Card[], test: (c: Card) => boolean): Card[] {
    const out = zone.filter(test);
    const rest = zone.filter((c) => !test(c));
    zone.length = 0;
    zone.push(...rest);
    return out;
  }

  get over(): boolean {
    return this.phase === 'over';
  }

  private enemy(): Card {
    return this.castle[0] as Card;
  }

  private playable(c: Card): boolean {
    return !isEnemy(c) || this.rules.enemiesInHand;
  }

  private worth(c: Card): number {
    return this.playable(c) ? c.value : 0;
  }

  private mayYield(): boolean {
    const n = this.rules.players;
    if (!this.rules.yieldLimit) return true;
    return n === 1 ? this.rules.soloYield : !this.yielded.every((y, s) => s === this.active || y);
  }

  private validPlay(cards: readonly Card[]): boolean {
    if (!cards.every((c) => this.playable(c))) return false;
    if (cards.length === 1) return true;
    if (cards.some(isJester)) return false;
    const companion = this.rules.companions && cards.length === 2 && cards.some((c) => c.rank === 'A');
    if (companion) return true;
    const rank = (cards[0] as Card).rank;
    return (
      this.rules.combos &&
      cards.length <= COMBO_SIZE &&
      cards.every((c) => c.rank === rank && c.rank !== 'A' && !isEnemy(c)) &&
      cards.reduce((a, c) => a + c.value, 0) <= COMBO_LIMIT
    );
  }

  /** Subsets of `hand` of `min`…`max` cards, in the order the spec's enumeration gives them. */
  private subsets(
    hand: readonly Card[],
    min: number,
    max: number,
    keep: (cards: Card[]) => boolean,
    out: RegicideMove[],
    move: 'play' | 'discard',
  ): void {
    const chosen: Card[] = [];
    const walk = (i: number): void => {
      if (chosen.length > max || hand.length - i + chosen.length < min) return;
      if (i === hand.length) {
        if (keep(chosen)) out.push({ move, cards: chosen.slice() });
        return;
      }
      chosen.push(hand[i] as Card);
      walk(i + 1);
      chosen.pop();
      walk(i + 1);
    };
    walk(0);
  }

  legal(): RegicideMove[] {
    const out: RegicideMove[] = [];
    const hand = this.hands[this.active] as Card[];
    if (this.phase === 'choose') {
      const maxPlay = Math.max(this.rules.combos ? COMBO_SIZE : 1, this.rules.companions ? 2 : 1);
      this.subsets(hand, 1, maxPlay, (cards) => this.validPlay(cards), out, 'play');
      if (this.mayYield()) out.push({ move: 'yield' });
      if (this.flips.length > 0) out.push({ move: 'flip' });
    } else if (this.phase === 'suffer') {
      this.subsets(hand, 1, hand.length, (cards) => cards.reduce((a, c) => a + this.worth(c), 0) >= this.incoming, out, 'discard');
      if (this.flips.length > 0) out.push({ move: 'flip' });
    } else if (this.phase === 'choosing') {
      for (let next = 0; next < this.rules.players; next++) out.push({ move: 'chooseNext', next });
    }
    return out;
  }

  apply(m: RegicideMove): void {
    switch (m.move) {
      case 'play':
        return this.play(m.cards);
      case 'yield':
        this.yielded[this.active] = true;
        return this.suffer();
      case 'flip':
        this.flip();
        if (this.phase === 'choose') this.settleChoose();
        else this.settleSuffer();
        return;
      case 'discard': {
        const ids = new Set(m.cards.map((c) => c.id));
        const hand = this.hands[this.active] as Card[];
        this.discard = [...hand.filter((c) => ids.has(c.id)), ...this.discard];
        this.hands[this.active] = hand.filter((c) => !ids.has(c.id));
        this.idleYields = 0;
        return this.nextTurn();
      }
      case 'chooseNext':
        this.active = m.next;
        this.turn++;
        this.phase = 'choose';
        return this.settleChoose();
    }
  }

  private flip(): void {
    const seat = this.active;
    this.discard = [...(this.hands[seat] as Card[]), ...this.discard];
    this.hands[seat] = this.tavern.splice(0, this.maxHand);
    this.box = [...this.flips.splice(0, 1), ...this.box];
  }

  private power(suit: string): boolean {
    return this.suits.includes(suit) && (!this.rules.immunity || this.immunityOff || this.enemy().suit !== suit);
  }

  private play(cards: readonly Card[]): void {
    const seat = this.active;
    const ids = new Set(cards.map((c) => c.id));
    const hand = this.hands[seat] as Card[];
    this.played = [...hand.filter((c) => ids.has(c.id)), ...this.played];
    this.hands[seat] = hand.filter((c) => !ids.has(c.id));
    this.attack = cards.reduce((a, c) => a + c.value, 0);
    this.suits = [...new Set(cards.filter((c) => !isJester(c)).map((c) => c.suit))];
    this.jesterPlayed = cards.some(isJester);
    this.idleYields = 0;
    this.yielded[seat] = false;
    if (this.jesterPlayed && this.rules.immunity) {
      this.immunityOff = true;
      if (this.rules.jester) {
        this.shield += this.dormantShield;
        this.dormantShield = 0;
      }
    }
    if (this.power('hearts')) {
      this.discard = this.rng.shuffle(this.discard);
      this.tavern.push(...this.discard.splice(0, this.attack));
    }
    if (this.power('diamonds')) {
      let toDraw = this.attack;
      let seatToDraw = seat;
      const n = this.rules.players;
      while (toDraw > 0 && this.tavern.length > 0 && this.hands.some((h) => h.length < this.maxHand)) {
        const h = this.hands[seatToDraw] as Card[];
        if (h.length < this.maxHand) {
          h.push(this.tavern.shift() as Card);
          toDraw--;
        }
        seatToDraw = (seatToDraw + 1) % n;
      }
    }
    if (this.suits.includes('spades')) {
      if (this.power('spades')) this.shield += this.attack;
      else this.dormantShield += this.attack;
    }
    this.damage += this.power('clubs') ? 2 * this.attack : this.attack;
    const foe = this.enemy();
    if (this.damage >= foe.health) return this.defeat(foe);
    if (this.rules.jester && this.jesterPlayed) {
      this.phase = 'choosing';
      return;
    }
    this.suffer();
  }

  private defeat(foe: Card): void {
    this.castle.shift();
    if (this.damage === foe.health) this.tavern.unshift(foe);
    else this.discard.unshift(foe);
    this.discard = [...this.played, ...this.discard];
    this.played = [];
    this.damage = 0;
    this.shield = 0;
    this.dormantShield = 0;
    this.immunityOff = false;
    this.defeated++;
    if (this.castle.length === 0) {
      this.won = true;
      this.phase = 'over';
      return;
    }
    this.phase = 'choose';
    this.settleChoose();
  }

  private suffer(): void {
    this.incoming = Math.max(0, this.enemy().attack - this.shield);
    this.phase = 'suffer';
    this.settleSuffer();
  }

  private settleSuffer(): void {
    if (this.incoming === 0) {
      if (this.yielded[this.active]) this.idleYields++;
      return this.nextTurn();
    }
    const total = (this.hands[this.active] as Card[]).reduce((a, c) => a + this.worth(c), 0);
    if (total < this.incoming && this.flips.length === 0) this.lose();
  }

  private canPlay(seat: number): boolean {
    return (this.hands[seat] as Card[]).some((c) => this.playable(c));
  }

  private settleChoose(): void {
    const n = this.rules.players;
    const noFlips = this.flips.length === 0;
    let anyone = false;
    for (let s = 0; s < n; s++) if (this.canPlay(s)) anyone = true;
    const hopeless = !anyone && noFlips;
    const stalled = this.rules.stallRounds > 0 && this.idleYields >= this.rules.stallRounds * n;
    const cornered = !this.canPlay(this.active) && !this.mayYield() && noFlips;
    if (hopeless || stalled || cornered) this.lose();
  }

  private lose(): void {
    this.won = false;
    this.phase = 'over';
  }

  private nextTurn(): void {
    this.active = (this.active + 1) % this.rules.players;
    this.turn++;
    this.phase = 'choose';
    this.settleChoose();
  }
}
