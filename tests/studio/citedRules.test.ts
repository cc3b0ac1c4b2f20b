/** Rule ids in the studio's texts (issue 34, item 2): found only where the game's rulebook has them. */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { citedParts, ruleNotes, studioRulebooks } from '../../src/studio/rules/rulebook.ts';

const dir = 'games/regicide/rules';
const files = readdirSync(dir)
  .filter((f) => f !== 'glossary.yaml')
  .map((f) => ({ file: `${dir}/${f}`, lang: f.replace('.yaml', ''), text: readFileSync(`${dir}/${f}`, 'utf8') }));
const variants = readdirSync('games/regicide/variants').map((f) => f.replace('.yaml', ''));
const rulebooks = studioRulebooks('regicide', variants, files);

// Built at run time: the citations test reads every file of tests/, and an id that is not in the
// rulebook is what this case needs.
const notARule = ['R', '99'].join('-');

describe('rule ids in a text', () => {
  it('splits a text into its runs and the rules it cites (R-H2, R-6), leaving unknown ids and look-alikes as text', () => {
    expect(rulebooks).toBeDefined();
    expect(citedParts(`A Jester attacks for 0 (R-H2); see ${notARule} and XR-6, then R-6.`, rulebooks)).toEqual([
      { text: 'A Jester attacks for 0 (' },
      { rule: 'R-H2' },
      { text: `); see ${notARule} and XR-6, then ` },
      { rule: 'R-6' },
      { text: '.' },
    ]);
    expect(citedParts('no citation here', rulebooks)).toEqual([{ text: 'no citation here' }]);
    expect(citedParts('', rulebooks)).toEqual([{ text: '' }]);
    // Without a rulebook (a game made in the browser) nothing is a citation.
    expect(citedParts('(R-H2)', undefined)).toEqual([{ text: '(R-H2)' }]);
  });

  it('names each cited rule once in a tooltip, in the language asked for, cut short', () => {
    const notes = ruleNotes('R-H2 and again R-H2', rulebooks, 'ru');
    expect(notes.split('\n').filter(Boolean)).toHaveLength(1);
    expect(notes).toMatch(/^\nR-H2 Шут: Шут всегда/);
    expect(notes.length).toBeLessThanOrEqual(260);
    expect(ruleNotes('nothing', rulebooks, 'ru')).toBe('');
  });

  it('a rulebook that does not read is not shown at all, rather than shown wrong', () => {
    const broken = files.map((f) => (f.lang === 'en' ? { ...f, text: f.text.replace('rulebook: regicide', 'rulebook: another-game') } : f));
    expect(studioRulebooks('regicide', variants, broken)).toBeUndefined();
    expect(studioRulebooks('regicide', variants, [])).toBeUndefined();
  });
});
