/**
 * The house-rules sheet as Markdown (for a terminal or a README) and as a standalone HTML page
 * with a print stylesheet (A4). In HTML every text from a file is escaped: it is data, never markup.
 */
import type { Block } from './text.ts';
import type { HouseRulesSheet, SheetRule } from './sheet.ts';
import { fill } from './words.ts';

const mdBlocks = (blocks: readonly Block[], indent = ''): string[] =>
  blocks.flatMap((b) => (b.kind === 'paragraph' ? [`${indent}${b.text}`, ''] : [...b.items.map((i) => `${indent}- ${i}`), '']));

/** A run-in title ends as a sentence: with its own mark (`I take it back!`) or a full stop. */
const sentence = (title: string): string => (/[.!?…:]$/.test(title) ? title : `${title}.`);

const mdRule = (rule: SheetRule, untranslated: string): string[] => {
  if (rule.notInPlay !== undefined) return [`**${rule.id} ${rule.title}** — _${rule.notInPlay}_`, ''];
  const head = `**${rule.id} ${sentence(rule.title)}**${rule.fallback ? ` _(${untranslated})_` : ''}`;
  const parts = rule.parts.flatMap((part, i) => {
    const lines = mdBlocks(part.blocks, part.mark && part.mark.kind !== 'house-rule' ? '> ' : '');
    const mark = part.mark ? [`${part.mark.kind === 'house-rule' ? '' : '> '}_${part.mark.text}:_`] : [];
    return i === 0 && !part.mark ? lines : [...mark, ...lines];
  });
  const items = rule.items.flatMap((item) =>
    mdBlocks(item.blocks)
      .filter(Boolean)
      .map((line, i) => (i === 0 ? `- **${item.id}** ${line}` : `  ${line}`)),
  );
  return [head, '', ...parts, ...(items.length > 0 ? [...items, ''] : [])];
};

export const sheetMarkdown = (sheet: HouseRulesSheet): string => {
  const w = sheet.words;
  const lines = [
    `# ${sheet.title}`,
    '',
    `_${w.sheet}_`,
    '',
    ...mdBlocks(sheet.intro),
    `**${w.inPlay}:** ${sheet.houseRules.length > 0 ? sheet.houseRules.join(', ') : w.noHouseRules}`,
    '',
    ...(sheet.params.length > 0
      ? [
          `**${w.settings}:**`,
          '',
          ...sheet.params.map(
            (p) =>
              `- ${p.title}: ${p.value} (${fill(w.defaultWas, { value: p.default })})${p.rules.length ? ` [${p.rules.join(', ')}]` : ''}`,
          ),
          '',
        ]
      : []),
    `${w.studio}: ${sheet.link}`,
    '',
    ...sheet.sections.flatMap((s) => [`## ${s.title}`, '', ...mdBlocks(s.intro), ...s.rules.flatMap((r) => mdRule(r, w.untranslated))]),
  ];
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
};

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

const htmlBlocks = (blocks: readonly Block[]): string =>
  blocks
    .map((b) =>
      b.kind === 'paragraph' ? `<p>${escapeHtml(b.text)}</p>` : `<ul>${b.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`,
    )
    .join('');

const htmlRule = (rule: SheetRule, untranslated: string): string => {
  if (rule.notInPlay !== undefined) {
    return `<p class="rule off" id="${escapeHtml(rule.id)}"><span class="id">${escapeHtml(rule.id)}</span> ${escapeHtml(rule.title)} — <i>${escapeHtml(rule.notInPlay)}</i></p>`;
  }
  const parts = rule.parts
    .map((part) =>
      part.mark
        ? `<div class="${part.mark.kind}"><p class="mark">${escapeHtml(part.mark.text)}</p>${htmlBlocks(part.blocks)}</div>`
        : htmlBlocks(part.blocks),
    )
    .join('');
  const items =
    rule.items.length > 0
      ? `<ol class="items">${rule.items.map((i) => `<li id="${escapeHtml(i.id)}"><b>${escapeHtml(i.id)}</b> ${htmlBlocks(i.blocks)}</li>`).join('')}</ol>`
      : '';
  const fallback = rule.fallback ? ` <span class="fallback">(${escapeHtml(untranslated)})</span>` : '';
  const changed = rule.parts.some((p) => p.mark && p.mark.kind !== 'house-rule') ? ' changed-rule' : '';
  return `<section class="rule${changed}" id="${escapeHtml(rule.id)}"><h3><span class="id">${escapeHtml(rule.id)}</span> ${escapeHtml(rule.title)}${fallback}</h3>${parts}${items}</section>`;
};

const STYLE = `
body { font: 11pt/1.4 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #111; }
h1 { font-size: 1.6rem; margin: 0; } h2 { font-size: 1.15rem; border-bottom: 1px solid #999; margin: 1rem 0 .4rem; }
h3 { font-size: 1rem; margin: .5rem 0 .2rem; } p { margin: .2rem 0; } ul, ol { margin: .2rem 0; padding-left: 1.3rem; }
.kicker { color: #555; margin: 0 0 .6rem; } .id { font-variant-numeric: tabular-nums; color: #333; }
.changed, .added, .house-rule { border-left: 3px solid #b45309; padding-left: .5rem; margin: .3rem 0; background: #fffbeb; }
.mark { font-weight: 600; font-size: .9em; color: #92400e; } .fallback { font-weight: normal; font-style: italic; color: #666; font-size: .85em; }
.off { color: #555; margin: .15rem 0; } .items { list-style: none; padding-left: .6rem; } .summary { margin: .6rem 0; }
@page { size: A4; margin: 12mm; }
@media print {
  body { font-size: 8.6pt; line-height: 1.28; max-width: none; margin: 0; padding: 0; }
  main { columns: 2; column-gap: 7mm; }
  .rule { break-inside: avoid; } h2 { break-after: avoid; }
  .changed, .added, .house-rule { background: none; }
  a { color: inherit; text-decoration: none; }
}`;

export const sheetHtml = (sheet: HouseRulesSheet): string => {
  const w = sheet.words;
  const params =
    sheet.params.length > 0
      ? `<p><b>${escapeHtml(w.settings)}:</b></p><ul>${sheet.params
          .map(
            (p) =>
              `<li>${escapeHtml(p.title)}: <b>${escapeHtml(p.value)}</b> (${escapeHtml(fill(w.defaultWas, { value: p.default }))})${p.rules.length ? ` [${escapeHtml(p.rules.join(', '))}]` : ''}</li>`,
          )
          .join('')}</ul>`
      : '';
  const sections = sheet.sections
    .map((s) => `<h2>${escapeHtml(s.title)}</h2>${htmlBlocks(s.intro)}${s.rules.map((r) => htmlRule(r, w.untranslated)).join('')}`)
    .join('');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(sheet.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`${sheet.title} — ${w.sheet}`)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<header><h1>${escapeHtml(sheet.title)}</h1><p class="kicker">${escapeHtml(w.sheet)}</p>${htmlBlocks(sheet.intro)}`,
    `<div class="summary"><p><b>${escapeHtml(w.inPlay)}:</b> ${escapeHtml(sheet.houseRules.length > 0 ? sheet.houseRules.join(', ') : w.noHouseRules)}</p>${params}`,
    `<p>${escapeHtml(w.studio)}: <a href="${escapeHtml(sheet.link)}">${escapeHtml(sheet.link)}</a></p></div></header>`,
    `<main>${sections}</main>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
};
