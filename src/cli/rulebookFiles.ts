/** A game's rulebook files on disk: `games/<id>/rules/<lang>.yaml` (the glossary beside them is not a rulebook). */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { readRulebooks, type RulebooksRead } from '../rulebook/index.ts';
import type { GameEntry } from './catalog.ts';
import { readYamlText } from './readText.ts';

const GLOSSARY = 'glossary.yaml';

export const rulebookDir = (game: GameEntry): string => join(dirname(game.file), 'rules');

export const readGameRulebooks = (game: GameEntry): RulebooksRead => {
  const dir = rulebookDir(game);
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.yaml') && f !== GLOSSARY)
        .sort()
    : [];
  const sources = files.map((f) => ({ file: relative(process.cwd(), join(dir, f)) || join(dir, f), text: readYamlText(join(dir, f)) }));
  return readRulebooks({ game: game.id, variants: game.variants.map((v) => v.id) }, sources);
};
