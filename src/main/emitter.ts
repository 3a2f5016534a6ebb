// A typed event: listeners are told in the order they came; one that throws is reported, or handed to the caller where the owner says so.
export type Listener<T> = (value: T) => void;

/**
 * For an owner whose caller must hear of a failing listener (a store's write): the error goes up from `emit`,
 * and the listeners after it are not told.
 */
export const toCaller = (error: unknown): never => {
  throw error;
};

/** One event of one kind; hand out `on` (as `onDidX`) and keep `emit` to the owner. */
export class Emitter<T> {
  private readonly listeners = new Set<Listener<T>>();

  /** `onListenerError` hears of a listener that threw (the host's log); the other listeners are still told. */
  constructor(
    private readonly onListenerError: (error: unknown) => void = (error) =>
      console.error('A listener failed:', error),
  ) {}

  /** Adds `listener`; the function it answers removes it (calling that again does nothing). */
  readonly on = (listener: Listener<T>): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Tells every listener there was when it began; one added meanwhile hears the next value. */
  emit(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /** How many listeners there are. */
  get size(): number {
    return this.listeners.size;
  }
}
