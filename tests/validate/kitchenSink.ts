/**
 * A spec typed as GameSpec that uses every field and every alternative form of src/spec/types.ts.
 * It means nothing as a game; it proves the schema accepts whatever the type allows.
 */
import type { GameSpec } from '../../src/spec/types.ts';

export const KITCHEN_SINK: GameSpec = {
  id: 'kitchen-sink-2',
  title: 'Everything',
  description: 'Every field of the language.',
  players: { min: 1, max: 4, default: 2 },
  teams: { ids: ['red', 'blue'], assign: 'alternate', titles: { red: 'Red team', blue: 'Blue team' } },
  params: {
    target: {
      type: 'number',
      description: 'Points to win.',
      title: 'Target',
      rules: ['T-B4'],
      default: 10000,
      min: 500,
      max: 20000,
      step: 50,
    },
    hot: { type: 'bool', description: 'Hot dice.', title: 'Hot', rules: [], default: true },
    ending: { type: 'choice', description: 'How it ends.', default: 'exact', choices: ['exact', 'over'] },
  },
  components: {
    dice: {
      d6: {
        description: 'Six-sided.',
        faces: [1, 2, 3, 4, 5, 6],
        count: 'params.target > 0 ? 5 : 6',
        start: 'pool',
        props: { kept: { type: 'bool', initial: false } },
      },
      sign: { faces: ['+', '-'], count: 2, start: 'pool' },
    },
    cards: {
      castle: {
        description: 'Castle cards.',
        attributes: { rank: 'number', suit: 'string', royal: 'bool' },
        list: [{ rank: 1, suit: 'hearts', royal: false }],
        product: { rank: [11, 12, 13], suit: ['hearts', 'spades'], royal: [true] },
        derive: { attack: 'rank * 2' },
        where: 'rank > 0',
        copies: 'royal ? 1 : 2',
        start: 'deck',
        props: { damage: { type: 'number', initial: 0, description: 'Damage taken.' } },
      },
      jokers: { attributes: { n: 'number' }, list: [{ n: 1 }], copies: 2, start: 'deck' },
    },
  },
  zones: {
    pool: { description: 'The dice.', owner: 'game', holds: ['d6', 'sign'], ordered: false, visibility: 'public' },
    deck: { holds: ['castle', 'jokers'], ordered: true, visibility: 'top' },
    hand: { owner: 'player', holds: ['castle'], visibility: 'owner' },
    camp: { owner: 'team', holds: ['castle'], visibility: 'hidden' },
  },
  vars: {
    game: { round: { type: 'number', initial: 1 }, label: { type: 'string', initial: '"start"' } },
    player: {
      levels: { type: 'list<number>', initial: [0], description: 'The ladder.' },
      flags: { type: 'list<bool>', initial: [true, false] },
      names: { type: 'list<string>', initial: ['a'] },
      done: { type: 'bool', initial: false },
    },
    team: { strength: { type: 'number', initial: 'params.target / 100' } },
  },
  definitions: {
    best: { description: 'Best score.', params: { roll: 'list<number>' }, returns: 'number', body: 'max(roll)' },
    zero: { body: '0' },
  },
  scoring: {
    dice: {
      description: 'Dice combinations.',
      combos: {
        yam: { description: 'Five of a kind.', same: 5, points: 'face * 400' },
        kind: { same: { min: 3, max: 4 }, when: 'face != 1', points: 'face * 100 * (n - 2)' },
        full: { groups: [3, 2], points: 1500 },
        straight: { run: 5, points: 1500 },
        one: { faces: [1], points: 100 },
        given: { faces: 'params.target > 0 ? [5] : [6]', points: 50 },
      },
    },
  },
  turns: { first: 0, next: '(active + 1) % numPlayers' },
  moves: {
    roll: {
      title: 'Roll',
      description: 'Roll the dice.',
      rules: ['T-B1'],
      acknowledge: ['unoffered'],
      by: 'active',
      guard: 'true',
      effects: [
        { set: { 'game.round': 1, done: true, label: 'concat("a", "b")' } },
        { add: { 'game.round': 1, 'player.levels': 'len(levels)' } },
        { let: { n: 3, ok: false, s: 'n + 1' } },
        { move: { from: 'zones.deck', to: 'zones.hand', pieces: 'top(zones.deck, 2)', count: 2, take: 'top', put: 'bottom' } },
        { move: { from: 'zones.deck', to: 'zones.pool', count: 'n', take: 'random' } },
        { shuffle: 'zones.deck' },
        { roll: 'zones.pool' },
        { deal: { from: 'zones.deck', to: 'hand', count: 'params.target' } },
        { deal: { from: 'zones.deck', to: 'hand', count: 7 } },
        { if: 'n > 1', then: [{ log: 'big' }], else: [{ log: 'small' }] },
        { if: 'ok' },
        { forEach: { var: 'p', in: 'players', do: [{ add: { score: 1 } }] } },
        { while: 'n < 3', do: [{ add: { n: 1 } }], max: 10 },
        { while: 'n < 3', do: [] },
        { log: 'Player {active + 1} rolls' },
        { nextTurn: null },
        { nextTurn: {} },
        { nextTurn: { seat: '(active + 2) % numPlayers' } },
        { endGame: { winners: '[active]' } },
      ],
    },
    pick: {
      guard: [{ test: 'len(zones.hand) > 0', reason: 'You have no cards.' }],
      args: {
        who: { oneOf: 'players', title: 'Who plays next?', where: 'who != active' },
        cards: { subsetOf: 'zones.hand', min: 1, max: 'len(zones.hand)', title: 'Which cards?', where: 'sum(cards) >= 10' },
        fewer: { subsetOf: 'zones.hand', min: 'n', max: 2 },
        match: { assign: { from: 'zones.camp', to: 'zones.pool' }, title: 'Place defenders', where: 'true' },
      },
    },
  },
  procedures: {
    tidy: { description: 'Tidies up.', acknowledge: ['unused'], params: { seat: 'number' }, effects: [{ log: 'tidy' }] },
  },
  flow: {
    initial: 'turn',
    states: {
      turn: {
        description: 'A turn.',
        rules: ['T-B1'],
        acknowledge: ['unreachable', 'loop'],
        entry: [{ roll: 'zones.pool' }],
        exit: [{ log: 'bye' }],
        initial: 'rolling',
        states: {
          rolling: {
            on: {
              roll: 'rolled',
              pick: { id: 'picked', target: 'rolled', guard: 'true', effects: [{ log: 'picked' }], reenter: false },
              bank: [
                { target: '#end', guard: [{ test: 'done', reason: 'Not done.' }] },
                { target: 'rolling', reenter: true },
              ],
            },
          },
          rolled: { always: [{ target: 'rolling', guard: 'true', acknowledge: ['loop'] }, { effects: [{ log: 'stay' }] }] },
        },
      },
      end: { final: true },
    },
  },
  bots: {
    greedy: {
      description: 'Rolls until 300.',
      prefer: [{ move: 'roll', when: 'game.round < 3', score: '1' }, { move: 'pick' }],
      evaluate: 'game.round / 10',
    },
  },
  metrics: {
    rounds: {
      title: 'Rounds',
      description: 'Rounds played.',
      value: 'game.round',
      when: 'finished',
      per: 'turn',
      combine: 'max',
      format: 'number',
      digits: 1,
      unit: 'rounds',
      rules: ['K-1'],
    },
  },
  display: {
    seat: "'Seat ' + (seat + 1)",
    team: "'Team ' + (team + 1)",
    score: { label: 'Score', value: 'players[seat].score' },
    vars: { game: { round: { label: 'Round', format: "'#' + value", when: 'value > 0' } }, player: {}, team: {} },
    pieces: { d6: 'str(piece.face)' },
    props: { damage: { label: 'Damage', format: "str(value) + ' hp'", when: 'value > 0' } },
    zones: { pool: { label: 'Pool', hidden: false } },
    moves: { roll: "'Roll'" },
  },
};
