// A JSON editor backed by Monaco, loaded only when one is shown; a plain text area if Monaco cannot load.
import type { editor as monacoEditor } from 'monaco-editor/editor/editor.api';
import {
  Component,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { translate, useT } from '../i18n';
import type * as MonacoSetup from './monaco';
import './components.css';

/** Props of the editor; `schema` validates JSON text, problems are reported through `onValidate`. */
export type JsonEditorProps = {
  value: string;
  onChange?: (value: string) => void;
  schema?: object;
  readOnly?: boolean;
  height?: number | string;
  ariaLabel: string;
  onValidate?: (errors: string[]) => void;
  language?: string;
  /** Where the cursor starts (1-based), scrolled into view: the line of a problem to fix. */
  at?: { line: number; column?: number };
};

type Setup = typeof MonacoSetup;

let nextModel = 0;

/** Monaco swallows every Escape; when none of its own widgets or selections wants it, it closes our dialog. */
const ESCAPE_IS_FREE = [
  'suggestWidgetVisible',
  'findWidgetVisible',
  'editorHasSelection',
  'editorHasMultipleSelections',
  'parameterHintsVisible',
  'inSnippetMode',
  'markersNavigationVisible',
  'renameInputVisible',
  'referenceSearchVisible',
  'inlineSuggestionVisible',
  'cancellableOperation',
  'messageVisible',
  'editorHoverVisible',
]
  .map((key) => `!${key}`)
  .join(' && ');

function requestDialogClose(node: HTMLElement | null): void {
  const dialog = node?.closest('dialog');
  if (!dialog) return;
  if (typeof dialog.requestClose === 'function') dialog.requestClose();
  else dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
}

function jsonSyntaxProblem(text: string): string | undefined {
  if (text.trim() === '') return translate('common.json.empty');
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return translate('common.json.invalid', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

const darkQuery = '(prefers-color-scheme: dark)';

function subscribeToScheme(onChange: () => void): () => void {
  const query = window.matchMedia(darkQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function usePrefersDark(): boolean {
  return useSyncExternalStore(
    subscribeToScheme,
    () => window.matchMedia(darkQuery).matches,
    () => false,
  );
}

function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

function MonacoJsonEditor({ setup, ...props }: JsonEditorProps & { setup: Setup }): ReactNode {
  const { value, onChange, schema, readOnly = false, height = 200, ariaLabel, language = 'json' } = props;
  const [path] = useState(
    () => `inmemory://switchboard/editor-${++nextModel}.${language === 'json' ? 'json' : 'txt'}`,
  );
  const [editor, setEditor] = useState<monacoEditor.IStandaloneCodeEditor>();
  const onValidate = useLatest(props.onValidate);
  const dark = usePrefersDark();
  const schemaKey = schema === undefined ? '' : JSON.stringify(schema);

  useEffect(() => {
    if (language !== 'json' || schemaKey === '') return;
    setup.setModelSchema(path, JSON.parse(schemaKey) as object);
    return () => setup.setModelSchema(path, undefined);
  }, [setup, path, language, schemaKey]);

  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model) return;
    let last: string | undefined;
    const report = (): void => {
      const problems = setup.modelProblems(model.uri);
      if (language === 'json') {
        const syntax = jsonSyntaxProblem(model.getValue());
        if (syntax && problems.length === 0) problems.push(syntax);
      }
      const key = JSON.stringify(problems);
      if (key === last) return;
      last = key;
      onValidate.current?.(problems);
    };
    report();
    const markers = setup.monaco.editor.onDidChangeMarkers((uris) => {
      if (uris.some((uri) => uri.toString() === model.uri.toString())) report();
    });
    const content = editor.onDidChangeModelContent(report);
    return () => {
      markers.dispose();
      content.dispose();
    };
  }, [setup, editor, language, onValidate]);

  return (
    <setup.Editor
      className="json-editor"
      height={height}
      path={path}
      language={language}
      value={value}
      theme={dark ? 'vs-dark' : 'vs'}
      loading={<EditorLoading height={height} />}
      onChange={(next) => onChange?.(next ?? '')}
      onMount={(instance, monaco) => {
        instance.addCommand(
          monaco.KeyCode.Escape,
          () => requestDialogClose(instance.getDomNode()),
          ESCAPE_IS_FREE,
        );
        if (props.at) {
          instance.setPosition({ lineNumber: props.at.line, column: props.at.column ?? 1 });
          instance.revealLineInCenter(props.at.line);
          instance.focus();
        }
        setEditor(instance);
      }}
      options={{
        ariaLabel,
        readOnly,
        domReadOnly: readOnly,
        automaticLayout: true,
        fixedOverflowWidgets: true,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        wordWrap: 'on',
        tabSize: 2,
        tabFocusMode: true,
        autoSurround: 'never',
        editContext: false,
        fontSize: 13,
        // The page's monospace stack, Chinese fonts included (Monaco's own list has none).
        fontFamily: monospaceFonts(),
        lineNumbersMinChars: 3,
        renderLineHighlight: readOnly ? 'none' : 'line',
      }}
    />
  );
}

function EditorLoading({ height }: { height: number | string }): ReactNode {
  const t = useT();
  return (
    <div className="json-editor-loading" role="status" style={{ height }}>
      {t('common.json.loading')}
    </div>
  );
}

const LazyMonacoEditor = lazy(async () => {
  const setup = await import('./monaco');
  return { default: (props: JsonEditorProps) => <MonacoJsonEditor {...props} setup={setup} /> };
});

function PlainEditor({
  value,
  onChange,
  readOnly,
  height = 200,
  ariaLabel,
  onValidate,
  language = 'json',
  at,
}: JsonEditorProps) {
  const report = useLatest(onValidate);
  const box = useRef<HTMLTextAreaElement>(null);
  const start = useRef(at);
  useEffect(() => {
    const place = start.current;
    if (!place || !box.current) return;
    const lines = box.current.value.split('\n').slice(0, place.line - 1);
    const offset = lines.reduce((sum, line) => sum + line.length + 1, 0) + (place.column ?? 1) - 1;
    box.current.focus();
    box.current.setSelectionRange(offset, offset);
  }, []);
  useEffect(() => {
    if (language !== 'json') return;
    const problem = jsonSyntaxProblem(value);
    report.current?.(problem ? [problem] : []);
  }, [value, language, report]);
  return (
    <textarea
      ref={box}
      className="json-editor-plain"
      style={{ height }}
      aria-label={ariaLabel}
      value={value}
      readOnly={readOnly}
      spellCheck={false}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
}

class FallBackToPlain extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    // i18n-ignore: the console's record, not shown in the page
    console.error('The code editor could not load; using a plain text box instead.', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Monaco-backed editor for JSON (the default language) or other text; Monaco loads on first use.
 * It is a textbox named `ariaLabel`; to set its text in Playwright: `focus()`, `ControlOrMeta+A`, `insertText`.
 */
export function JsonEditor(props: JsonEditorProps): ReactNode {
  return (
    <div className="json-editor-frame">
      <FallBackToPlain fallback={<PlainEditor {...props} />}>
        <Suspense fallback={<EditorLoading height={props.height ?? 200} />}>
          <LazyMonacoEditor {...props} />
        </Suspense>
      </FallBackToPlain>
    </div>
  );
}

export default JsonEditor;

/** The page's `--mono` font stack as it resolves now. */
function monospaceFonts(): string | undefined {
  return getComputedStyle(document.documentElement).getPropertyValue('--mono').trim() || undefined;
}
