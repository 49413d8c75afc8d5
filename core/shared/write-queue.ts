/**
 * The bounded queue in front of the writes buyers send (docs/decisions/036-first-paint-and-bounded-writes.md).
 * The embedded database has one connection: under a burst, every enquiry waits for the ones before it, and
 * without a bound the last of them waits longer than a person or a client would (autocannon gave up on some
 * after 10 s). So at most `concurrency` writes run at once, at most `maxWaiting` wait their turn, and one
 * more is refused at once with WriteQueueFull: the caller answers 503 with Retry-After and has stored
 * nothing. A write that waited past `maxWaitMs` is refused the same way instead of starting late.
 */
/** What a refused writer is told: the API's error title, and the message the enquiry forms show above the kept form. */
export const BUSY_MESSAGE = "We are busy, please try again in a moment";

export class WriteQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(BUSY_MESSAGE);
    this.name = "WriteQueueFull";
  }
}

/** A write the queue refused, as a value (`attempt`): nothing was stored, try again after `retryAfterSeconds`. */
export type WriteRefused = { kind: "busy"; retryAfterSeconds: number };

export type WriteQueueLimits = {
  concurrency: number;
  maxWaiting: number;
  maxWaitMs: number;
  retryAfterSeconds: number;
};

/** PGlite: one connection, about 80 enquiries a second on the bench machine; 64 waiting is under a second's wait. */
export const EMBEDDED_WRITE_LIMITS: WriteQueueLimits = {
  concurrency: 2,
  maxWaiting: 64,
  maxWaitMs: 1_500,
  retryAfterSeconds: 2,
};
/** PostgreSQL: as many at once as the pool has connections. */
export const POSTGRES_WRITE_LIMITS: WriteQueueLimits = {
  concurrency: 10,
  maxWaiting: 200,
  maxWaitMs: 1_500,
  retryAfterSeconds: 2,
};

type Waiting = { start: () => void; timer: NodeJS.Timeout };

export class WriteQueue {
  private running = 0;
  private readonly waiting: Waiting[] = [];
  /** Writes refused since the start (queue full or waited too long): the metrics' counter. */
  private refused = 0;

  constructor(private readonly limits: WriteQueueLimits) {}

  /** Runs `work` when its turn comes; throws WriteQueueFull (before `work` starts) when the queue is full or the wait too long. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) await this.waitForTurn();
    else {
      this.running += 1;
      await nextTurnOfTheEventLoop();
    }
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** As `run`, with a refusal answered as a value instead of thrown: for callers that answer it themselves (the pages' forms). */
  async attempt<T>(work: () => Promise<T>): Promise<T | WriteRefused> {
    try {
      return await this.run(work);
    } catch (error) {
      if (error instanceof WriteQueueFull) return { kind: "busy", retryAfterSeconds: error.retryAfterSeconds };
      throw error;
    }
  }

  get stats() {
    return { running: this.running, waiting: this.waiting.length, refused: this.refused };
  }

  private waitForTurn(): Promise<void> {
    const { maxWaiting, maxWaitMs } = this.limits;
    if (this.waiting.length >= maxWaiting) return Promise.reject(this.refusal());
    return new Promise((start, refuse) => {
      const entry: Waiting = {
        start,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          refuse(this.refusal());
        }, maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  private refusal(): WriteQueueFull {
    this.refused += 1;
    return new WriteQueueFull(this.limits.retryAfterSeconds);
  }

  /** Hands the finished write's place to the next one waiting, on the event loop's next turn (see nextTurnOfTheEventLoop). */
  private release(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.running -= 1;
      return;
    }
    clearTimeout(next.timer);
    setImmediate(next.start);
  }
}

/**
 * Every write starts on a turn of the event loop of its own. PGlite runs a query synchronously on this thread
 * and answers through promises alone, so a write started at once, or handed its turn synchronously, runs to its
 * end before anything else happens: a burst of enquiries, each started as its request was read, held the loop
 * for long stretches (a page from memory then waited as long, and enquiries ran out of time). Started
 * with setImmediate, at most `concurrency` writes run per turn, and between turns requests are read, pages
 * answered and the waiting writes' time limits checked.
 */
function nextTurnOfTheEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
