/**
 * Bounded rendering (issue 17, decision 080): at most `concurrency` renders run at once in a
 * worker; the next ones wait in a first-come, first-served queue of at most `queue` places, each
 * for at most `queueMs`. Past that the visitor gets a quick refusal (the server answers 503 with
 * `Retry-After`) instead of every visitor waiting seconds behind an overloaded process.
 *
 * One render starts per turn of the event loop (decision 089). A render runs on promises alone
 * until it waits for the backend, so renders started in one turn run back to back before the
 * process reads a socket again. Node takes one new connection per turn: a visitor who had just
 * connected waited for every render of every open connection, turn after turn (1–3 s at 50
 * connections, while the median was 150 ms).
 */
export interface RenderLimitOptions {
  concurrency: number
  queue: number
  queueMs: number
  /** Timers, replaceable in tests. */
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
  /** Runs `run` in the next turn of the event loop (`setImmediate`); replaceable in tests. */
  nextTurn?: (run: () => void) => void
  /** Told of every visitor turned away, with the reason (the metrics count them). */
  onRefused?: (reason: Overloaded['reason']) => void
}

export class Overloaded extends Error {
  constructor(readonly reason: 'queue-full' | 'waited-too-long') {
    super(reason === 'queue-full' ? 'too many requests are waiting' : 'waited too long for a render')
    this.name = 'Overloaded'
  }
}

interface Waiter {
  start: () => void
  timer: unknown
}

export class RenderLimit {
  private running = 0
  private readonly waiting: Waiter[] = []
  /** Whether a turn is already asked for to start the next waiter. */
  private turnAsked = false
  private readonly setTimer: (run: () => void, ms: number) => unknown
  private readonly clearTimer: (timer: unknown) => void
  private readonly nextTurn: (run: () => void) => void

  constructor(private readonly options: RenderLimitOptions) {
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
    this.nextTurn = options.nextTurn ?? ((run) => void setImmediate(run))
  }

  /** Renders running now, and visitors waiting for one (or for their turn). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  /** Runs `work` when a place is free, in a turn of its own; rejects with `Overloaded` when none comes in time. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.wait()
    try {
      return await work()
    } finally {
      this.running--
      this.askTurn()
    }
  }

  private wait(): Promise<void> {
    // Only those who must wait for a render to end count against the queue: a burst that finds
    // free places is not refused while it waits for its turns.
    const free = this.options.concurrency - this.running
    if (this.waiting.length - free >= this.options.queue) return Promise.reject(this.refuse('queue-full'))
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          this.clearTimer(waiter.timer)
          resolve()
        },
        timer: this.setTimer(() => {
          const at = this.waiting.indexOf(waiter)
          if (at >= 0) this.waiting.splice(at, 1)
          reject(this.refuse('waited-too-long'))
        }, this.options.queueMs),
      }
      this.waiting.push(waiter)
      this.askTurn()
    })
  }

  private refuse(reason: Overloaded['reason']): Overloaded {
    this.options.onRefused?.(reason)
    return new Overloaded(reason)
  }

  /** Asks for a turn to start the first waiter, when there is one and a place for it. */
  private askTurn(): void {
    if (this.turnAsked || this.waiting.length === 0 || this.running >= this.options.concurrency) return
    this.turnAsked = true
    this.nextTurn(() => {
      this.turnAsked = false
      // Places are only taken here, so the one free when the turn was asked is still free; the
      // waiter may have been refused meanwhile.
      const next = this.waiting.shift()
      if (!next) return
      this.running++
      next.start()
      this.askTurn()
    })
  }
}
