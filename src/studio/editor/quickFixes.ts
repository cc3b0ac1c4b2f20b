/**
 * A problem's fixes in Monaco: the light bulb and Ctrl+. offer each as a quick fix (a lone fix
 * preferred, two or more side by side), and "Fix all" applies every lone fix of a file at once.
 * A fix is offered only while the text it was made for is still there: the compile runs in a
 * worker, so its answer may come for a text that typing has since changed.
 */
import { loneFixes } from '../../assist/fixAll.ts';
import type { Diagnostic, Fix, TextEdit } from '../../spec/diagnostics.ts';
import { diagnosticsShown, MARKER_SOURCE } from './markers.ts';
import type { Monaco } from './monaco.ts';

type Model = ReturnType<Monaco['editor']['createModel']>;

const rangeOf = (e: TextEdit) => ({ startLineNumber: e.line, startColumn: e.column, endLineNumber: e.endLine, endColumn: e.endColumn });

/** Whether every edit of `fix` still finds the text it replaces where it was made. */
const fits = (model: Model, fix: Fix): boolean => fix.edits.every((e) => model.getValueInRange(rangeOf(e)) === e.replaces);

/** The model's edit operations of a fix. */
export const operationsOf = (fix: Fix) => fix.edits.map((e) => ({ range: rangeOf(e), text: e.text }));

/** The fixes of `d` that still fit the model: all of them or none, as one fix left of two would read as the only one. */
const fittingFixes = (model: Model, d: Diagnostic): readonly Fix[] => {
  const fixes = d.fixes ?? [];
  return fixes.every((f) => fits(model, f)) ? fixes : [];
};

/** Every problem's lone fix in the model that still fits and touches no other, for "Fix all": the rest wait for the next compile. */
export const fixAllOf = (model: Model): Fix[] => loneFixes(diagnosticsShown(model), (fix) => fits(model, fix)).map((c) => c.fix);

export const registerQuickFixes = (monaco: Monaco): void => {
  monaco.languages.registerCodeActionProvider('yaml', {
    provideCodeActions: (model, _range, context) => {
      const ours = context.markers.filter((m) => m.source === MARKER_SOURCE);
      const actions = diagnosticsShown(model).flatMap((d) => {
        const marker = ours.find((m) => m.message === d.message);
        if (!marker) return [];
        const fixes = fittingFixes(model, d);
        return fixes.map((fix) => ({
          title: fix.title,
          kind: 'quickfix',
          diagnostics: [marker],
          isPreferred: fixes.length === 1,
          edit: {
            edits: fix.edits.map((e) => ({
              resource: model.uri,
              textEdit: { range: rangeOf(e), text: e.text },
              versionId: model.getVersionId(),
            })),
          },
        }));
      });
      return { actions, dispose: () => {} };
    },
  });
};
