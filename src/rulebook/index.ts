/** The rulebook stage: a game's numbered rules in each language, looked up by id, and the house-rules sheet. */
export { parseRulebook, RULE_ID, type RulebookParse } from './parse.ts';
export { readRulebooks, idsOf, type GameFacts, type RulebookSource, type RulebooksRead } from './read.ts';
export { ruleText, ruleIds, variantTitle } from './lookup.ts';
export { blocksOf, citationPattern, citationsIn, prefixOf, type Block, type Citation } from './text.ts';
export {
  houseRulesSheet,
  studioLink,
  type HouseRulesSheet,
  type SheetInput,
  type SheetParam,
  type SheetRule,
  type SheetPart,
} from './sheet.ts';
export { sheetMarkdown, sheetHtml } from './render.ts';
export { fill, SHEET_WORDS, type SheetWords } from './words.ts';
export {
  LANGUAGES,
  REFERENCE_LANG,
  isLang,
  type Lang,
  type Rule,
  type RuleItem,
  type RuleChange,
  type Rulebook,
  type Section,
  type GameRulebooks,
  type RuleText,
} from './types.ts';
