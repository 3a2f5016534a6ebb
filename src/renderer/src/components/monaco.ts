// Monaco bundled locally: the slim editor API, its editor features, the JSON language and two workers.
import { Editor, loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
// Editor features (suggest, hover, find…) must be registered before the first editor is created; the JSON
// language would only bring them in lazily, after the editor exists.
import 'monaco-editor/features/register.all';
import { translate } from '../i18n';

self.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string): Worker =>
    label === 'json' ? new JsonWorker() : new EditorWorker(),
};

// @monaco-editor/react uses this instance instead of fetching Monaco from a CDN.
loader.config({ monaco });

const schemas = new Map<string, object>();

function applySchemas(): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    trailingCommas: 'error',
    enableSchemaRequest: false,
    schemaRequest: 'ignore',
    schemaValidation: 'error',
    schemas: [...schemas].map(([modelUri, schema]) => ({
      uri: `${modelUri}.schema.json`,
      fileMatch: [modelUri],
      schema,
    })),
  });
}
applySchemas();

/** Validates the model at `modelUri` against `schema` (or stops validating it when `schema` is undefined). */
export function setModelSchema(modelUri: string, schema: object | undefined): void {
  if (schema === undefined) {
    if (!schemas.delete(modelUri)) return;
  } else {
    schemas.set(modelUri, schema);
  }
  applySchemas();
}

/** The problems Monaco currently marks on a model, as plain lines (`Line 3: Missing property "x".`). */
export function modelProblems(uri: monaco.Uri): string[] {
  const lines = monaco.editor
    .getModelMarkers({ resource: uri })
    .filter((m) => m.severity >= monaco.MarkerSeverity.Warning)
    .sort((a, b) => a.startLineNumber - b.startLineNumber || a.startColumn - b.startColumn)
    .map((m) => translate('common.json.problemAt', { line: String(m.startLineNumber), message: m.message }));
  return [...new Set(lines)];
}

export { Editor, monaco };
