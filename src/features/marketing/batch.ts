/**
 * R9: analytics is batched: calls made within `delayMs` of the first queued call go out
 * together, at most `amount` per batch; a full batch goes at once, the rest waits for the next.
 * Pure apart from the timer functions, which are arguments (tests use fake timers).
 */
export interface BatcherOptions<T> {
  delayMs: number
  amount: number
  /** Sends one batch; its failure rejects the promises of that batch's items. */
  send: (items: T[]) => Promise<unknown>
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

export interface Batcher<T> {
  /** Queues an item; resolves when its batch was sent, rejects when sending failed. */
  add(item: T): Promise<void>
  /** Sends everything queued now, in batches of `amount`. */
  flush(): Promise<void>
  readonly pending: number
}

interface Entry<T> {
  item: T
  resolve: () => void
  reject: (error: unknown) => void
}

export function createBatcher<T>(options: BatcherOptions<T>): Batcher<T> {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>))
  const amount = Math.max(1, Math.floor(options.amount))
  let queue: Entry<T>[] = []
  let timer: unknown = null

  function sendBatch(batch: Entry<T>[]): Promise<void> {
    let sent: Promise<unknown>
    try {
      sent = options.send(batch.map((e) => e.item))
    } catch (error) {
      sent = Promise.reject(error)
    }
    return sent.then(
      () => {
        for (const e of batch) e.resolve()
      },
      (error: unknown) => {
        for (const e of batch) e.reject(error)
      },
    )
  }

  function takeBatch(): Promise<void> {
    const batch = queue.slice(0, amount)
    queue = queue.slice(amount)
    const done = sendBatch(batch)
    if (queue.length) schedule()
    return done
  }

  function schedule() {
    if (timer !== null) return
    timer = setTimer(() => {
      timer = null
      void takeBatch()
    }, options.delayMs)
  }

  return {
    add(item) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        if (queue.length >= amount) {
          if (timer !== null) {
            clearTimer(timer)
            timer = null
          }
          void takeBatch()
        } else {
          schedule()
        }
      })
    },
    async flush() {
      if (timer !== null) {
        clearTimer(timer)
        timer = null
      }
      const all: Promise<void>[] = []
      while (queue.length) {
        const batch = queue.slice(0, amount)
        queue = queue.slice(amount)
        all.push(sendBatch(batch))
      }
      await Promise.all(all)
    },
    get pending() {
      return queue.length
    },
  }
}
