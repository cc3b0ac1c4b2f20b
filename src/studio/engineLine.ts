/**
 * Where the rules ran for a result the studio shows (a Balance run, a sweep, a hint), in the
 * interface's language: compiled in the isolated frame, partly, or on the page's interpreter.
 */
import type { EngineReport } from '../lang/index.ts';
import { t } from './i18n/index.ts';
import type { NoFrame } from './sandbox/frameClient.ts';

/**
 * What ran the rules' expressions in the workers, and, where it was not the compiled tier
 * throughout, why: `noFrame` says why the page's own workers ran them, as it was when the result came.
 */
export const engineLine = (engine: EngineReport, noFrame: NoFrame | undefined): string =>
  engine.engine !== 'compiled'
    ? t(noFrame === 'offline' ? 'engine.offline' : 'engine.interpreter')
    : engine.fallbacks > 0
      ? t('engine.partial', { count: engine.fallbacks, reason: engine.reason ?? '' })
      : t('engine.compiled');
