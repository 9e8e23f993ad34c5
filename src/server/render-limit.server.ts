/**
 * Bounded rendering (issue 17, decision 080): at most `concurrency` renders run at once in a
 * worker; the next ones wait in a first-come, first-served queue of at most `queue` places, each
 * for at most `queueMs`. Past that the visitor gets a quick refusal (the server answers 503 with
 * `Retry-After`) instead of every visitor waiting seconds behind an overloaded process.
 */
export interface RenderLimitOptions {
  concurrency: number
  queue: number
  queueMs: number
  /** Timers, replaceable in tests. */
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
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
  private readonly setTimer: (run: () => void, ms: number) => unknown
  private readonly clearTimer: (timer: unknown) => void

  constructor(private readonly options: RenderLimitOptions) {
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  }

  /** Renders running now, and visitors waiting for one. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  /** Runs `work` when a place is free; rejects with `Overloaded` when none comes in time. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) await this.wait()
    else this.running++
    try {
      return await work()
    } finally {
      this.release()
    }
  }

  private wait(): Promise<void> {
    if (this.waiting.length >= this.options.queue) return Promise.reject(new Overloaded('queue-full'))
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        // The place of the render that finished passes to this waiter: `running` stays the same.
        start: () => {
          this.clearTimer(waiter.timer)
          resolve()
        },
        timer: this.setTimer(() => {
          const at = this.waiting.indexOf(waiter)
          if (at >= 0) this.waiting.splice(at, 1)
          reject(new Overloaded('waited-too-long'))
        }, this.options.queueMs),
      }
      this.waiting.push(waiter)
    })
  }

  private release(): void {
    const next = this.waiting.shift()
    if (next) next.start()
    else this.running--
  }
}
