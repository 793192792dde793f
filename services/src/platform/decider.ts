/**
 * The pure decider: state is a left fold of events; a command is decided against
 * the state into new events or a typed domain error. No IO, no clock: time comes
 * in with the command.
 */
export interface Decider<Command, Event, State> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

/** A refusal the user can act on; mapped to HTTP 4xx in one place. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly code: string = 'domain_rule',
    readonly status: 400 | 403 | 404 | 409 | 413 | 422 | 429 = 400,
    /** Extra fields for the answer, e.g. `attemptsLeft` or `timeLeft`. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function fold<Event, State>(
  evolve: (state: State, event: Event) => State,
  initial: State,
  events: readonly Event[],
): State {
  return events.reduce(evolve, initial);
}
