/** `houserules rules`: the house-rules sheet in a language, with the house rules' changes marked; HTML escapes all text. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { listGames } from '../../src/cli/catalog.ts';
import { readGameRulebooks } from '../../src/cli/rulebookFiles.ts';
import { houseRulesSheet, ruleIds, sheetHtml, type GameRulebooks } from '../../src/rulebook/index.ts';

const regicide = listGames().find((g) => g.id === 'regicide')!;
const books = readGameRulebooks(regicide).rulebooks as GameRulebooks;

describe('houserules rules', () => {
  it('regicide --lang bg prints the rulebook in Bulgarian with every rule id', async () => {
    const { code, out, err } = await runCli(['rules', 'regicide', '--lang', 'bg']);
    expect(err).toBe('');
    expect(code).toBe(0);
    for (const id of ruleIds(books)) expect(out, id).toMatch(new RegExp(`\\*\\*${id.replace('.', '\\.')}[ *]`));
    expect(out).toContain('Тестето на кръчмата');
    expect(out).toContain('**Домашни правила в игра:** няма');
    expect(out).not.toContain('Your turn');
  });

  it('with --variant jester the rules the Jester changes are marked, and its own rule is in play', async () => {
    const { code, out } = await runCli(['rules', 'regicide', '--lang', 'bg', '--variant', 'jester']);
    expect(code).toBe(0);
    const lines = out.split('\n');
    const marked = lines.flatMap((l, i) => (l.includes('от домашното правило „Шутът“') ? [i] : []));
    const ruleOf = (line: number): string | undefined =>
      lines
        .slice(0, line)
        .reverse()
        .find((l) => /^\*\*R-/.test(l))
        ?.split(' ')[0];
    expect(marked.map(ruleOf)).toEqual(['**R-5', '**R-8']);
    expect(out).toContain('Домашно правило „Шутът“');
    expect(out).toContain('**R-H1 Имунитет на враговете** — _домашно правило „Имунитет на враговете“, не се играе_');
    expect(out).toContain('#/regicide?variants=jester');
  });

  it('a replacing change takes the place of the rule text; changed params are listed with their titles', async () => {
    const { out } = await runCli([
      'rules',
      'regicide',
      '--variant',
      'solo',
      '--param',
      '{"hand2":6}',
      '--studio-url',
      'https://example.org/studio/',
    ]);
    expect(out).toContain('Changed by house rule “Solo”');
    expect(out).not.toContain('2 players: no Jester, hands of 7 cards.');
    expect(out).toContain('- Hand size, 2 players: 6 (default 7) [R-4]');
    expect(out).toContain('The same rules in the studio: https://example.org/studio/#/regicide?variants=solo');
  });

  it('a run-in title ends with its own mark or a full stop, never both (T-B11 "I take it back!")', async () => {
    const { out } = await runCli(['rules', 'ten-thousand']);
    expect(out).toContain('**T-B11 I take it back!**');
    expect(out).toContain('**T-B1 Your turn.**');
    expect(out).not.toMatch(/[!?.]\.\*\*/);
  });

  it('refuses an unknown language, format or a studio address that is not http(s)', async () => {
    expect((await runCli(['rules', 'regicide', '--lang', 'fr'])).err).toBe("--lang must be one of en, bg, ro, ru, got 'fr'");
    expect((await runCli(['rules', 'regicide', '--format', 'pdf'])).err).toBe("--format must be one of md, html, got 'pdf'");
    const bad = await runCli(['rules', 'regicide', '--studio-url', 'javascript:alert(1)']);
    expect(bad.code).toBe(1);
    expect(bad.err).toBe("--studio-url: 'javascript:alert(1)' is not an http or https address");
    expect((await runCli(['rules', '--help'])).out).toContain('--lang <en|bg|ro|ru>');
  });

  it('--format html is a standalone page with an A4 print stylesheet', async () => {
    const { code, out } = await runCli(['rules', 'regicide', '--lang', 'ru', '--format', 'html', '--variant', 'jester']);
    expect(code).toBe(0);
    expect(out.startsWith('<!doctype html>')).toBe(true);
    expect(out).toContain('<html lang="ru">');
    expect(out).toContain('@page { size: A4;');
    expect(out).toContain('@media print');
    expect(out).toMatch(/<section class="rule changed-rule" id="R-5">/);
  });

  it('HTML escapes every text from the files: a hostile rule, title and link stay text', () => {
    const hostile = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    const en = books.books.en!;
    const [first, ...rest] = en.sections;
    const rule = first!.rules[0]!;
    const evil: GameRulebooks = {
      game: 'regicide',
      books: {
        en: {
          ...en,
          title: hostile,
          sections: [
            {
              ...first!,
              title: hostile,
              rules: [{ ...rule, title: hostile, text: `${hostile}\n\n- ${hostile}` }, ...first!.rules.slice(1)],
            },
            ...rest,
          ],
        },
      },
    };
    const html = sheetHtml(
      houseRulesSheet(evil, {
        lang: 'en',
        variants: [{ id: 'jester', title: hostile }],
        params: [{ title: hostile, value: hostile, default: 'a', rules: [hostile] }],
        link: 'http://x/"><script>1</script>',
      })!,
    );
    expect(html).not.toMatch(/<script|<img|onerror=alert\(1\)>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('href="http://x/&quot;&gt;&lt;script&gt;1&lt;/script&gt;"');
  });
});
