// The Run dialog: arguments (form or JSON editor), the call to the host, and its result.
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import type { Json, ToolCallResult, ToolView } from '../../../../shared/types';
import { ContentView } from '../../components/ContentView';
import { Dialog } from '../../components/Dialog';
import { JsonEditor } from '../../components/JsonEditor';
import {
  type FieldErrors,
  type FormValues,
  initialValues,
  isFlatSchema,
  SchemaForm,
  validateValues,
  valuesToArguments,
} from '../../components/SchemaForm';
import { useCommand } from '../../components/useCommand';
import { argumentsToJson, argumentsToValues, initialJson, parseArguments } from './runArguments';
import { toolDisplayName } from './toolList';
import './tools.css';

type Outcome = { result: ToolCallResult; ms: number };

/** Props of `RunToolDialog`; mount it to open it. */
export type RunToolDialogProps = { server: string; tool: ToolView; canRun: boolean; onClose: () => void };

/** Asks for a tool's arguments, calls it through the host and shows what came back. */
export function RunToolDialog({ server, tool, canRun, onClose }: RunToolDialogProps): ReactNode {
  const formId = useId();
  const schema = tool.inputSchema;
  const [flat] = useState(() => isFlatSchema(schema));
  const [useForm, setUseForm] = useState(flat);
  const [values, setValues] = useState<FormValues>(() => initialValues(schema));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [jsonText, setJsonText] = useState(() => initialJson(schema));
  const [jsonProblems, setJsonProblems] = useState<string[]>([]);
  const [argsProblem, setArgsProblem] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const { run, pending, error } = useCommand();
  const formRef = useRef<HTMLFormElement>(null);

  const readArguments = (): Record<string, Json> | undefined => {
    if (useForm) {
      const errors = validateValues(schema, values);
      setFieldErrors(errors);
      const first = Object.keys(errors)[0];
      if (first !== undefined) {
        setArgsProblem('Some fields need attention.');
        const input = formRef.current?.elements.namedItem(first);
        if (input instanceof HTMLElement) input.focus();
        return undefined;
      }
      return valuesToArguments(schema, values);
    }
    const parsed = parseArguments(jsonText);
    if (!parsed.ok) {
      setArgsProblem(parsed.error);
      return undefined;
    }
    if (jsonProblems.length > 0) {
      setArgsProblem('Fix the problems listed under the editor first.');
      return undefined;
    }
    return parsed.args;
  };

  const toggleJson = (): void => {
    setArgsProblem(undefined);
    if (useForm) {
      setJsonText(argumentsToJson(valuesToArguments(schema, values)));
      setJsonProblems([]);
      setUseForm(false);
      return;
    }
    const parsed = parseArguments(jsonText);
    if (!parsed.ok) {
      setArgsProblem(parsed.error);
      return;
    }
    setValues(argumentsToValues(schema, parsed.args));
    setFieldErrors({});
    setUseForm(true);
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (pending || !canRun) return;
    setArgsProblem(undefined);
    const args = readArguments();
    if (!args) return;
    setOutcome(undefined);
    const started = performance.now();
    const reply = await run((host) => host.invoke('tools.call', { server, tool: tool.name, args }));
    if (reply.ok) setOutcome({ result: reply.value, ms: Math.round(performance.now() - started) });
  };

  const footer = (
    <>
      <button type="button" onClick={onClose}>
        Close
      </button>
      <button type="submit" form={formId} className="primary" disabled={pending || !canRun}>
        Run
      </button>
    </>
  );

  return (
    <Dialog title={toolDisplayName(tool)} onClose={onClose} footer={footer} wide>
      <div className="run-tool">
        <p className="run-tool-meta">
          <code>{tool.name}</code> on <strong>{server}</strong>
        </p>
        {tool.description && <p className="run-tool-description">{tool.description}</p>}
        {flat && (
          <div className="run-tool-mode">
            <button type="button" className="small" aria-pressed={!useForm} onClick={toggleJson}>
              Edit as JSON
            </button>
          </div>
        )}
        <form id={formId} ref={formRef} className="run-tool-form" noValidate onSubmit={submit}>
          {useForm ? (
            <SchemaForm
              schema={schema}
              values={values}
              errors={fieldErrors}
              onChange={(next) => {
                setValues(next);
                if (Object.keys(fieldErrors).length > 0) setFieldErrors(validateValues(schema, next));
              }}
            />
          ) : (
            <div className="run-tool-json">
              {!flat && (
                <p className="run-tool-hint">This tool takes structured arguments: write them as JSON.</p>
              )}
              <JsonEditor
                value={jsonText}
                onChange={setJsonText}
                schema={schema}
                height={220}
                ariaLabel="Arguments (JSON)"
                onValidate={setJsonProblems}
              />
              {jsonProblems.length > 0 && (
                <ul className="run-tool-problems" aria-label="Problems in the arguments">
                  {jsonProblems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </form>
        {!canRun && <p className="run-tool-note">Start the server to run its tools.</p>}
        {argsProblem && (
          <p className="run-tool-error" role="alert">
            {argsProblem}
          </p>
        )}
        <div className="run-tool-status" role="status">
          {pending && (
            <span className="run-tool-running">
              <span className="spinner" aria-hidden="true" /> Running…
            </span>
          )}
          {!pending && outcome && `Finished in ${outcome.ms} ms.`}
        </div>
        {error && (
          <div className="run-tool-error" role="alert">
            The call did not go through: {error}
          </div>
        )}
        {outcome && (
          <section className="run-tool-result" aria-label="Result">
            <h3>Result</h3>
            <ContentView result={outcome.result} server={server} />
          </section>
        )}
      </div>
    </Dialog>
  );
}
