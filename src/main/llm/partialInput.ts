// A tool call's arguments as the model writes them: the text so far, parsed leniently, handed on at most once an interval.
import type { Json } from '../../shared/types';
import { aiRuntime } from './aiRuntime';

/** The clock and timer the throttle runs on; the real ones unless a test gives its own. */
export type Timers = {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type PartialInputOptions = {
  /** Least time between two parses (and two hand-ons). */
  intervalMs: number;
  /** Called with the arguments parsed so far, only when they differ from the last ones handed on. */
  onArgs(args: { [key: string]: Json }): void;
  parse?: (text: string) => Promise<Json | undefined>;
  timers?: Timers;
};

const REAL_TIMERS: Timers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Incomplete JSON as far as it goes (the AI SDK's repair of unclosed strings, arrays and objects); undefined when it cannot be read. */
export async function parsePartialArgs(text: string): Promise<Json | undefined> {
  const { parsePartialJson } = await aiRuntime();
  const { value, state } = await parsePartialJson(text);
  return state === 'successful-parse' || state === 'repaired-parse' ? (value as Json) : undefined;
}

/** The arguments of one call as they stream: `append` each piece of text, `close` once they are complete or abandoned. */
export class PartialInput {
  private text = '';
  private lastParse = Number.NEGATIVE_INFINITY;
  private timer: unknown;
  private closed = false;
  private handedOn = '';
  private started = 0;
  private applied = 0;
  private readonly timers: Timers;
  private readonly parse: (text: string) => Promise<Json | undefined>;

  constructor(private readonly options: PartialInputOptions) {
    this.timers = options.timers ?? REAL_TIMERS;
    this.parse = options.parse ?? parsePartialArgs;
  }

  append(delta: string): void {
    if (this.closed) return;
    this.text += delta;
    if (this.timer !== undefined) return;
    const wait = this.lastParse + this.options.intervalMs - this.timers.now();
    if (wait <= 0) {
      this.parseNow();
      return;
    }
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.parseNow();
    }, wait);
  }

  /** No more hand-ons: a parse under way is dropped, a waiting one never runs. */
  close(): void {
    this.closed = true;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private parseNow(): void {
    this.lastParse = this.timers.now();
    const order = ++this.started;
    // Text the parser cannot read hands on nothing new; the complete arguments come with the call.
    void this.parse(this.text)
      .catch(() => undefined)
      .then((value) => {
        // A later parse already handed on newer arguments, or the call ended meanwhile.
        if (this.closed || order < this.applied) return;
        this.applied = order;
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
        const json = JSON.stringify(value);
        if (json === this.handedOn) return;
        this.handedOn = json;
        this.options.onArgs(value);
      });
  }
}
