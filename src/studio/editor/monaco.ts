/**
 * Monaco, loaded from the package (never a CDN: the studio must work offline), with only the YAML
 * language, its workers bundled by Vite, and monaco-yaml fed by the game schema for completion,
 * hover docs and schema diagnostics.
 */
import * as monaco from './monacoCore.ts';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import { configureMonacoYaml, type JSONSchema } from 'monaco-yaml';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import YamlWorker from './yaml.worker.ts?worker';
import gameSchema from '../../../schema/game.schema.json';
import variantSchema from '../../../schema/variant.schema.json';
import { registerExpressionAssist } from './exprProviders.ts';
import { itemKeyHoverAt } from '../../assist/itemKeyHover.ts';
import { quietMonacoCancels } from './quietCancel.ts';
import { registerQuickFixes } from './quickFixes.ts';

quietMonacoCancels(window);

// Monaco's typings declare the global with `let`, which TypeScript does not put on globalThis; the
// editor reads it from the global object, so that is where it goes.
(globalThis as { MonacoEnvironment?: monaco.Environment }).MonacoEnvironment = {
  getWorker(_moduleId: string, label: string): Worker {
    return label === 'yaml' ? new YamlWorker() : new EditorWorker();
  },
};

configureMonacoYaml(monaco, {
  enableSchemaRequest: false,
  // Our own pipeline validates against the same schema and reports with the engine's wording; the
  // monaco-yaml checks would only duplicate its markers.
  validate: false,
  hover: true,
  completion: true,
  schemas: [
    {
      // The URI the specs' own `# yaml-language-server: $schema=../../schema/game.schema.json` line
      // resolves to (models live at file:///games/<id>/game.yaml), so that line finds this schema
      // instead of asking for a download.
      uri: 'file:///schema/game.schema.json',
      fileMatch: ['**/game.yaml'],
      schema: gameSchema as unknown as JSONSchema,
    },
    {
      uri: 'file:///schema/variant.schema.json',
      fileMatch: ['**/variants/*.yaml'],
      schema: variantSchema as unknown as JSONSchema,
    },
  ],
});

// vs-dark's comment green is 4.2:1 on its background: a lighter green meets WCAG AA (4.5:1).
monaco.editor.defineTheme('houserules-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [{ token: 'comment', foreground: '8fbf7a' }],
  colors: {},
});

registerExpressionAssist(monaco);
registerQuickFixes(monaco);

// The key a variant names the list item under the pointer by (its id or derived key, itemKeyHover.ts).
monaco.languages.registerHoverProvider('yaml', {
  provideHover: (model, position) => {
    const hover = itemKeyHoverAt(model.getValue(), model.getOffsetAt(position), model.uri.path.includes('/variants/'));
    return hover ? { contents: hover.lines.map((value) => ({ value })) } : null;
  },
});

export { monaco };
export type Monaco = typeof monaco;
