/**
 * What the workbench compiles, from its files and settings: the house rules switched on that the
 * files still declare, the game's texts in the interface's language where it is translated, the
 * rulebooks, and the problems of the variant files that are switched off (the compile reads only
 * the others, but the editor still marks them).
 */
import { useMemo } from 'react';
import type { Diagnostic } from '../../spec/diagnostics.ts';
import type { AnalysisInput } from '../analysis/useAnalysis.ts';
import type { Language } from '../i18n/index.ts';
import type { GameSettings } from '../persist/storage.ts';
import { studioRulebooks } from '../rules/rulebook.ts';
import { localeFor, translatedVariants, type GameTexts } from './gameTexts.ts';
import { useVariantInfo } from './useVariantInfo.ts';
import { baseOf, type WorkFile } from './workspace.ts';

export interface GameInput {
  readonly base: WorkFile | undefined;
  /** The house rules switched on that a variant file still declares, in the order chosen. */
  readonly enabled: string[];
  readonly shownVariants: ReturnType<typeof translatedVariants>;
  readonly rulebooks: ReturnType<typeof studioRulebooks>;
  /** Null while there is no file to compile. */
  readonly input: AnalysisInput | null;
  readonly offVariantDiagnostics: readonly Diagnostic[];
}

export const useGameInput = (
  gameId: string,
  files: readonly WorkFile[],
  texts: GameTexts,
  lang: Language,
  settings: GameSettings,
): GameInput => {
  const base = baseOf(files);
  const variantInfo = useVariantInfo(files);
  const enabled = useMemo(() => {
    const known = new Set(variantInfo.infos.map((v) => v.id));
    return settings.variants.filter((v) => known.has(v));
  }, [settings.variants, variantInfo.infos]);
  const ids = useMemo(() => variantInfo.infos.map((v) => v.id), [variantInfo]);
  const locale = useMemo(() => localeFor(texts, lang, ids), [texts, lang, ids]);
  const shownVariants = useMemo(() => translatedVariants(variantInfo.infos, locale), [variantInfo, locale]);
  const rulebooks = useMemo(() => studioRulebooks(gameId, ids, texts.rulebooks), [gameId, ids, texts]);
  const input = useMemo(
    (): AnalysisInput | null =>
      base
        ? {
            base: { file: base.file, text: base.text },
            variants: enabled
              .map((id) => files.find((f) => f.role === 'variant' && (variantInfo.infos.find((v) => v.id === id)?.file ?? '') === f.file))
              .filter((f): f is WorkFile => f !== undefined)
              .map((f) => ({ file: f.file, text: f.text })),
            params: settings.params,
            ...(locale ? { locale } : {}),
          }
        : null,
    [base, files, enabled, settings.params, variantInfo, locale],
  );
  const offVariantDiagnostics = useMemo(
    (): readonly Diagnostic[] =>
      variantInfo.infos.filter((v) => !enabled.includes(v.id)).flatMap((v) => variantInfo.diagnostics.get(v.file) ?? []),
    [variantInfo, enabled],
  );
  return { base, enabled, shownVariants, rulebooks, input, offVariantDiagnostics };
};
