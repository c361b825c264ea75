/**
 * The clean-up of a test's set-up, written once: each started thing registers how to undo it as it
 * starts, and `run()` undoes them in reverse order, every step even when an earlier one failed (so a
 * failed close never leaves a server or a temp folder behind), then rethrows the first failure.
 */
export interface UndoStack {
  /** Registers `step` to run at `run()`, before every step registered earlier. Returns `value` for chaining. */
  push<T>(value: T, step: (value: T) => unknown): T;
  /** Runs every registered step, newest first, once. */
  run(): Promise<void>;
}

export function createUndoStack(): UndoStack {
  const steps: (() => unknown)[] = [];
  return {
    push(value, step) {
      steps.push(() => step(value));
      return value;
    },
    async run() {
      const errors: unknown[] = [];
      for (const step of steps.splice(0).reverse()) {
        try {
          await step();
        } catch (e) {
          errors.push(e);
        }
      }
      if (errors.length > 0) throw errors[0];
    },
  };
}
