/**
 * Where the rules ran for a result the studio shows (a Balance run, a sweep, a hint), in the
 * interface's language: compiled in the isolated frame, partly, or on the page's interpreter.
 */
import type { EngineReport } from '../lang/index.ts';
import { t } from './i18n/index.ts';

/** What ran the rules' expressions in the workers, and, where it was not the compiled tier throughout, why. */
export const engineLine = (engine: EngineReport): string =>
  engine.engine !== 'compiled'
    ? t('engine.interpreter')
    : engine.fallbacks > 0
      ? t('engine.partial', { count: engine.fallbacks, reason: engine.reason ?? '' })
      : t('engine.compiled');
