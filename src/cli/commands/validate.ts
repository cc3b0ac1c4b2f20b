import { compileGame } from '../../compile/index.ts';
import { hasErrors } from '../../spec/diagnostics.ts';
import { resolveGame } from '../catalog.ts';
import { LANG_OPTION, langOf, printDiagnostics, VARIANT_OPTION, variantList, type Command } from '../command.ts';
import { formatMissing, translationReport } from '../translation.ts';

export const validateCommand: Command = {
  name: 'validate',
  usage: 'validate <game-id|file> [--variant a,b] [--lang xx] [--json]',
  summary: 'check a spec (and variants, and a translation): exit 0 when valid, else one file:line:col line per problem',
  options: {
    variant: VARIANT_OPTION,
    lang: LANG_OPTION,
    json: { type: 'boolean', help: 'print {valid, diagnostics: [{code, severity, message, file, line, column, path…}]} as JSON' },
  },
  run: async ([target], values, io) => {
    if (!target) {
      io.err('name a game id or a spec file');
      return 1;
    }
    const lang = langOf(values);
    const resolved = resolveGame(target, variantList(values), lang);
    if ('error' in resolved) {
      io.err(resolved.error);
      return 1;
    }
    const { game, diagnostics } = compileGame({ base: resolved.base, variants: resolved.variants, locale: resolved.locale });
    if (values.json) {
      // For tools: each problem with its code, which stays when a message is reworded.
      io.out(JSON.stringify({ valid: game !== undefined, diagnostics }, null, 2));
      return game ? 0 : 1;
    }
    printDiagnostics(io, diagnostics);
    if (!game) return 1;
    if (lang !== undefined && resolved.locale) {
      // The whole translation: every variant's section and every text left in the spec's language.
      const report = translationReport(target, lang);
      if ('error' in report) {
        io.err(report.error);
        return 1;
      }
      const shown = new Set(diagnostics.map((d) => `${d.file}:${d.line}:${d.column}:${d.message}`));
      printDiagnostics(
        io,
        report.diagnostics.filter((d) => !shown.has(`${d.file}:${d.line}:${d.column}:${d.message}`)),
      );
      for (const m of report.missing) io.out(formatMissing(m, lang));
      if (hasErrors(report.diagnostics)) return 1;
      io.out(
        `${resolved.locale.file.file}: ${report.missing.length === 0 ? 'complete' : `${report.missing.length} text(s) not translated: the spec's own are shown`}`,
      );
    }
    io.out(`${resolved.base.file}: valid${resolved.variants.length ? ` with ${variantList(values).join(', ')}` : ''}`);
    return 0;
  },
};
